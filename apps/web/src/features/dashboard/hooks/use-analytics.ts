import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '../api/dashboard-keys.ts';
import { browserTimeZone, getAnalytics } from '../api/get-analytics.ts';

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
