import { i18n } from '@lingui/core';
import {
  EVENT_MESSAGES,
  type TMaintenanceEvent,
  UPLOAD_MESSAGES,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@mqr/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_ID, asset, ORG_ID } from '#web/features/assets/asset-fixtures.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { currentUser, jsonResponse, loginResponse, mockFetch } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import { EVENT_FIELDS, eventFile, maintenanceEvent } from '../event-fixtures.ts';
import { FakeXhr } from '../fake-xhr.ts';
import { EVENT_TEXTS } from '../texts.ts';
import { toDateTimeLocal } from './event-form-values.ts';

const { pressure, part, oldCode } = EVENT_FIELDS;
const DEFINITIONS = [pressure, part, oldCode];

const photo = eventFile({ id: 'file-1', objectKey: 'org/a/photo.jpg', fileName: 'photo.jpg' });
const manual = eventFile({
  id: 'file-2',
  objectKey: 'org/a/manual.pdf',
  fileName: 'manual.pdf',
  contentType: 'application/pdf',
  size: 900,
});
const existing = maintenanceEvent({
  id: 'e-1',
  title: 'Annual service',
  notes: 'Replaced the filter.',
  recordedBy: 'Sam Tech',
  fields: [
    { fieldId: pressure.id, label: 'Pressure', value: '1.5' },
    { fieldId: part.id, label: 'Part', value: 'Filter' },
    { fieldId: oldCode.id, label: 'Old code', value: 'OC-1' },
  ],
  files: [photo, manual],
});

type THandlers = Parameters<typeof mockFetch>[0];

const MAX_BYTES = 1024 * 1024;
/** The first render loads the lazy route, which takes a while on a busy machine. */
const LOAD_TIMEOUT = 5000;

function setup(handlers: THandlers = {}, events: TMaintenanceEvent[] = [existing]) {
  authStore.login(loginResponse({ organizationId: ORG_ID, displayName: 'Alex Admin' }), 'alex@example.com');
  // biome-ignore lint/suspicious/noDocumentCookie: the XSRF cookie the server would set
  document.cookie = `${XSRF_COOKIE}=xsrf-1; path=/`;
  let presigned = 0;
  return mockFetch({
    '/api/auth/me': () => jsonResponse(currentUser({ organizationId: ORG_ID, displayName: 'Alex Admin' })),
    '/api/auth/organization': () => jsonResponse({ id: ORG_ID, name: 'Acme', logoUrl: null }),
    '/api/client-config': () =>
      jsonResponse({
        supportEmail: 'help@example.com',
        publicBaseUrl: 'http://localhost',
        maxUploadBytes: MAX_BYTES,
      }),
    '/api/fields': () => jsonResponse(DEFINITIONS),
    [`GET /api/assets/${ASSET_ID}`]: () => jsonResponse(asset({ events })),
    [`/api/assets/${ASSET_ID}/qr.png`]: () =>
      new Response('png', { headers: { 'Content-Type': 'image/png' } }),
    'POST /api/uploads/presign': (_url, init) => {
      presigned += 1;
      const { fileName, contentType } = JSON.parse(String(init.body));
      return jsonResponse({
        uploadUrl: `/api/uploads/local/org/u${presigned}?contentType=${encodeURIComponent(contentType)}`,
        objectKey: `org/u${presigned}-${fileName}`,
        expiresAt: '2026-12-01T00:00:00.000Z',
        maxBytes: MAX_BYTES,
      });
    },
    ...handlers,
  });
}

function bodyOf(calls: ReturnType<typeof mockFetch>, method: string) {
  const call = calls.find((c) => c.init.method === method && c.url.pathname.includes('/events'));
  return call ? JSON.parse(String(call.init.body)) : undefined;
}

async function openComposer(user: ReturnType<typeof userEvent.setup>, button: 'Add' | 'Edit') {
  const opener = await screen.findByRole(
    'button',
    { name: button === 'Add' ? 'Add maintenance event' : 'Edit event' },
    { timeout: LOAD_TIMEOUT },
  );
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', {
    name: button === 'Add' ? 'Add maintenance event' : 'Edit maintenance event',
  });
  await within(dialog).findByLabelText('Title', {}, { timeout: LOAD_TIMEOUT });
  return { dialog, opener };
}

