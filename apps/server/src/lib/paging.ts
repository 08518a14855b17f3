import { MAX_COUNTED_ROWS, PAGING_HEADERS } from '@mqr/contracts';
import type { FastifyReply } from 'fastify';

/** What the long lists count up to: one row past the cap says that there are more. */
export const COUNT_CAP = MAX_COUNTED_ROWS + 1;

/**
 * Sets the headers of a paged list (X-Total-Count, X-Page, X-Page-Size). A total past
 * MAX_COUNTED_ROWS (a count stopped at COUNT_CAP) is said as MAX_COUNTED_ROWS with X-Total-Count-Capped.
 */
export function setPagingHeaders(
  reply: FastifyReply,
  paging: { total: number; page: number; pageSize: number },
) {
  const capped = paging.total > MAX_COUNTED_ROWS;
  reply.header(PAGING_HEADERS.total, String(capped ? MAX_COUNTED_ROWS : paging.total));
  if (capped) reply.header(PAGING_HEADERS.totalCapped, 'true');
  reply.header(PAGING_HEADERS.page, String(paging.page));
  reply.header(PAGING_HEADERS.pageSize, String(paging.pageSize));
}
