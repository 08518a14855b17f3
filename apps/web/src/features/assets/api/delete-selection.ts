import { type TAssetSelection, type TBulkResult, ZBulkResult } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

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
