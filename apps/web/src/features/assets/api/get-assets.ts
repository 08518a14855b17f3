import { DEFAULT_PAGE_SIZE, PAGING_HEADERS, type TAssetSummary, ZAssetSummary } from '@mqr/contracts';
import { apiSend } from '../../../lib/api-client.ts';

export type TAssetPage = { items: TAssetSummary[]; total: number; page: number; pageSize: number };

function headerNumber(response: Response, name: string, fallback: number): number {
  const value = Number(response.headers.get(name));
  return Number.isFinite(value) && response.headers.get(name) !== null ? value : fallback;
}

/** GET /api/assets?search=&page=&pageSize= (newest first, searched on name or slug by the server). */
export async function getAssets(
  query: { search?: string; page?: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<TAssetPage> {
  const response = await apiSend('/api/assets', {
    query: { search: query.search?.trim(), page: query.page, pageSize: query.pageSize },
    ...(signal ? { signal } : {}),
  });
  const items = ZAssetSummary.array().parse(await response.json());
  return {
    items,
    total: headerNumber(response, PAGING_HEADERS.total, items.length),
    page: headerNumber(response, PAGING_HEADERS.page, query.page ?? 1),
    pageSize: headerNumber(response, PAGING_HEADERS.pageSize, query.pageSize ?? DEFAULT_PAGE_SIZE),
  };
}
