import { type TAsset, ZAsset } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { assetKeys } from './asset-keys.ts';

/** POST /api/admin/assets/{id}/retire */
export async function retireAsset(id: string): Promise<TAsset> {
  return ZAsset.parse(
    await apiRequest(`/api/admin/assets/${encodeURIComponent(id)}/retire`, { method: 'POST' }),
  );
}

/** POST /api/admin/assets/{id}/restore */
export async function restoreAsset(id: string): Promise<TAsset> {
  return ZAsset.parse(
    await apiRequest(`/api/admin/assets/${encodeURIComponent(id)}/restore`, { method: 'POST' }),
  );
}

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
