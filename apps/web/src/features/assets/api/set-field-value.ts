import { type TAssetSelection, type TBulkResult, ZBulkResult } from '@mqr/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { useReloadAssets } from './asset-keys.ts';

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

/** Gives the selected assets one value of a field (null clears it). */
export function useSetFieldValue(selection: TAssetSelection) {
  const reload = useReloadAssets();
  return useMutation({
    mutationFn: ({ fieldId, value }: { fieldId: string; value: string | null }) =>
      setFieldValue(selection, fieldId, value),
    onSuccess: reload,
  });
}
