import type { TFile, TPublicAsset } from '@mqr/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '#web/lib/auth-store.ts';
import { formatCalendarDate, formatDateTime } from '#web/lib/dates.ts';
import { activateLocale, storeLanguage } from '#web/lib/i18n.ts';
import { jsonResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp, renderPublicAssetApp } from '#web/test/render-app.tsx';

const ORG = '01a1fcbb-8fad-767a-b9d7-6e17acc6f16c';
const SLUG = 'boiler-2-x7k2q9';
const PATH = `/public/orgs/${ORG}/assets/${SLUG}`;

function file(overrides: Partial<TFile>): TFile {
  return {
    id: 'f-1',
    objectKey: 'k/1',
    fileName: 'photo.jpg',
    contentType: 'image/jpeg',
    size: 2048,
    publicUrl: '/public/files/f-1',
    ...overrides,
  };
}

function publicAsset(overrides: Partial<TPublicAsset> = {}): TPublicAsset {
  return {
    name: 'Boiler 2',
    slug: SLUG,
    description: 'Basement plant room',
    organizationId: ORG,
    qrCodeUrl: `${PATH}/qr.png`,
    retiredAt: null,
    fields: [
      { label: 'Serial', value: 'SN-42' },
      { label: 'Colour', value: null },
    ],
    events: [
      {
        title: 'Annual service',
        notes: 'Replaced the filter.',
        recordedBy: 'Sam Tech',
        performedAt: '2026-03-02T09:30:00.000Z',
        taskStatus: 'Completed',
        taskStartedAt: '2026-03-02T09:00:00.000Z',
        taskStartedBy: 'Sam Tech',
        taskCompletedAt: '2026-03-02T11:00:00.000Z',
        taskCompletedBy: 'Kim Lead',
        dueOn: null,
        dueState: 'none',
        fields: [{ label: 'Pressure', value: '1.5 bar' }],
        files: [
          file({ id: 'f-2', fileName: 'after.png', contentType: 'image/png', publicUrl: '/f/after.png' }),
        ],
      },
      {
        title: 'Leak check',
        notes: null,
        recordedBy: null,
        performedAt: '2026-02-01T08:00:00.000Z',
        taskStatus: 'Pending',
        taskStartedAt: null,
        taskStartedBy: null,
        taskCompletedAt: null,
        taskCompletedBy: null,
        dueOn: null,
        dueState: 'none',
        fields: [],
        files: [],
      },
    ],
    eventsNextAfter: null,
    eventCount: 2,
    nextServiceDue: null,
    overdue: false,
    location: null,
    files: [
      file({ id: 'f-3', fileName: 'manual.pdf', contentType: 'application/pdf', publicUrl: '/f/manual.pdf' }),
      file({ id: 'f-4', fileName: 'README', contentType: '', publicUrl: '/f/readme' }),
      file({ id: 'f-5', fileName: 'front.jpg', contentType: 'image/jpeg', publicUrl: '/f/front.jpg' }),
    ],
    ...overrides,
  };
}

