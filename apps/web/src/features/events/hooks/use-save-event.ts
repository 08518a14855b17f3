import type { TEventBody } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import { createEvent } from '../api/create-event.ts';
import { updateEvent } from '../api/update-event.ts';

/**
 * Creates (no eventId) or updates a maintenance event. The mutation stays pending until the asset
 * has reloaded, so the composer closes onto the updated list.
 */
export function useSaveEvent(assetId: string, eventId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TEventBody) =>
      eventId ? updateEvent(assetId, eventId, body) : createEvent(assetId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.detail(assetId) }),
  });
}
