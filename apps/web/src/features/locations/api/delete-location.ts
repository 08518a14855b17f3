import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { locationKeys, useReloadAfterLocationChange } from './location-keys.ts';

/**
 * DELETE /api/admin/locations/{id}: its assets and child locations go to `destinationId` (a
 * location outside it; null: the children to the top and the assets to no location). Left out, the
 * server deletes an empty location and refuses one that holds anything.
 */
export async function deleteLocation(id: string, destinationId?: string | null): Promise<void> {
  await apiRequest(`/api/admin/locations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    ...(destinationId === undefined ? {} : { body: { destinationId } }),
  });
}

/** Deletes a location; the tree and every page reload, and its own page is forgotten. */
export function useDeleteLocation() {
  const queryClient = useQueryClient();
  const reload = useReloadAfterLocationChange();
  return useMutation({
    mutationFn: ({ id, destinationId }: { id: string; destinationId?: string | null }) =>
      deleteLocation(id, destinationId),
    onSuccess: async (_nothing, { id }) => {
      queryClient.removeQueries({ queryKey: locationKeys.detail(id) });
      await reload();
    },
  });
}
