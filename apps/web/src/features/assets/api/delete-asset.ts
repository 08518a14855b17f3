import type { TDeleteAssetBody } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { assetKeys } from './asset-keys.ts';

/** DELETE /api/admin/assets/{id} (a retired asset, its name typed to confirm) */
export async function deleteAsset(id: string, body: TDeleteAssetBody): Promise<void> {
  await apiRequest(`/api/admin/assets/${encodeURIComponent(id)}`, { method: 'DELETE', body });
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
