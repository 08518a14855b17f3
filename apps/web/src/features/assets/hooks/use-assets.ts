import { DEFAULT_PAGE_SIZE } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assetKeys } from '../api/asset-keys.ts';
import { getAssets } from '../api/get-assets.ts';

/** One page of the asset list, searched by the server. */
export function useAssets(search: string, page: number) {
  return useQuery({
    queryKey: assetKeys.list(search, page),
    queryFn: ({ signal }) => getAssets({ search, page, pageSize: DEFAULT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}
