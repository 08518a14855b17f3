import { MAX_PAGE_SIZE, type TLocationNode, ZLocationNode } from '@mqr/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { locationKeys } from './location-keys.ts';

/** A tree level is read in pages this long (the most the API gives at once). */
export const LOCATION_LEVEL_PAGE_SIZE = MAX_PAGE_SIZE;

/** GET /api/locations: a page of the locations right below `parentId` (null: the sites), by name. */
export async function getLocationChildren(
  query: { parentId: string | null; page: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<TPage<TLocationNode>> {
  const pageSize = query.pageSize ?? LOCATION_LEVEL_PAGE_SIZE;
  const response = await apiSend('/api/locations', {
    query: { parentId: query.parentId, page: query.page, pageSize },
    ...(signal ? { signal } : {}),
  });
  return toPage(response, ZLocationNode.array().parse(await response.json()), { page: query.page, pageSize });
}

/** One level of the tree, its pages loaded one after the other ("Show more"). */
export function useLocationChildren(parentId: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: locationKeys.children(parentId),
    queryFn: ({ pageParam, signal }) => getLocationChildren({ parentId, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total || last.totalCapped ? last.page + 1 : undefined,
    enabled,
  });
}
