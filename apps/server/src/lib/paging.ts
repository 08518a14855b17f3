import { MAX_COUNTED_ROWS, PAGING_HEADERS } from '@mqr/contracts';
import type { FastifyReply } from 'fastify';

/** What the long lists count up to: one row past the cap says that there are more. */
export const COUNT_CAP = MAX_COUNTED_ROWS + 1;

/**
 * Sets the headers of a paged list (X-Total-Count, X-Page, X-Page-Size). A total past `countedUpTo`
 * (default MAX_COUNTED_ROWS; a count stopped one row past it) is said as `countedUpTo` with
 * X-Total-Count-Capped.
 */
export function setPagingHeaders(
  reply: FastifyReply,
  paging: { total: number; page: number; pageSize: number; countedUpTo?: number },
) {
  const countedUpTo = paging.countedUpTo ?? MAX_COUNTED_ROWS;
  const capped = paging.total > countedUpTo;
  reply.header(PAGING_HEADERS.total, String(capped ? countedUpTo : paging.total));
  if (capped) reply.header(PAGING_HEADERS.totalCapped, 'true');
  reply.header(PAGING_HEADERS.page, String(paging.page));
  reply.header(PAGING_HEADERS.pageSize, String(paging.pageSize));
}
