import { PAGING_HEADERS } from '@mqr/contracts';
import type { FastifyReply } from 'fastify';

/** Sets the headers of a paged list (X-Total-Count, X-Page, X-Page-Size). */
export function setPagingHeaders(
  reply: FastifyReply,
  paging: { total: number; page: number; pageSize: number },
) {
  reply.header(PAGING_HEADERS.total, String(paging.total));
  reply.header(PAGING_HEADERS.page, String(paging.page));
  reply.header(PAGING_HEADERS.pageSize, String(paging.pageSize));
}
