import { type TAssetSelection, type TBulkResult, ZBulkResult } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * POST /api/assets/bulk/location: moves the selected assets to one location (null: to none), each
 * move recorded in the asset's history.
 */
export async function moveSelection(
  selection: TAssetSelection,
  locationId: string | null,
): Promise<TBulkResult> {
  return ZBulkResult.parse(
    await apiRequest('/api/assets/bulk/location', { method: 'POST', body: { ...selection, locationId } }),
  );
}

/**
 * Moves the selection; everything cached reloads, since the lists, the asset pages and the
 * locations' rolled-up counts all change.
 */
export function useMoveSelection(selection: TAssetSelection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: string | null) => moveSelection(selection, locationId),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
