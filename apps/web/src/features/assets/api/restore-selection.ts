import { type TAssetSelection, type TBulkResult, ZBulkResult } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/assets/bulk/restore (administrators): puts the selected retired assets back in service. */
export async function restoreSelection(selection: TAssetSelection): Promise<TBulkResult> {
  return ZBulkResult.parse(
    await apiRequest('/api/admin/assets/bulk/restore', { method: 'POST', body: selection }),
  );
}
