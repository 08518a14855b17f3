import { type TAgenda, type TCalendarAssignee, ZAgenda } from '@mqr/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { calendarKeys } from './calendar-keys.ts';

/** GET /api/calendar/overdue: the open tasks due before today, oldest first, a page at a time after `after`. */
export async function getOverdue(
  query: { assignee: TCalendarAssignee; after?: string | undefined },
  signal?: AbortSignal,
): Promise<TAgenda> {
  return ZAgenda.parse(await apiRequest('/api/calendar/overdue', { query, ...(signal ? { signal } : {}) }));
}

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
