import { useQuery } from '@tanstack/react-query';
import { assetKeys } from '../api/asset-keys.ts';
import { getAsset } from '../api/get-asset.ts';

export function useAsset(id: string | undefined) {
  return useQuery({
    queryKey: assetKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getAsset(id ?? '', signal),
    enabled: !!id,
  });
}
