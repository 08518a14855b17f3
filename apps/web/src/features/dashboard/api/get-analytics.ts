import { type TDashboardAnalytics, ZDashboardAnalytics } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** The browser's IANA time zone, so the history chart's days are the user's calendar days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /api/admin/dashboard/analytics (administrators). */
export async function getAnalytics(
  query: { rangeDays: number; turnaroundDays: number; timeZone: string },
  signal?: AbortSignal,
): Promise<TDashboardAnalytics> {
  const data = await apiRequest('/api/admin/dashboard/analytics', { query, ...(signal ? { signal } : {}) });
  return ZDashboardAnalytics.parse(data);
}

/**
 * The dashboard analytics for the chosen range and window. Only administrators may ask: for anyone
 * else the query is disabled, so the request is never made. The previous figures stay on screen
 * while a new range loads.
 */
export function useAnalytics(options: { enabled: boolean; rangeDays: number; turnaroundDays: number }) {
  const { enabled, rangeDays, turnaroundDays } = options;
  return useQuery({
    queryKey: dashboardKeys.analytics(rangeDays, turnaroundDays),
    queryFn: ({ signal }) => getAnalytics({ rangeDays, turnaroundDays, timeZone: browserTimeZone() }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
