import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { locationKeys } from '#web/features/locations/index.ts';
import { locationOption, ROOM_ID } from '#web/features/locations/location-fixtures.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { OfflineWritesContext, type TOfflineWrites } from '#web/lib/offline-writes.ts';
import { asset } from '../asset-fixtures.ts';
import { MoveAssetButton } from '../components/move-asset-button.tsx';
import { useMoveAsset } from './move-asset.ts';

// The requests go through the API client: a move offline sends nothing.
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('#web/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  apiRequest: api.apiRequest,
}));

const ROOM = { id: ROOM_ID, path: 'Plant A / Building 2 / Boiler room' };

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

describe('moving an asset (ADR 127)', () => {
  afterEach(() => {
    vi.resetAllMocks();
    onlineManager.setOnline(true);
  });

  it('offline: waits in the outbox with where to and when, and sends nothing', async () => {
    const { writes, wrapper } = offlineLayer(true);
    const startedAt = Date.now();
    const { result } = renderHook(() => useMoveAsset('a-1'), { wrapper });
    await result.current.mutateAsync(ROOM);
    expect(api.apiRequest).not.toHaveBeenCalled();
    const [queued] = vi.mocked(writes.queue).mock.calls[0]!;
    expect(queued).toMatchObject({
      kind: 'move-asset',
      assetId: 'a-1',
      locationId: ROOM_ID,
      locationPath: ROOM.path,
    });
    expect(Date.parse(queued.occurredAt)).toBeGreaterThanOrEqual(startedAt);
  });

  it('online: sent with a key of its own; a connection lost on the way keeps it in the outbox, a refusal does not', async () => {
    const { writes, wrapper } = offlineLayer(false);
    api.apiRequest.mockResolvedValueOnce(asset());
    const { result } = renderHook(() => useMoveAsset('a-1'), { wrapper });
    await result.current.mutateAsync({ id: null, path: 'No location' });
    expect(api.apiRequest).toHaveBeenCalledWith('/api/assets/a-1/location', {
      method: 'POST',
      body: { locationId: null },
      idempotencyKey: expect.any(String),
    });
    expect(writes.queue).not.toHaveBeenCalled();

    api.apiRequest.mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Unable to reach the server.'));
    await result.current.mutateAsync(ROOM);
    expect(writes.queue).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'move-asset', locationId: ROOM_ID, locationPath: ROOM.path }),
    );

    api.apiRequest.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'This asset is retired.'));
    await expect(result.current.mutateAsync(ROOM)).rejects.toThrow('This asset is retired.');
    expect(writes.queue).toHaveBeenCalledTimes(1);
  });

  it('offline, the dialog picks among the locations seen on this device, says when they were read, and queues the move', async () => {
    const { writes, wrapper, client } = offlineLayer(true);
    client.setQueryData(locationKeys.search('boil'), [locationOption()], {
      updatedAt: Date.parse('2026-05-03T13:00:00Z'),
    });
    onlineManager.setOnline(false);
    const user = userEvent.setup();
    render(<MoveAssetButton asset={asset({ name: 'Pump 1', location: null })} />, { wrapper });
    await user.click(screen.getByRole('button', { name: 'Move' }));
    const picker = screen.getByRole('combobox', { name: 'Location' });
    expect(picker).toHaveAccessibleDescription(/Offline: last seen at .*2026/);
    await user.type(picker, 'plant boiler');
    await user.click(await screen.findByRole('option', { name: ROOM.path }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes.queue).toHaveBeenCalledWith(expect.objectContaining({ locationId: ROOM_ID }));
    expect(api.apiRequest).not.toHaveBeenCalled();
  });
});
