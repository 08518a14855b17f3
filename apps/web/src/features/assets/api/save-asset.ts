import { type TAsset, type TAssetBody, ZAsset } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { assetKeys } from './asset-keys.ts';

/** POST /api/assets */
export async function createAsset(body: TAssetBody): Promise<TAsset> {
  const data = await apiRequest('/api/assets', { method: 'POST', body });
  return ZAsset.parse(data);
}

/** PUT /api/assets/{id} */
export async function updateAsset(id: string, body: TAssetBody): Promise<TAsset> {
  const data = await apiRequest(`/api/assets/${encodeURIComponent(id)}`, { method: 'PUT', body });
  return ZAsset.parse(data);
}

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
