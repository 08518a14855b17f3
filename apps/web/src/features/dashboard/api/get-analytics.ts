import { type TDashboardAnalytics, ZDashboardAnalytics } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

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
