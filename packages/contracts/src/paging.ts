import { z } from 'zod';
import { ZPageNumber } from './limits.ts';
import { englishMessages, said } from './messages.ts';

/** Paged lists answer with these headers (audit log convention, used by every paged list). */
export const PAGING_HEADERS = {
  total: 'X-Total-Count',
  /** "true" when the list is longer than it was counted (MAX_COUNTED_ROWS, or MAX_COUNTED_SEARCH_ROWS for a search): X-Total-Count then says that number. */
  totalCapped: 'X-Total-Count-Capped',
  page: 'X-Page',
  pageSize: 'X-Page-Size',
} as const;

/**
 * The long lists (assets, audit log, pending tasks) count up to this many rows and page this deep
 * (ADR 030); past it a list is narrowed by its search or filters, or read on with `after`.
 */
export const MAX_COUNTED_ROWS = 10_000;

/**
 * A search counts its matches up to this many, ten pages of 20 (ADRs 034, 040): a common term matches a
 * large part of a big register, and each match counted is a row read and compared. Its pages still
 * reach MAX_COUNTED_ROWS.
 */
export const MAX_COUNTED_SEARCH_ROWS = 200;

export const PAGING_MESSAGES = {
  ...englishMessages({
    tooDeep: said(
      /*i18n*/ {
        id: 'paging.tooDeep',
        message:
          'Pages reach the first {maxCountedRows, number} rows: narrow the list with a search or a filter, or read on with after.',
      },
      { maxCountedRows: MAX_COUNTED_ROWS },
    ),
    afterWithPage: /*i18n*/ {
      id: 'paging.afterWithPage',
      message: 'Use either after or a page number, not both.',
    },
  }),
} as const;

/** A page that stays within MAX_COUNTED_ROWS (refine a list query with it). */
export const withinCountedRows: [
  (query: { page: number; pageSize: number }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => (query.page - 1) * query.pageSize <= MAX_COUNTED_ROWS,
  { message: PAGING_MESSAGES.tooDeep, path: ['page'] },
];

/** `after` (the id of the last row read) reads on from there, on the first page only. */
export const afterOnFirstPage: [
  (query: { page: number; after?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => query.after === undefined || query.page === 1,
  { message: PAGING_MESSAGES.afterWithPage, path: ['after'] },
];

/** The id of the last row read, for a list that reads on by keyset. */
export const ZAfter = z.string().uuid().optional();

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** The query of every paged list (lists with filters extend it): page 1.., pageSize 1..200, 50 by default. */
export const ZPageQuery = z.object({
  page: ZPageNumber,
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;
