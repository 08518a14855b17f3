import { DEFAULT_PAGE_SIZE, PAGING_HEADERS } from '@mqr/contracts';
import { formatNumber } from './dates.ts';

export type TPage<T> = {
  items: T[];
  total: number;
  /** The list is longer than `total`, where the server stopped counting (X-Total-Count-Capped). */
  totalCapped: boolean;
  page: number;
  pageSize: number;
};

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
    totalCapped: response.headers.get(PAGING_HEADERS.totalCapped) === 'true',
    page: headerNumber(response, PAGING_HEADERS.page, query.page ?? 1),
    pageSize: headerNumber(response, PAGING_HEADERS.pageSize, query.pageSize ?? DEFAULT_PAGE_SIZE),
  };
}

/** How many pages a page's list has (at least 1; where the server stopped counting, so far). */
export function pageCountOf(page: Pick<TPage<unknown>, 'total' | 'pageSize'>): number {
  return page.pageSize > 0 ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
}

/** A count as shown, in the active language: "10,000+" (10.000+, 10 000+) where the server stopped counting. */
export function countLabel(count: number, capped: boolean): string {
  return capped ? `${formatNumber(count)}+` : formatNumber(count);
}
