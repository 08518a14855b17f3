import { type TAssetSelection, type TBulkRetireResult, ZBulkRetireResult } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadAssets } from './asset-keys.ts';

/** POST /api/admin/assets/bulk/retire (administrators): retires the selected assets in service. */
export async function retireSelection(selection: TAssetSelection): Promise<TBulkRetireResult> {
  return ZBulkRetireResult.parse(
    await apiRequest('/api/admin/assets/bulk/retire', { method: 'POST', body: selection }),
  );
}

/** Retires the selected assets in service (administrators). */
export function useRetireSelection(selection: TAssetSelection) {
  const reload = useReloadAssets();
  return useMutation({ mutationFn: () => retireSelection(selection), onSuccess: reload });
}
