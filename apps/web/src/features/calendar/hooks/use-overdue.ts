import type { TCalendarAssignee } from '@mqr/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { calendarKeys } from '../api/calendar-keys.ts';
import { getOverdue } from '../api/get-overdue.ts';

/** The overdue tasks' pages (asked for only when `enabled`): the first, then one per "Show more". */
export function useOverdue(assignee: TCalendarAssignee, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: calendarKeys.overdue(assignee),
    queryFn: ({ pageParam, signal }) => getOverdue({ assignee, after: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
    enabled,
  });
}
