import { type TAssetSelection, type TBulkResult, ZBulkResult } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadAssets } from './asset-keys.ts';

/** POST /api/admin/assets/bulk/restore (administrators): puts the selected retired assets back in service. */
export async function restoreSelection(selection: TAssetSelection): Promise<TBulkResult> {
  return ZBulkResult.parse(
    await apiRequest('/api/admin/assets/bulk/restore', { method: 'POST', body: selection }),
  );
}

/** Puts the selected retired assets back in service (administrators). */
export function useRestoreSelection(selection: TAssetSelection) {
  const reload = useReloadAssets();
  return useMutation({ mutationFn: () => restoreSelection(selection), onSuccess: reload });
}
