import { type TAssetComponents, ZAssetComponents } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import { assetKeys } from './asset-keys.ts';

/** Components shown at once on the parent's page. */
export const COMPONENTS_PAGE_SIZE = 20;

export type TComponentsPage = TPage<TAssetComponents['items'][number]> & {
  rollup: TAssetComponents['rollup'];
};

/**
 * GET /api/assets/{id}/components: a page of the asset's components (right below it, by name), each
 * with its open and overdue tasks and next service, and the roll-up of the asset with all of them.
 */
export async function getAssetComponents(
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<TComponentsPage> {
  const response = await apiSend(`/api/assets/${encodeURIComponent(id)}/components`, {
    query: { page, pageSize: COMPONENTS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  const body = ZAssetComponents.parse(await response.json());
  return { ...toPage(response, body.items, { page, pageSize: COMPONENTS_PAGE_SIZE }), rollup: body.rollup };
}

export function useAssetComponents(id: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...assetKeys.detail(id), 'components', page],
    queryFn: ({ signal }) => getAssetComponents(id, page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
