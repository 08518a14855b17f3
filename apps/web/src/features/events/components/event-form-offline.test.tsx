import type { TAsset, TPendingTask } from '@mqr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asset } from '#web/features/assets/asset-fixtures.ts';
import { assetKeys } from '#web/features/assets/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { authStore } from '#web/lib/auth-store.ts';
import { OfflineWritesContext, type TOfflineWrites } from '#web/lib/offline-writes.ts';
import type { TPage } from '#web/lib/paged-response.ts';
import { loginResponse } from '#web/test/fixtures.ts';
import { useTaskAction } from '../api/task-action.ts';
import { taskKeys } from '../api/task-keys.ts';
import { maintenanceEvent } from '../event-fixtures.ts';
import { pendingTask } from '../task-fixtures.ts';
import { EventForm } from './event-form.tsx';

// The requests go through the API client: a save or a task action offline sends nothing.
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('#web/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiRequest: api.apiRequest,
}));
/** The writes sent to the server (a save or a task action is a POST). */
const sentWrites = () => api.apiRequest.mock.calls.filter(([, init]) => init?.method === 'POST');

function offlineLayer(offline: boolean) {
  const writes: TOfflineWrites = {
    isOffline: () => offline,
    queue: vi.fn(async () => {}),
    findScannedAsset: vi.fn(async () => null),
  };
  const client = new QueryClient({ defaultOptions: { mutations: { networkMode: 'always' } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <OfflineWritesContext value={writes}>{children}</OfflineWritesContext>
    </QueryClientProvider>
  );
  return { writes, wrapper, client };
}

/** The time a test's write was queued with, checked to lie within the test's own span. */
function queuedAt(queue: TOfflineWrites['queue'], startedAt: number): string {
  const { occurredAt } = vi.mocked(queue).mock.calls[0]![0];
  expect(Date.parse(occurredAt)).toBeGreaterThanOrEqual(startedAt);
  expect(Date.parse(occurredAt)).toBeLessThanOrEqual(Date.now());
  return occurredAt;
}

function renderForm(
  offline: boolean,
  event = maintenanceEvent({ id: 'e-1', taskStatus: 'InProgress', files: [] }),
) {
  const layer = offlineLayer(offline);
  const onSaved = vi.fn();
  render(
    <EventForm
      assetId="a-1"
      event={event}
      definitions={[]}
      maxUploadBytes={1024 * 1024}
      displayName="Tess Tech"
      onBusyChange={() => {}}
      onSaved={onSaved}
      onCancel={() => {}}
    />,
    { wrapper: layer.wrapper },
  );
  return { ...layer, onSaved };
}

const event = () => maintenanceEvent({ id: 'e-1', taskStatus: 'InProgress', files: [] });
const page = (items: TPendingTask[]): TPage<TPendingTask> => ({
  items,
  total: items.length,
  totalCapped: false,
  page: 1,
  pageSize: 50,
});

describe('the event form and the task actions without a connection', () => {
  afterEach(() => {
    vi.resetAllMocks();
    authStore.logout();
  });

  it('keeps an edit with its new photo on the device, with the time it was saved, and closes, sending nothing', async () => {
    const startedAt = Date.now();
    const { writes, onSaved } = renderForm(true);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Notes'));
    await user.type(screen.getByLabelText('Notes'), 'Leak at the flange.');
    const photo = new File(['png'], 'leak.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Attachments'), photo);
    await user.click(screen.getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes.queue).toHaveBeenCalledWith({
      kind: 'save-event',
      assetId: 'a-1',
      eventId: 'e-1',
      taskWasOpen: true,
      body: expect.objectContaining({ notes: 'Leak at the flange.' }),
      storedFiles: [],
      newFiles: [photo],
      occurredAt: expect.any(String),
    });
    queuedAt(writes.queue, startedAt);
    expect(sentWrites()).toEqual([]);
  });

  it('keeps the save and its photo in the outbox when the file storage answers 503 to the upload (ADR 140)', async () => {
    const unavailable = () =>
      new ApiError(503, 'UNAVAILABLE', 'File storage is unavailable right now, so nothing was saved.');
    const editWithPhoto = async () => {
      const layer = renderForm(false);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Notes'), ' Flange.');
      const photo = new File(['png'], 'flange.png', { type: 'image/png' });
      await user.upload(screen.getByLabelText('Attachments'), photo);
      await user.click(screen.getByRole('button', { name: 'Save event' }));
      return { ...layer, photo };
    };

    // The presign of its photo answers 503: the save and the photo wait on the device.
    api.apiRequest.mockRejectedValueOnce(unavailable());
    const atUpload = await editWithPhoto();
    await waitFor(() => expect(atUpload.onSaved).toHaveBeenCalled());
    expect(atUpload.writes.queue).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'save-event', storedFiles: [], newFiles: [atUpload.photo] }),
    );
  });

  it('keeps a save answered 503 or 507 in the outbox, and leaves one answered 500 in the form with its error', async () => {
    const save = async (answer: ApiError) => {
      api.apiRequest.mockRejectedValueOnce(answer);
      const layer = renderForm(false);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Notes'), ' Seal.');
      await user.click(screen.getByRole('button', { name: 'Save event' }));
      return layer;
    };
    const storage = await save(new ApiError(503, 'UNAVAILABLE', 'The database is unavailable.'));
    await waitFor(() => expect(storage.onSaved).toHaveBeenCalled());
    expect(storage.writes.queue).toHaveBeenCalledWith(expect.objectContaining({ kind: 'save-event' }));
    cleanup();

    const full = await save(new ApiError(507, 'INSUFFICIENT_STORAGE', "The server's disk is full."));
    await waitFor(() => expect(full.onSaved).toHaveBeenCalled());
    expect(full.writes.queue).toHaveBeenCalled();
    cleanup();

    const broken = await save(new ApiError(500, 'INTERNAL', 'Something went wrong.'));
    expect(await screen.findByText('Unable to save maintenance event.')).toBeInTheDocument();
    expect(broken.writes.queue).not.toHaveBeenCalled();
    expect(broken.onSaved).not.toHaveBeenCalled();
  });

  it('completes a task into the outbox offline, and when the connection drops during the request', async () => {
    const task = {
      assetId: 'a-1',
      eventId: 'e-1',
      taskStatus: 'InProgress' as const,
      title: 'Check pressure',
    };
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const texts = {
      confirmStart: { id: 's' },
      confirmCompletePending: { id: 'c' },
      confirmComplete: { id: 'c' },
      startFailed: { id: 'f' },
      completeFailed: { id: 'f' },
    };
    const queued = { kind: 'task-action', action: 'complete', ...task, occurredAt: expect.any(String) };
    authStore.login(loginResponse({ displayName: 'Tess Tech' }), 'tess@example.com');

    const offline = offlineLayer(true);
    const kept = pendingTask({ eventId: 'e-1', assetId: 'a-1', taskStatus: 'InProgress' });
    const startedAt = Date.now();
    offline.client.setQueryData<TAsset>(assetKeys.detail('a-1'), asset({ id: 'a-1', events: [event()] }));
    offline.client.setQueryData<TPage<TPendingTask>>(taskKeys.pendingPage(1), page([kept]));
    const first = renderHook(() => useTaskAction(texts), { wrapper: offline.wrapper });
    first.result.current.run('complete', task);
    await waitFor(() => expect(offline.writes.queue).toHaveBeenCalledWith(queued));
    expect(sentWrites()).toEqual([]);
    // The asset's page and the pending tasks kept on the device show it done, when and by whom.
    const doneAt = queuedAt(offline.writes.queue, startedAt);
    const done = { taskStatus: 'Completed', taskCompletedAt: doneAt, taskCompletedBy: 'Tess Tech' };
    await waitFor(() =>
      expect(offline.client.getQueryData<TAsset>(assetKeys.detail('a-1'))?.events[0]).toMatchObject(done),
    );
    expect(offline.client.getQueryData<TPage<TPendingTask>>(taskKeys.pendingPage(1))?.items[0]).toMatchObject(
      done,
    );

    const dropping = offlineLayer(false);
    api.apiRequest.mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Unable to reach the server.'));
    const second = renderHook(() => useTaskAction(texts), { wrapper: dropping.wrapper });
    second.result.current.run('complete', task);
    await waitFor(() => expect(dropping.writes.queue).toHaveBeenCalledWith(queued));
    await waitFor(() => expect(second.result.current.failure).toBeNull());
  });
});
