import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pageCountOf } from '#web/lib/paged-response.ts';
import { auditLogKeys } from '../api/audit-log-keys.ts';
import { getAuditLogs, type TAuditScope } from '../api/get-audit-logs.ts';
import { auditQuery, EMPTY_AUDIT_FILTERS, isInvalidRange, type TAuditFilters } from '../lib/audit-filters.ts';

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
