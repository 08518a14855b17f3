import {
  type TCreateLocationBody,
  type TLocation,
  type TUpdateLocationBody,
  ZLocation,
} from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useRetryKey } from '#web/lib/use-retry-key.ts';
import { locationKeys } from './location-keys.ts';

/** POST /api/admin/locations → 201 with the new location (the same key answers the first creation). */
export async function createLocation(body: TCreateLocationBody, idempotencyKey: string): Promise<TLocation> {
  return ZLocation.parse(await apiRequest('/api/admin/locations', { method: 'POST', body, idempotencyKey }));
}

/** PUT /api/admin/locations/{id}: its name, code, address and notes. */
export async function updateLocation(id: string, body: TUpdateLocationBody): Promise<TLocation> {
  return ZLocation.parse(
    await apiRequest(`/api/admin/locations/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  );
}

/**
 * Creates a location (without an id) or saves one's details; what shows locations reloads. A creation sent again with the same form after a
 * failure carries the same Idempotency-Key, so it is not made twice.
 */
export function useSaveLocation(id: string | undefined) {
  const queryClient = useQueryClient();
  const keyFor = useRetryKey();
  return useMutation({
    mutationFn: (body: TCreateLocationBody) =>
      id ? updateLocation(id, body) : createLocation(body, keyFor(body)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(locationKeys.detail(saved.id), saved);
      // A new location changes only the tree; a renamed one every path below it.
      await queryClient.invalidateQueries(id ? undefined : { queryKey: locationKeys.all });
    },
  });
}
