import { DEFAULT_PAGE_SIZE, PAGING_HEADERS } from '@mqr/contracts';

export type TPage<T> = { items: T[]; total: number; page: number; pageSize: number };

function headerNumber(response: Response, name: string, fallback: number): number {
  const value = Number(response.headers.get(name));
  return Number.isFinite(value) && response.headers.get(name) !== null ? value : fallback;
}

/** A page of items with the paging headers (X-Total-Count, X-Page, X-Page-Size) of its response. */
export function toPage<T>(
  response: Response,
  items: T[],
  query: { page?: number | undefined; pageSize?: number | undefined },
): TPage<T> {
  return {
    items,
    total: headerNumber(response, PAGING_HEADERS.total, items.length),
    page: headerNumber(response, PAGING_HEADERS.page, query.page ?? 1),
    pageSize: headerNumber(response, PAGING_HEADERS.pageSize, query.pageSize ?? DEFAULT_PAGE_SIZE),
  };
}
