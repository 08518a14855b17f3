import {
  DEFAULT_PAGE_SIZE,
  type TAssetListItem,
  type TAssetListViewInput,
  ZAssetListItem,
} from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { assetKeys } from './asset-keys.ts';

export type TAssetPage = TPage<TAssetListItem>;

/**
 * GET /api/assets: a page of the list's view (status, search, filters, open tasks, in its order),
 * with the values of the custom field `columns`.
 */
export async function getAssets(
  query: { view: TAssetListViewInput; page: number; pageSize: number; columns: string[] },
  signal?: AbortSignal,
): Promise<TAssetPage> {
  const response = await apiSend('/api/assets', {
    query: { ...query.view, page: query.page, pageSize: query.pageSize, columns: query.columns },
    ...(signal ? { signal } : {}),
  });
  return toPage(response, ZAssetListItem.array().parse(await response.json()), query);
}

/** One page of the asset list's view, with the values of the custom field `columns`. */
export function useAssets(view: TAssetListViewInput, page: number, columns: string[]) {
  return useQuery({
    queryKey: assetKeys.list({ view, page, columns }),
    queryFn: ({ signal }) => getAssets({ view, page, pageSize: DEFAULT_PAGE_SIZE, columns }, signal),
    placeholderData: keepPreviousData,
  });
}
