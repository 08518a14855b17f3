import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_ID, asset, ORG_ID } from '#web/features/assets/asset-fixtures.ts';
import { assetKeys } from '#web/features/assets/index.ts';
import { maintenanceEvent } from '#web/features/events/event-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import {
  captureDownloads,
  currentUser,
  jsonResponse,
  loginResponse,
  mockFetch,
  pdfResponse,
} from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

const stored = asset({
  fields: [
    { fieldId: 'f1', label: 'Serial number', value: 'SN-1', isActive: true },
    { fieldId: 'f2', label: 'Old code', value: null, isActive: false },
  ],
});

function setup(
  assetResponse: () => Response = () => jsonResponse(stored),
  more: Record<string, () => Response> = {},
) {
  authStore.login(loginResponse({ organizationId: ORG_ID }), 'alex@example.com');
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ organizationId: ORG_ID })),
    '/api/auth/organization': () => jsonResponse({ id: ORG_ID, name: 'Acme', logoUrl: null }),
    [`/api/assets/${ASSET_ID}`]: assetResponse,
    [`/api/assets/${ASSET_ID}/qr.png`]: () =>
      new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    '/api/schedules': () => jsonResponse([]),
    [`/api/assets/${ASSET_ID}/moves`]: () => jsonResponse([]),
    [`/api/assets/${ASSET_ID}/meters`]: () => jsonResponse([]),
    ...more,
  });
}

const PLANT = '0193f8a0-0000-7000-8000-00000000010a';
const BOILER_ROOM = '0193f8a0-0000-7000-8000-00000000010c';
const PUMP = '0193f8a0-0000-7000-8000-0000000000b1';
const MOTOR = '0193f8a0-0000-7000-8000-0000000000b2';

