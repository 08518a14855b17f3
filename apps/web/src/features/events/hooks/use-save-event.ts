import type { TEventBody } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import { useRetryKey } from '#web/lib/use-retry-key.ts';
import { createEvent } from '../api/create-event.ts';
import { updateEvent } from '../api/update-event.ts';

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
