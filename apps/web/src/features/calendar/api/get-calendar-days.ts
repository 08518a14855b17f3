import { type TCalendarAssignee, type TCalendarDays, ZCalendarDays } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/calendar/days: each day of the range that has work, its count and first perDay items. */
export async function getCalendarDays(
  query: { from: string; to: string; assignee: TCalendarAssignee; perDay: number },
  signal?: AbortSignal,
): Promise<TCalendarDays> {
  return ZCalendarDays.parse(
    await apiRequest('/api/calendar/days', { query, ...(signal ? { signal } : {}) }),
  );
}
