import { type TCalendarAssignee, type TCalendarDays, ZCalendarDays } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { calendarKeys } from './calendar-keys.ts';

/** GET /api/calendar/days: each day of the range that has work, its count and first perDay items. */
export async function getCalendarDays(
  query: { from: string; to: string; assignee: TCalendarAssignee; perDay: number },
  signal?: AbortSignal,
): Promise<TCalendarDays> {
  return ZCalendarDays.parse(
    await apiRequest('/api/calendar/days', { query, ...(signal ? { signal } : {}) }),
  );
}

/** The month or week view's days: counts and first items (the previous period stays shown while the next loads). */
export function useCalendarDays(
  range: { from: string; to: string },
  assignee: TCalendarAssignee,
  perDay: number,
) {
  return useQuery({
    queryKey: calendarKeys.days(range, assignee, perDay),
    queryFn: ({ signal }) => getCalendarDays({ ...range, assignee, perDay }, signal),
    placeholderData: keepPreviousData,
  });
}
