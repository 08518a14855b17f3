import { type TLocation, ZLocation } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadAfterLocationChange } from './location-keys.ts';

/**
 * POST /api/admin/locations/{id}/move: under `parentId` (null: to the top). The server refuses a
 * move into the location itself or below it (a cycle), and one that nests too deep.
 */
export async function moveLocation(id: string, parentId: string | null): Promise<TLocation> {
  return ZLocation.parse(
    await apiRequest(`/api/admin/locations/${encodeURIComponent(id)}/move`, {
      method: 'POST',
      body: { parentId },
    }),
  );
}

/** Moves a location with everything below it; every location shown reloads (paths and counts change). */
export function useMoveLocation() {
  const reload = useReloadAfterLocationChange();
  return useMutation({
    mutationFn: ({ id, parentId }: { id: string; parentId: string | null }) => moveLocation(id, parentId),
    onSuccess: reload,
  });
}
