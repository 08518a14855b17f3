import { type TAssetSummary, ZAssetSummary } from '@mqr/contracts';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';

export type TAssetPage = TPage<TAssetSummary>;

/** GET /api/assets?search=&page=&pageSize= (newest first, searched on name or slug by the server). */
export async function getAssets(
  query: { search?: string; page?: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<TAssetPage> {
  const response = await apiSend('/api/assets', {
    query: { search: query.search?.trim(), page: query.page, pageSize: query.pageSize },
    ...(signal ? { signal } : {}),
  });
  return toPage(response, ZAssetSummary.array().parse(await response.json()), query);
}
