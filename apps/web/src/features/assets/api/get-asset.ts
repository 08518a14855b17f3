import { type TAsset, ZAsset } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { assetKeys } from './asset-keys.ts';

/** GET /api/assets/{id} */
export async function getAsset(id: string, signal?: AbortSignal): Promise<TAsset> {
  const data = await apiRequest(`/api/assets/${encodeURIComponent(id)}`, signal ? { signal } : {});
  return ZAsset.parse(data);
}

export function useAsset(id: string | undefined) {
  return useQuery({
    queryKey: assetKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getAsset(id ?? '', signal),
    enabled: !!id,
  });
}
