import type { TAsset } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '../api/asset-keys.ts';
import { deleteAsset } from '../api/delete-asset.ts';
import { restoreAsset } from '../api/restore-asset.ts';
import { retireAsset } from '../api/retire-asset.ts';

/** Retires or restores an asset; the answer replaces the cached asset and the lists reload. */
export function useChangeAssetService(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'retire' | 'restore') => (change === 'retire' ? retireAsset(id) : restoreAsset(id)),
    onSuccess: async (asset: TAsset) => {
      queryClient.setQueryData(assetKeys.detail(asset.id), asset);
      await queryClient.invalidateQueries({ queryKey: [...assetKeys.all, 'list'] });
    },
  });
}

/** Deletes a retired asset for good; its cached page is dropped and the lists reload. */
export function useDeleteAsset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) => deleteAsset(id, { confirmName }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: assetKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: [...assetKeys.all, 'list'] });
    },
  });
}