describe('asset detail', () => {
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  beforeEach(() => {
    authStore.logout();
    URL.createObjectURL = vi.fn(() => 'blob:qr-image');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
    vi.restoreAllMocks();
  });

  it('shows the external ID beside the slug when the asset has one (ADR 092)', async () => {
    setup(() => jsonResponse({ ...stored, externalId: 'ICC-2065556' }));
    renderApp(`/assets/${ASSET_ID}`);
    expect(await screen.findByText('ICC-2065556')).toBeInTheDocument();
    expect(screen.getByText('ICC-2065556').closest('p')).toHaveTextContent(
      'Slug: boiler-3-x7k2 · External ID: ICC-2065556',
    );
  });

  it('shows the header, the asset details and the QR card', async () => {
    const calls = setup();
    renderApp(`/assets/${ASSET_ID}`);
    expect(await screen.findByRole('heading', { name: 'Boiler 3', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Basement boiler')).toBeInTheDocument();
    expect(screen.getByText('boiler-3-x7k2').closest('p')).toHaveTextContent('Slug: boiler-3-x7k2');
    expect(screen.queryByText(/External ID/)).not.toBeInTheDocument();
    const publicLink = screen.getByRole('link', { name: 'Open public page' });
    expect(publicLink).toHaveAttribute('href', `/a/${ORG_ID}/boiler-3-x7k2`);
    expect(publicLink).toHaveAttribute('target', '_blank');
    expect(publicLink).toHaveAttribute('rel', 'noopener');
    expect(screen.getByRole('link', { name: 'Edit asset' })).toHaveAttribute(
      'href',
      `/assets/${ASSET_ID}/edit`,
    );
    const details = screen.getByRole('region', { name: 'Asset details' });
    expect(within(details).getByText('SN-1')).toBeInTheDocument();
    expect(within(details).getByText('retired')).toBeInTheDocument();

    const image = await screen.findByRole('img', { name: 'QR code for Boiler 3' });
    expect(image).toHaveAttribute('src', 'blob:qr-image');
    const qrCall = calls.find((c) => c.url.pathname.endsWith('/qr.png'));
    expect(new Headers(qrCall?.init.headers).get('Authorization')).toBe('Bearer token-1');
    expect(screen.getByLabelText('Public URL')).toHaveValue(stored.publicUrl);
    const events = screen.getByRole('region', { name: 'Maintenance events' });
    expect(within(events).getByRole('button', { name: 'Add maintenance event' })).toBeInTheDocument();
    expect(within(events).getByText('No recorded maintenance yet.')).toBeInTheDocument();
  });

  it('links its location and its parent, and lists its components with their tasks and due work', async () => {
    const calls = setup(
      () =>
        jsonResponse({
          ...stored,
          location: { id: BOILER_ROOM, name: 'Boiler room', path: 'Plant A / Boiler room' },
          parentAsset: { id: PUMP, name: 'Pump 1', slug: 'pump-1' },
          componentCount: 1,
        }),
      {
        [`/api/assets/${ASSET_ID}/components`]: () =>
          jsonResponse(
            {
              items: [
                {
                  id: MOTOR,
                  name: 'Motor',
                  slug: 'motor',
                  locationId: null,
                  retiredAt: null,
                  openTasks: 2,
                  overdueTasks: 1,
                  componentCount: 0,
                  nextServiceDue: '2026-01-03',
                  overdue: true,
                },
              ],
              rollup: { components: 1, openTasks: 3, overdue: 1, dueSoon: 0 },
            },
            200,
            { 'X-Total-Count': '1', 'X-Page': '1', 'X-Page-Size': '20' },
          ),
      },
    );
    renderApp(`/assets/${ASSET_ID}`);
    expect(await screen.findByRole('link', { name: 'Plant A / Boiler room' })).toHaveAttribute(
      'href',
      `/locations/${BOILER_ROOM}`,
    );
    expect(screen.getByRole('link', { name: 'Pump 1' })).toHaveAttribute('href', `/assets/${PUMP}`);
    const components = await screen.findByRole('region', { name: 'Components' });
    expect(
      await within(components).findByText('1 component, 3 open tasks with this asset’s own.'),
    ).toBeInTheDocument();
    const row = within(components).getByRole('link', { name: 'Motor' }).closest('tr')!;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.endsWith('/components'))).toBe(true);
  });

  it('shows its moves between locations, with who moved it', async () => {
    setup(undefined, {
      [`/api/assets/${ASSET_ID}/moves`]: () =>
        jsonResponse([
          {
            id: 'm1',
            movedAt: '2026-03-04T10:00:00.000Z',
            movedBy: 'Alex Admin',
            fromLocationId: PLANT,
            fromPath: 'Plant A',
            toLocationId: BOILER_ROOM,
            toPath: 'Plant A / Boiler room',
          },
          {
            id: 'm0',
            movedAt: '2026-03-01T10:00:00.000Z',
            movedBy: null,
            fromLocationId: null,
            fromPath: null,
            toLocationId: null,
            toPath: 'Old store',
          },
        ]),
    });
    renderApp(`/assets/${ASSET_ID}`);
    const history = await screen.findByRole('region', { name: 'Location history' });
    const [newest, oldest] = within(history).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Moved from Plant A to Plant A / Boiler room');
    expect(newest).toHaveTextContent(/By Alex Admin, /);
    expect(within(newest!).getByRole('link', { name: 'Plant A / Boiler room' })).toHaveAttribute(
      'href',
      `/locations/${BOILER_ROOM}`,
    );
    // A deleted location is no link; no location reads as such.
    expect(oldest).toHaveTextContent('Moved from No location to Old store');
    expect(within(oldest!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('downloads the QR code as {slug}-qr.png', async () => {
    setup();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    await screen.findByRole('img', { name: 'QR code for Boiler 3' });
    await user.click(screen.getByRole('button', { name: 'Download QR' }));
    expect(clicks).toEqual(['boiler-3-x7k2-qr.png blob:qr-image']);
  });

  it('prints the QR code in a new window', async () => {
    setup();
    const doc = document.implementation.createHTMLDocument('print');
    const fake = { document: doc, focus: vi.fn(), print: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => fake as unknown as Window);
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    await screen.findByRole('img', { name: 'QR code for Boiler 3' });
    await user.click(screen.getByRole('button', { name: 'Print QR' }));
    expect(open).toHaveBeenCalledOnce();
    expect(doc.body.textContent).toContain('Boiler 3');
    expect(doc.body.textContent).toContain(stored.publicUrl);
    const image = doc.querySelector('img');
    expect(image?.getAttribute('src')).toBe('blob:qr-image');
    image?.dispatchEvent(new Event('load'));
    expect(fake.print).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains a blocked print window', async () => {
    setup();
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    await screen.findByRole('img', { name: 'QR code for Boiler 3' });
    await user.click(screen.getByRole('button', { name: 'Print QR' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to open print preview. Allow pop-ups for this site, then try again. Please try downloading the QR code instead.',
    );
  });

  it('prints the label of this asset from the QR card, on a label printer roll', async () => {
    const calls = setup(undefined, {
      'POST /api/labels': () => pdfResponse(),
      '/api/fields': () => jsonResponse([]),
    });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const qrCard = await screen.findByRole('region', { name: 'QR code' });
    await user.click(within(qrCard).getByRole('button', { name: 'Print label' }));
    const dialog = screen.getByRole('dialog', { name: 'Print labels' });
    expect(within(dialog).getByText('1 label on 1 sheet.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Label layout'), 'roll-2x1in');
    await user.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(await within(dialog).findByText('The PDF is downloaded.')).toBeInTheDocument();
    expect(downloads).toEqual(['labels-2026-11-26.pdf']);
    const request = calls.find((call) => call.url.pathname === '/api/labels');
    expect(JSON.parse(String(request?.init.body))).toMatchObject({
      assetIds: [ASSET_ID],
      layout: 'roll-2x1in',
    });
  });

  it('loads older events under the newest ones on request', async () => {
    const newest = maintenanceEvent({ id: 'e-new', title: 'Weekly check' });
    const oldest = maintenanceEvent({ id: 'e-old', title: 'Commissioning' });
    const calls = setup(
      () => jsonResponse(asset({ events: [newest], eventsNextAfter: 'e-new', eventCount: 2 })),
      {
        [`/api/assets/${ASSET_ID}/events`]: () => jsonResponse({ events: [oldest], nextAfter: null }),
      },
    );
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    expect(await screen.findByText('Showing 1 of 2 events')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older events' }));
    expect(await screen.findByRole('heading', { name: 'Commissioning' })).toBeInTheDocument();
    const events = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(events).toEqual(['Weekly check', 'Commissioning']);
    expect(calls.find((call) => call.url.pathname.endsWith('/events'))?.url.searchParams.get('after')).toBe(
      'e-new',
    );
  });

  it('shows the load error', async () => {
    setup(() => jsonResponse({ code: 'NOT_FOUND', message: 'Asset not found.' }, 404));
    renderApp(`/assets/${ASSET_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to load asset. Ensure the API is running.',
    );
  });

  describe('offline', () => {
    afterEach(() => onlineManager.setOnline(true));

    it('an asset not kept on this device: says the device is offline and what can still be done, never an error; back online, the page', async () => {
      const calls = setup();
      onlineManager.setOnline(false);
      renderApp(`/assets/${ASSET_ID}`);
      const notice = await screen.findByText('You are offline.');
      expect(notice.closest('[role="status"]')).toHaveTextContent(
        'You are offline. This asset was not kept on this device: open it once while online to keep it. You can still record work on the assets kept on this device.',
      );
      expect(screen.queryByRole('alert')).toBeNull();
      expect(calls.some((call) => call.url.pathname === `/api/assets/${ASSET_ID}`)).toBe(false);
      onlineManager.setOnline(true);
      expect(await screen.findByRole('heading', { name: 'Boiler 3', level: 1 })).toBeInTheDocument();
    });

    it('an asset kept without its schedules: the page, and the schedules section says they were not kept', async () => {
      setup();
      onlineManager.setOnline(false);
      const { queryClient } = renderApp(`/assets/${ASSET_ID}`);
      queryClient.setQueryData(assetKeys.detail(ASSET_ID), stored, {
        updatedAt: Date.parse('2026-05-03T13:00:00Z'),
      });
      expect(await screen.findByRole('heading', { name: 'Boiler 3', level: 1 })).toBeInTheDocument();
      // What the page shows is what the device read then (ADR 127).
      expect(screen.getByText(/^Offline: last seen at .*2026/)).toBeInTheDocument();
      const planned = screen.getByRole('region', { name: 'Planned maintenance' });
      expect(await within(planned).findByRole('status')).toHaveTextContent(
        'You are offline. The planned maintenance of this asset was not kept on this device. You can still record work on this asset.',
      );
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
