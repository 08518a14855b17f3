import { type TAssetSelection, type TBulkRetireResult, ZBulkRetireResult } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/assets/bulk/retire (administrators): retires the selected assets in service. */
export async function retireSelection(selection: TAssetSelection): Promise<TBulkRetireResult> {
  return ZBulkRetireResult.parse(
    await apiRequest('/api/admin/assets/bulk/retire', { method: 'POST', body: selection }),
  );
}
