import type { TCalendarAssignee } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calendarKeys } from '../api/calendar-keys.ts';
import { getCalendarDays } from '../api/get-calendar-days.ts';

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
