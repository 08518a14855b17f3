import { type TAsset, ZAsset } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPickedLocation } from '#web/features/locations/index.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { type TQueuedAssetMove, useOfflineWrites } from '#web/lib/offline-writes.ts';

/**
 * POST /api/assets/{id}/location: moves the asset to a location (null: to none), recorded in its
 * history. `occurredAt`: when it was moved, for a move sent later (ADR 085, 127); absent: now.
 */
export async function moveAsset(
  assetId: string,
  locationId: string | null,
  idempotencyKey?: string,
  occurredAt?: string,
): Promise<TAsset> {
  const data = await apiRequest(`/api/assets/${encodeURIComponent(assetId)}/location`, {
    method: 'POST',
    body: occurredAt ? { locationId, occurredAt } : { locationId },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  return ZAsset.parse(data);
}

/**
 * Moves one asset. Online, everything cached reloads (its page and history, the lists, the
 * locations' counts). Offline (or when the connection drops, or the server answers "not now": a
 * 503 or 507, ADR 140), the move waits in the outbox with the time it was made
 * (lib/offline-writes.ts) and shows in the asset's "Waiting to send".
 */
export function useMoveAsset(assetId: string) {
  const queryClient = useQueryClient();
  const offline = useOfflineWrites();
  return useMutation({
    mutationFn: async (to: TPickedLocation) => {
      const queued: TQueuedAssetMove = {
        kind: 'move-asset',
        assetId,
        locationId: to.id,
        locationPath: to.id ? to.path : null,
        occurredAt: new Date().toISOString(),
      };
      const keep = async () => {
        await offline?.queue(queued);
        return { queued };
      };
      if (offline?.isOffline()) return keep();
      try {
        return { moved: await moveAsset(assetId, to.id, crypto.randomUUID()) };
      } catch (error) {
        if (offline && error instanceof ApiError && error.isTryLater) return keep();
        throw error;
      }
    },
    onSuccess: (result) => {
      if ('moved' in result) return queryClient.invalidateQueries();
    },
  });
}
