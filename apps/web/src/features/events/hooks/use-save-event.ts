import type { TEventBody } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { assetKeys } from '#web/features/assets/index.ts';
import { createEvent } from '../api/create-event.ts';
import { updateEvent } from '../api/update-event.ts';

/**
 * Creates (no eventId) or updates a maintenance event. The mutation stays pending until the asset
 * has reloaded, so the composer closes onto the updated list. The same body sent again (a retry after
 * a failure) carries the same Idempotency-Key: a save that did reach the server is not made twice.
 */
export function useSaveEvent(assetId: string, eventId: string | undefined) {
  const queryClient = useQueryClient();
  const lastKey = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: TEventBody) => {
    const json = JSON.stringify(body);
    if (lastKey.current?.body !== json) lastKey.current = { body: json, key: crypto.randomUUID() };
    return lastKey.current.key;
  };
  return useMutation({
    mutationFn: (body: TEventBody) =>
      eventId ? updateEvent(assetId, eventId, body, keyFor(body)) : createEvent(assetId, body, keyFor(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetKeys.detail(assetId) }),
  });
}
