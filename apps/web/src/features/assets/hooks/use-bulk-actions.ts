import type { TAssetSelection } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '../api/asset-keys.ts';
import { deleteSelection } from '../api/delete-selection.ts';
import { restoreSelection } from '../api/restore-selection.ts';
import { retireSelection } from '../api/retire-selection.ts';
import { setFieldValue } from '../api/set-field-value.ts';

/** Every cached asset list and page reloads after an action on a selection (values, retirements). */
function useReloadAssets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: assetKeys.all });
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

/** Retires the selected assets in service (administrators). */
export function useRetireSelection(selection: TAssetSelection) {
  const reload = useReloadAssets();
  return useMutation({ mutationFn: () => retireSelection(selection), onSuccess: reload });
}

/** Puts the selected retired assets back in service (administrators). */
export function useRestoreSelection(selection: TAssetSelection) {
  const reload = useReloadAssets();
  return useMutation({ mutationFn: () => restoreSelection(selection), onSuccess: reload });
}

/** Deletes the selected retired assets for good (administrators), with their number as typed. */
export function useDeleteSelection(selection: TAssetSelection) {
  const reload = useReloadAssets();
  return useMutation({
    mutationFn: (confirmCount: number) => deleteSelection(selection, confirmCount),
    onSuccess: reload,
  });
}