/** Opens "Add maintenance event" and fills what it requires (title and the required Part). */
async function openFilledComposer(user: ReturnType<typeof userEvent.setup>) {
  const { dialog } = await openComposer(user, 'Add');
  const form = within(dialog);
  await user.type(form.getByLabelText('Title'), 'Leak check');
  await user.selectOptions(form.getByLabelText('Part'), 'Filter');
  return { dialog, form };
}

function pressEscape(dialog: HTMLElement) {
  fireEvent(dialog, new Event('cancel', { cancelable: true }));
}

function deferred() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('event composer', () => {
  beforeEach(() => {
    authStore.logout();
    FakeXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    URL.createObjectURL = vi.fn(() => 'blob:qr');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('adds an event: defaults, validation messages, then the payload with startTask', async () => {
    const calls = setup({
      [`POST /api/assets/${ASSET_ID}/events`]: () => jsonResponse(maintenanceEvent({ id: 'e-2' }), 201),
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const { dialog, opener } = await openComposer(user, 'Add');
    const form = within(dialog);

    expect(form.getByLabelText('Recorded by')).toHaveValue('Alex Admin');
    expect(form.getByLabelText('Performed at')).toHaveAttribute('type', 'datetime-local');
    expect(form.getByLabelText('Performed at')).toHaveValue(toDateTimeLocal(new Date()));
    expect(form.getByLabelText('Start task immediately')).toBeChecked();
    expect(form.queryByLabelText('Old code')).toBeNull();
    expect(form.getByLabelText('Attachments')).toHaveAttribute('multiple');

    await user.click(form.getByRole('button', { name: 'Save event' }));
    expect(await form.findByText(EVENT_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(form.getByLabelText('Part')).toHaveAccessibleDescription('Please provide a valid value.');
    await user.type(form.getByLabelText('Pressure'), '1,5');
    await user.click(form.getByLabelText('Title'));
    await user.paste('t'.repeat(201));
    await user.click(form.getByRole('button', { name: 'Save event' }));
    expect(await form.findByText(EVENT_MESSAGES.titleTooLong)).toBeInTheDocument();
    expect(form.getByLabelText('Pressure')).toHaveAccessibleDescription('Please provide a valid value.');
    expect(bodyOf(calls, 'POST')).toBeUndefined();

    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), '  Leak check  ');
    await user.type(form.getByLabelText('Notes'), 'Found a drip.');
    await user.clear(form.getByLabelText('Pressure'));
    await user.type(form.getByLabelText('Pressure'), '2');
    await user.selectOptions(form.getByLabelText('Part'), 'Belt');
    fireEvent.change(form.getByLabelText('Performed at'), { target: { value: '2026-03-02T09:30' } });
    await user.click(form.getByRole('button', { name: 'Save event' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
    expect(bodyOf(calls, 'POST')).toEqual({
      title: 'Leak check',
      notes: 'Found a drip.',
      recordedBy: 'Alex Admin',
      performedAt: new Date(2026, 2, 2, 9, 30).toISOString(),
      startTask: true,
      priority: 'normal',
      fields: [
        { fieldId: pressure.id, value: '2' },
        { fieldId: part.id, value: 'Belt' },
      ],
      files: [],
    });
    const loads = calls.filter(
      (c) => c.url.pathname === `/api/assets/${ASSET_ID}` && c.init.method === 'GET',
    );
    expect(loads.length).toBe(2);
  });

  it('sends startTask false when the box is cleared', async () => {
    const calls = setup({
      [`POST /api/assets/${ASSET_ID}/events`]: () => jsonResponse(maintenanceEvent({ id: 'e-2' }), 201),
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const { form } = await openFilledComposer(user);
    await user.click(form.getByLabelText('Start task immediately'));
    await user.click(form.getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls, 'POST')).toMatchObject({ startTask: false });
    // Performed at was left at "now": the server stamps the save time.
    expect(bodyOf(calls, 'POST')).not.toHaveProperty('performedAt');
  });

  it('edits an event: prefilled, no startTask, kept and new files in the payload', async () => {
    const calls = setup({
      [`PUT /api/assets/${ASSET_ID}/events/e-1`]: () => jsonResponse(existing),
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const { dialog } = await openComposer(user, 'Edit');
    const form = within(dialog);
    expect(form.getByLabelText('Title')).toHaveValue('Annual service');
    expect(form.getByLabelText('Notes')).toHaveValue('Replaced the filter.');
    expect(form.getByLabelText('Recorded by')).toHaveValue('Sam Tech');
    expect(form.getByLabelText('Performed at')).toHaveValue(toDateTimeLocal(existing.performedAt));
    expect(form.getByLabelText('Pressure')).toHaveValue('1.5');
    expect(form.getByLabelText('Old code')).toBeDisabled();
    expect(form.queryByLabelText('Start task immediately')).toBeNull();

    const attached = form.getByRole('list', { name: 'Attached files' });
    expect(within(attached).getByText('photo.jpg')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Remove photo.jpg' }));
    expect(form.getByRole('button', { name: 'Keep photo.jpg' })).toBeInTheDocument();
    expect(within(attached).getByText('Removed when you save')).toBeInTheDocument();

    await user.upload(
      form.getByLabelText('Attachments'),
      new File(['0123456789'], 'notes.txt', { type: 'text/plain' }),
    );
    const bar = form.getByRole('progressbar', { name: 'notes.txt' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(form.getByText('Ready to upload')).toBeInTheDocument();

    await user.clear(form.getByLabelText('Notes'));
    await user.click(form.getByRole('button', { name: 'Save event' }));
    expect(await form.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const request = FakeXhr.sent[0] as FakeXhr;
    expect(request.method).toBe('PUT');
    expect(request.url).toMatch(/^\/api\/uploads\/local\/org\/u1\?/);
    expect(request.headers).toEqual({ 'Content-Type': 'text/plain', [XSRF_HEADER]: 'xsrf-1' });
    act(() => request.progress(4, 10));
    expect(form.getByRole('progressbar', { name: 'notes.txt' })).toHaveAttribute('aria-valuenow', '40');
    act(() => request.respond(200));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = bodyOf(calls, 'PUT');
    expect(body).not.toHaveProperty('startTask');
    expect(body).toMatchObject({
      title: 'Annual service',
      notes: null,
      recordedBy: 'Sam Tech',
      performedAt: existing.performedAt,
      fields: [
        { fieldId: pressure.id, value: '1.5' },
        { fieldId: part.id, value: 'Filter' },
      ],
      files: [
        { objectKey: 'org/a/manual.pdf', fileName: 'manual.pdf', contentType: 'application/pdf', size: 900 },
        { objectKey: 'org/u1-notes.txt', fileName: 'notes.txt', contentType: 'text/plain', size: 10 },
      ],
    });
  });

  it('refuses files over the size limit and lets a chosen file be removed', async () => {
    setup();
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const { dialog } = await openComposer(user, 'Add');
    const form = within(dialog);
    await waitFor(() => expect(form.getByText('Up to 1 MB per file.')).toBeInTheDocument());
    await user.upload(form.getByLabelText('Attachments'), [
      new File(['x'.repeat(MAX_BYTES + 1)], 'huge.bin'),
      new File(['ok'], 'small.bin'),
    ]);
    expect(form.getByRole('alert')).toHaveTextContent('"huge.bin" is too large. Files must be at most 1 MB.');
    expect(form.queryByRole('progressbar', { name: 'huge.bin' })).toBeNull();
    expect(form.getByRole('progressbar', { name: 'small.bin' })).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Remove small.bin' }));
    expect(form.queryByRole('progressbar', { name: 'small.bin' })).toBeNull();
  });

  it('does not save when an upload fails, keeps the form, and retries only the failed file', async () => {
    const calls = setup({
      [`POST /api/assets/${ASSET_ID}/events`]: () => jsonResponse(maintenanceEvent({ id: 'e-2' }), 201),
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const { form } = await openFilledComposer(user);
    await user.upload(form.getByLabelText('Attachments'), [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.dat'),
    ]);
    await user.click(form.getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [first, second] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect(second.headers['Content-Type']).toBe('application/octet-stream');
    act(() => first.respond(200));
    act(() => second.respond(500));

    expect(await form.findByText(i18n._(EVENT_TEXTS.uploadFailed))).toBeInTheDocument();
    expect(form.getByText('Upload failed')).toBeInTheDocument();
    expect(form.getByText('Uploaded')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST')).toBeUndefined();
    expect(form.getByLabelText('Title')).toHaveValue('Leak check');
    expect(form.getByRole('button', { name: 'Save event' })).toBeEnabled();

    await user.click(form.getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    act(() => (FakeXhr.sent[2] as FakeXhr).respond(201));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls, 'POST').files.map((f: { fileName: string }) => f.fileName)).toEqual([
      'a.png',
      'b.dat',
    ]);
  });

  it('shows the save failure with the server field errors under their inputs', async () => {
    setup({
      [`POST /api/assets/${ASSET_ID}/events`]: () =>
        jsonResponse(
          {
            code: 'VALIDATION',
            message: 'Invalid',
            fields: [
              { path: 'title', message: 'Title is taken.' },
              { path: `fields.${pressure.id}`, message: 'Please provide a valid value.' },
            ],
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const { form } = await openFilledComposer(user);
    await user.click(form.getByRole('button', { name: 'Save event' }));
    expect(await form.findByRole('alert')).toHaveTextContent(i18n._(EVENT_TEXTS.saveFailed));
    expect(form.getByLabelText('Title')).toHaveAccessibleDescription('Title is taken.');
    expect(form.getByLabelText('Pressure')).toHaveAccessibleDescription('Please provide a valid value.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('uploads the files again after the server refused them', async () => {
    let saves = 0;
    const calls = setup({
      [`POST /api/assets/${ASSET_ID}/events`]: () => {
        saves += 1;
        return saves === 1
          ? jsonResponse(
              {
                code: 'VALIDATION',
                message: 'Invalid',
                fields: [{ path: 'files.0.objectKey', message: UPLOAD_MESSAGES.missingObject }],
              },
              400,
            )
          : jsonResponse(maintenanceEvent({ id: 'e-2' }), 201);
      },
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const { form } = await openFilledComposer(user);
    await user.upload(form.getByLabelText('Attachments'), new File(['a'], 'a.png', { type: 'image/png' }));
    await user.click(form.getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => (FakeXhr.sent[0] as FakeXhr).respond(200));
    expect(await form.findByText(UPLOAD_MESSAGES.missingObject)).toBeInTheDocument();
    expect(form.getByText(i18n._(EVENT_TEXTS.saveFailed))).toBeInTheDocument();
    expect(form.getByText('Ready to upload')).toBeInTheDocument();

    await user.click(form.getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() => (FakeXhr.sent[1] as FakeXhr).respond(200));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((c) => c.init.method === 'POST' && c.url.pathname.endsWith('/events'));
    expect(JSON.parse(String(posts[1]?.init.body)).files[0].objectKey).toBe('org/u2-a.png');
  });

  it('does not close on Escape, the close button or the backdrop while saving', async () => {
    const answer = deferred();
    setup({ [`POST /api/assets/${ASSET_ID}/events`]: () => answer.promise });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const { dialog, form } = await openFilledComposer(user);
    await user.click(form.getByRole('button', { name: 'Save event' }));
    expect(await form.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(form.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    pressEscape(dialog);
    const close = form.getByRole('button', { name: 'Close' });
    expect(close).toBeDisabled();
    await user.click(close);
    await user.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    answer.release(jsonResponse(maintenanceEvent({ id: 'e-2' }), 201));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on Escape and on the close button when idle, keeping nothing', async () => {
    const calls = setup();
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    const first = await openComposer(user, 'Add');
    pressEscape(first.dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(first.opener).toHaveFocus();
    const second = await openComposer(user, 'Add');
    await user.click(within(second.dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
  });

  it('still works without custom fields when their definitions fail to load', async () => {
    const calls = setup({
      '/api/fields': () => jsonResponse({ code: 'FORBIDDEN', message: 'No' }, 403),
      [`POST /api/assets/${ASSET_ID}/events`]: () => jsonResponse(maintenanceEvent({ id: 'e-2' }), 201),
    });
    const user = userEvent.setup();
    renderApp(`/assets/${ASSET_ID}`);
    await user.click(
      await screen.findByRole('button', { name: 'Add maintenance event' }, { timeout: LOAD_TIMEOUT }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(i18n._(EVENT_TEXTS.fieldsLoadFailed))).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Leak check');
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls, 'POST')).toMatchObject({ title: 'Leak check', fields: [] });
  });
});
