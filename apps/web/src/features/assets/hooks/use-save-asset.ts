import type { TAssetBody } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '../api/asset-keys.ts';
import { createAsset } from '../api/create-asset.ts';
import { updateAsset } from '../api/update-asset.ts';

/** Creates (no id) or updates an asset; the saved asset replaces the cached one, lists reload. */
export function useSaveAsset(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAssetBody) => (id ? updateAsset(id, body) : createAsset(body)),
    onSuccess: async (asset) => {
      queryClient.setQueryData(assetKeys.detail(asset.id), asset);
      await queryClient.invalidateQueries({ queryKey: [...assetKeys.all, 'list'] });
    },
  });
}
