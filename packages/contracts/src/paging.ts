import { z } from 'zod';
import { ZPageNumber } from './limits.ts';

/** Paged lists answer with these headers (audit log convention, used by every paged list). */
export const PAGING_HEADERS = {
  total: 'X-Total-Count',
  page: 'X-Page',
  pageSize: 'X-Page-Size',
} as const;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** The query of every paged list (lists with filters extend it): page 1.., pageSize 1..200, 50 by default. */
export const ZPageQuery = z.object({
  page: ZPageNumber,
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;
