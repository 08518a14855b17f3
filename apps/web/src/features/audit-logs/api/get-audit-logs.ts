import { DEFAULT_PAGE_SIZE, PAGING_HEADERS, type TAuditLogEntry, ZAuditLogEntry } from '@mqr/contracts';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';
import type { TAuditListQuery } from '../lib/audit-filters.ts';

/** `all`: the organization's log (administrators, with IP addresses); `mine`: the user's own entries. */
export type TAuditScope = 'all' | 'mine';

export const AUDIT_LOG_PATHS: Record<TAuditScope, string> = {
  all: '/api/audit-logs',
  mine: '/api/audit-logs/my-activity',
};

/** docs/product/overview.md#paging: a missing header counts as total 0, page 1, page size 50. */
const HEADER_DEFAULTS = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

export type TAuditPage = TPage<TAuditLogEntry>;

/** GET /api/audit-logs or /api/audit-logs/my-activity, newest first, with the paging headers. */
export async function getAuditLogs(
  scope: TAuditScope,
  query: TAuditListQuery,
  signal?: AbortSignal,
): Promise<TAuditPage> {
  const response = await apiSend(AUDIT_LOG_PATHS[scope], {
    query,
    ...(signal ? { signal } : {}),
  });
  const items = ZAuditLogEntry.array().parse(await response.json());
  const page = toPage(response, items, HEADER_DEFAULTS);
  return response.headers.has(PAGING_HEADERS.total) ? page : { ...page, total: 0 };
}
