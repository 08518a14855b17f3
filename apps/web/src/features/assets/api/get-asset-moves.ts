import { type TAssetMove, ZAssetMove } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { assetKeys } from './asset-keys.ts';

/** Moves shown at once on the asset's page. */
export const MOVES_PAGE_SIZE = 10;

/** GET /api/assets/{id}/moves: a page of its moves between locations, newest first. */
export async function getAssetMoves(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<TPage<TAssetMove>> {
  const response = await apiSend(`/api/assets/${encodeURIComponent(id)}/moves`, {
    query: { page, pageSize: MOVES_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  return toPage(response, ZAssetMove.array().parse(await response.json()), {
    page,
    pageSize: MOVES_PAGE_SIZE,
  });
}

export function useAssetMoves(id: string, page: number) {
  return useQuery({
    queryKey: [...assetKeys.detail(id), 'moves', page],
    queryFn: ({ signal }) => getAssetMoves(id, page, signal),
    placeholderData: keepPreviousData,
  });
}
