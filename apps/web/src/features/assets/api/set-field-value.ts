import { type TAssetSelection, type TBulkResult, ZBulkResult } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/assets/bulk/field-value: one value of a field (null clears it) on the selected assets. */
export async function setFieldValue(
  selection: TAssetSelection,
  fieldId: string,
  value: string | null,
): Promise<TBulkResult> {
  return ZBulkResult.parse(
    await apiRequest('/api/assets/bulk/field-value', {
      method: 'POST',
      body: { ...selection, fieldId, value },
    }),
  );
}
