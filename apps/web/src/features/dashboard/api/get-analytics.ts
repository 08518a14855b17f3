import {
  type TDashboardAnalytics,
  type TWorkAnalytics,
  ZDashboardAnalytics,
  ZWorkAnalytics,
} from '@mqr/contracts';
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

/** GET /api/admin/dashboard/work: cost, time, downtime and backlog (administrators, ADR 131). */
export async function getWorkAnalytics(rangeDays: number, signal?: AbortSignal): Promise<TWorkAnalytics> {
  const data = await apiRequest('/api/admin/dashboard/work', {
    query: { rangeDays },
    ...(signal ? { signal } : {}),
  });
  return ZWorkAnalytics.parse(data);
}

/** The cost and downtime figures over the dashboard's range. */
export function useWorkAnalytics(rangeDays: number) {
  return useQuery({
    queryKey: dashboardKeys.work(rangeDays),
    queryFn: ({ signal }) => getWorkAnalytics(rangeDays, signal),
    placeholderData: keepPreviousData,
  });
}