// The same page twice: the app's route (opened inside the app) and the lean page a scan opens (ADR 032).
describe.each([
  { where: 'in the app', renderApp },
  { where: 'on its lean page', renderApp: renderPublicAssetApp },
])('public asset page $where', ({ renderApp }) => {
  beforeEach(() => {
    authStore.logout();
  });

  it('writes typed custom values in the visitor’s language: Ja/Nein and German dates (ADR 118)', async () => {
    storeLanguage('de');
    await activateLocale('de');
    mockFetch({
      [PATH]: () =>
        jsonResponse(
          publicAsset({
            fields: [
              { label: 'Insured', value: 'true', dataType: 'Boolean' },
              { label: 'Leased', value: 'false', dataType: 'Boolean' },
              { label: 'Bought', value: '2026-03-01', dataType: 'Date' },
              { label: 'Serial', value: '2026-03-01', dataType: 'Text' },
            ],
          }),
        ),
    });
    renderApp(`/a/${ORG}/${SLUG}`);
    expect(await screen.findByText('Ja')).toBeInTheDocument();
    expect(screen.getByText('Nein')).toBeInTheDocument();
    expect(screen.getByText('01.03.2026')).toBeInTheDocument();
    // A Text field’s value stays as it was typed.
    expect(screen.getByText('2026-03-01')).toBeInTheDocument();
  });

  it('writes an event’s typed values in the visitor’s language too: 4.323, Ja/Nein, German dates (ADR 118)', async () => {
    storeLanguage('de');
    await activateLocale('de');
    const [service, check] = publicAsset().events;
    mockFetch({
      [PATH]: () =>
        jsonResponse(
          publicAsset({
            events: [
              {
                ...service!,
                fields: [
                  { label: 'Hours run', value: '4323', dataType: 'Number' },
                  { label: 'Passed', value: 'true', dataType: 'Boolean' },
                  { label: 'Leaking', value: 'false', dataType: 'Boolean' },
                  { label: 'Checked on', value: '2026-03-01', dataType: 'Date' },
                ],
              },
              // From an older server: a value without its type shows as stored.
              { ...check!, fields: [{ label: 'Hours run', value: '4000' }] },
            ],
          }),
        ),
    });
    renderApp(`/a/${ORG}/${SLUG}`);
    await screen.findByRole('heading', { name: 'Annual service' });
    const items = screen.getAllByRole('listitem').filter((li) => li.querySelector('h3'));
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('4.323')).toBeInTheDocument();
    expect(within(first).getByText('Ja')).toBeInTheDocument();
    expect(within(first).getByText('Nein')).toBeInTheDocument();
    expect(within(first).getByText('01.03.2026')).toBeInTheDocument();
    expect(within(second).getByText('4000')).toBeInTheDocument();
  });

  it('shows "Loading asset..." and then the asset without signing in', async () => {
    let answer: (() => void) | undefined;
    mockFetch({
      [PATH]: () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(jsonResponse(publicAsset()));
        }),
    });
    renderApp(`/a/${ORG}/${SLUG}`);
    expect(await screen.findByText('Loading asset...')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await screen.findByRole('heading', { level: 1, name: 'Boiler 2' })).toBeInTheDocument();
    expect(screen.getByText('Basement plant room')).toBeInTheDocument();
    expect(screen.getByText(`QR slug: ${SLUG}`)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for Boiler 2' })).toHaveAttribute(
      'src',
      `${PATH}/qr.png`,
    );
  });

  it('lists the asset details with a dash for no value, and no retired tag (the public sees no retired field)', async () => {
    mockFetch({ [PATH]: () => jsonResponse(publicAsset()) });
    renderApp(`/a/${ORG}/${SLUG}`);
    const details = (await screen.findByRole('heading', { name: 'Asset details' })).closest('section');
    if (!details) throw new Error('no details section');
    expect(within(details).getByText('SN-42')).toBeInTheDocument();
    expect(within(details).getByText('—')).toBeInTheDocument();
    expect(within(details).queryByText('retired')).toBeNull();
  });

  it('shows each event with its status pill, stamps, fields and files', async () => {
    mockFetch({ [PATH]: () => jsonResponse(publicAsset()) });
    renderApp(`/a/${ORG}/${SLUG}`);
    await screen.findByRole('heading', { name: 'Maintenance history' });
    const items = screen.getAllByRole('listitem').filter((li) => li.querySelector('h3'));
    expect(items).toHaveLength(2);
    const [service, leak] = items as [HTMLElement, HTMLElement];
    expect(within(service).getByRole('heading', { name: 'Annual service' })).toBeInTheDocument();
    expect(within(service).getByText('Completed')).toBeInTheDocument();
    expect(within(service).getByText(formatDateTime('2026-03-02T09:30:00.000Z'))).toBeInTheDocument();
    expect(within(service).getByText('Replaced the filter.')).toBeInTheDocument();
    expect(within(service).getByText('Recorded by Sam Tech')).toBeInTheDocument();
    expect(
      within(service).getByText(`Started ${formatDateTime('2026-03-02T09:00:00.000Z')} by Sam Tech`),
    ).toBeInTheDocument();
    expect(
      within(service).getByText(`Completed ${formatDateTime('2026-03-02T11:00:00.000Z')} by Kim Lead`),
    ).toBeInTheDocument();
    expect(within(service).getByText('Pressure')).toBeInTheDocument();
    expect(within(service).getByText('1.5 bar')).toBeInTheDocument();
    expect(within(service).getByRole('link', { name: /after\.png/ })).toHaveAttribute('href', '/f/after.png');

    expect(within(leak).getByText('Pending')).toBeInTheDocument();
    expect(within(leak).queryByText(/^Recorded by/)).toBeNull();
    expect(within(leak).queryByText(/^Started/)).toBeNull();
  });

  it('shows files as new-tab links: images as thumbnails, others with their extension label', async () => {
    mockFetch({ [PATH]: () => jsonResponse(publicAsset()) });
    renderApp(`/a/${ORG}/${SLUG}`);
    const files = (await screen.findByRole('heading', { name: 'Files' })).closest('section');
    if (!files) throw new Error('no files section');
    const links = within(files).getAllByRole('link');
    expect(links).toHaveLength(3);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const [pdf, readme, photo] = links as [HTMLElement, HTMLElement, HTMLElement];
    expect(pdf).toHaveAttribute('href', '/f/manual.pdf');
    expect(within(pdf).getByText('PDF')).toBeInTheDocument();
    expect(pdf.querySelector('img')).toBeNull();
    expect(within(readme).getByText('FILE')).toBeInTheDocument();
    expect(within(readme).getByText(/Unknown type/)).toBeInTheDocument();
    expect(photo.querySelector('img')).toHaveAttribute('src', '/f/front.jpg');
  });

  it('shows older events on request, says how many are shown, and adds their files', async () => {
    const first = publicAsset({ eventsNextAfter: 'cursor-1', eventCount: 3 });
    const older = {
      ...first.events[1]!,
      title: 'First inspection',
      performedAt: '2025-01-01T08:00:00.000Z',
      files: [file({ id: 'f-9', fileName: 'commissioning.pdf', contentType: 'application/pdf' })],
    };
    let answerOlder: (() => void) | undefined;
    const calls = mockFetch({
      [PATH]: () => jsonResponse(first),
      [`${PATH}/events`]: () =>
        new Promise<Response>((resolve) => {
          answerOlder = () => resolve(jsonResponse({ events: [older], nextAfter: null }));
        }),
    });
    const user = userEvent.setup();
    renderApp(`/a/${ORG}/${SLUG}`);
    expect(await screen.findByText('Showing 2 of 3 events')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older events' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    answerOlder?.();
    expect(await screen.findByRole('heading', { name: 'First inspection' })).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('after')).toBe('cursor-1');
    // All shown: no button and no count any more.
    expect(screen.queryByRole('button', { name: 'Show older events' })).toBeNull();
    expect(screen.queryByText(/^Showing/)).toBeNull();
    // On its event and in the Files card.
    expect(screen.getAllByRole('link', { name: /commissioning\.pdf/ })).toHaveLength(2);
  });

  it('says when older events cannot be loaded, and lets the visitor try again', async () => {
    mockFetch({
      [PATH]: () => jsonResponse(publicAsset({ eventsNextAfter: 'cursor-1', eventCount: 3 })),
      [`${PATH}/events`]: () => jsonResponse({ code: 'UNAVAILABLE', message: 'Down' }, 503),
    });
    const user = userEvent.setup();
    renderApp(`/a/${ORG}/${SLUG}`);
    await user.click(await screen.findByRole('button', { name: 'Show older events' }));
    expect(await screen.findByText('Unable to load older events. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show older events' })).toBeEnabled();
  });

  it('says when there is no maintenance yet', async () => {
    mockFetch({ [PATH]: () => jsonResponse(publicAsset({ events: [], files: [] })) });
    renderApp(`/a/${ORG}/${SLUG}`);
    expect(await screen.findByText('No recorded maintenance yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Files' })).toBeNull();
  });

  it('says when the asset is retired, and still shows its history', async () => {
    mockFetch({ [PATH]: () => jsonResponse(publicAsset({ retiredAt: '2026-02-01T00:00:00.000Z' })) });
    renderApp(`/a/${ORG}/${SLUG}`);
    expect(
      await screen.findByText('This asset is retired: it is no longer in service. Its history is kept.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Maintenance history' })).toBeInTheDocument();
  });

  it('shows the next service due, and an overdue badge when its task is late', async () => {
    const late = publicAsset({ nextServiceDue: '2026-03-01', overdue: true });
    late.events[1] = { ...late.events[1]!, dueOn: '2026-03-01', dueState: 'overdue' };
    mockFetch({ [PATH]: () => jsonResponse(late) });
    const view = renderApp(`/a/${ORG}/${SLUG}`);
    const due = await screen.findByText(`Next service due ${formatCalendarDate('2026-03-01')}`);
    const line = due.closest('p')!;
    expect(within(line).getByText('Overdue')).toBeInTheDocument();
    // The task itself says it too, with its date.
    const task = screen.getByRole('heading', { level: 3, name: 'Leak check' }).closest('li')!;
    expect(within(task).getByText('Overdue')).toBeInTheDocument();
    expect(task).toHaveTextContent(`Due ${formatCalendarDate('2026-03-01')}`);
    // Not performed yet: no performed date beside the due date (ADR 096).
    expect(within(task).queryByText(formatDateTime(late.events[1]!.performedAt))).toBeNull();
    view.unmount();

    mockFetch({ [PATH]: () => jsonResponse(publicAsset({ nextServiceDue: '2026-04-01', overdue: false })) });
    renderApp(`/a/${ORG}/${SLUG}`);
    const inDate = await screen.findByText(`Next service due ${formatCalendarDate('2026-04-01')}`);
    expect(within(inDate.closest('p')!).queryByText('Overdue')).toBeNull();
  });

  it('says nothing of a next service when none is planned', async () => {
    mockFetch({ [PATH]: () => jsonResponse(publicAsset()) });
    renderApp(`/a/${ORG}/${SLUG}`);
    await screen.findByRole('heading', { level: 1, name: 'Boiler 2' });
    expect(screen.queryByText(/Next service due/)).toBeNull();
  });

  it('shows no retirement notice for an asset in service', async () => {
    mockFetch({ [PATH]: () => jsonResponse(publicAsset()) });
    renderApp(`/a/${ORG}/${SLUG}`);
    await screen.findByRole('heading', { level: 1, name: 'Boiler 2' });
    expect(screen.queryByText(/This asset is retired/)).toBeNull();
  });

  it('shows the error message for an unknown asset', async () => {
    mockFetch({ [PATH]: () => jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404) });
    renderApp(`/a/${ORG}/${SLUG}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to load asset. Please check the QR code or try again later.',
    );
  });
});
