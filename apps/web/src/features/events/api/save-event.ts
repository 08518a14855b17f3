import { type TEventBody, type TMaintenanceEvent, ZMaintenanceEvent } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { useRetryKey } from '#web/lib/use-retry-key.ts';

/** POST /api/assets/{assetId}/events */
export async function createEvent(
  assetId: string,
  body: TEventBody,
  idempotencyKey?: string,
): Promise<TMaintenanceEvent> {
  const data = await apiRequest(`/api/assets/${encodeURIComponent(assetId)}/events`, {
    method: 'POST',
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  return ZMaintenanceEvent.parse(data);
}

/** PUT /api/assets/{assetId}/events/{eventId}: `files` is the whole attachment list after the save. */
export async function updateEvent(
  assetId: string,
  eventId: string,
  body: TEventBody,
  idempotencyKey?: string,
): Promise<TMaintenanceEvent> {
  const data = await apiRequest(
    `/api/assets/${encodeURIComponent(assetId)}/events/${encodeURIComponent(eventId)}`,
    { method: 'PUT', body, ...(idempotencyKey ? { idempotencyKey } : {}) },
  );
  return ZMaintenanceEvent.parse(data);
}

/**
 * Creates (no eventId) or updates a maintenance event. The mutation stays pending until the asset
 * has reloaded, so the composer closes onto the updated list. The same body sent again (a retry after
 * a failure) carries the same Idempotency-Key: a save that did reach the server is not made twice.
 */
export function useSaveEvent(assetId: string, eventId: string | undefined) {
  const queryClient = useQueryClient();
  const keyFor = useRetryKey();
  return useMutation({
    mutationFn: (body: TEventBody) =>
      eventId ? updateEvent(assetId, eventId, body, keyFor(body)) : createEvent(assetId, body, keyFor(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.detail(assetId) }),
  });
}
