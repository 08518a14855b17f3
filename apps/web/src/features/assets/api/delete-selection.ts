import { type TAssetSelection, type TBulkResult, ZBulkResult } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadAssets } from './asset-keys.ts';

/**
 * POST /api/admin/assets/bulk/delete (administrators): deletes the selected retired assets for good,
 * `confirmCount` being their number as typed.
 */
export async function deleteSelection(
  selection: TAssetSelection,
  confirmCount: number,
): Promise<TBulkResult> {
  return ZBulkResult.parse(
    await apiRequest('/api/admin/assets/bulk/delete', {
      method: 'POST',
      body: { ...selection, confirmCount },
    }),
  );
}

/** Deletes the selected retired assets for good (administrators), with their number as typed. */
export function useDeleteSelection(selection: TAssetSelection) {
  const reload = useReloadAssets();
  return useMutation({
    mutationFn: (confirmCount: number) => deleteSelection(selection, confirmCount),
    onSuccess: reload,
  });
}
