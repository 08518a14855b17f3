import { DEFAULT_PAGE_SIZE, type TAssetListViewInput } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assetKeys } from '../api/asset-keys.ts';
import { getAssets } from '../api/get-assets.ts';

/** One page of the asset list's view, with the values of the custom field `columns`. */
export function useAssets(view: TAssetListViewInput, page: number, columns: string[]) {
  return useQuery({
    queryKey: assetKeys.list({ view, page, columns }),
    queryFn: ({ signal }) => getAssets({ view, page, pageSize: DEFAULT_PAGE_SIZE, columns }, signal),
    placeholderData: keepPreviousData,
  });
}
