import { DEFAULT_PAGE_SIZE, PAGING_HEADERS, type TAuditLogEntry, ZAuditLogEntry } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiSend } from '#web/lib/api-client.ts';
import { pageCountOf, type TPage, toPage } from '#web/lib/paged-response.ts';
import {
  auditQuery,
  EMPTY_AUDIT_FILTERS,
  isInvalidRange,
  type TAuditFilters,
  type TAuditListQuery,
} from '../lib/audit-filters.ts';
import { auditLogKeys } from './audit-log-keys.ts';

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

/**
 * One audit list (the audit page, the profile timeline, the settings activity table): its filters,
 * its page and the query of that page. Any filter change, or clearing them, goes back to page 1.
 * A start date after the end date holds the request (the server would refuse it).
 */
export function useAuditList(scope: TAuditScope, pageSize: number) {
  const [state, setState] = useState({ filters: EMPTY_AUDIT_FILTERS, page: 1 });
  const invalidRange = isInvalidRange(state.filters);
  const request = auditQuery(state.filters, state.page, pageSize);
  const query = useQuery({
    queryKey: auditLogKeys.list(scope, request),
    queryFn: ({ signal }) => getAuditLogs(scope, request, signal),
    placeholderData: keepPreviousData,
    enabled: !invalidRange,
  });
  const data = query.data;
  const pageCount = data ? pageCountOf(data) : 1;

  return {
    query,
    filters: state.filters,
    page: state.page,
    pageCount,
    invalidRange,
    setFilters: (change: Partial<TAuditFilters>) =>
      setState((current) => ({ filters: { ...current.filters, ...change }, page: 1 })),
    clearFilters: () => setState({ filters: EMPTY_AUDIT_FILTERS, page: 1 }),
    setPage: (page: number) => setState((current) => ({ ...current, page })),
  };
}

export type TAuditList = ReturnType<typeof useAuditList>;
