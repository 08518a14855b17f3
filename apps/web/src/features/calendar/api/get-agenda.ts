import { type TAgenda, type TCalendarAssignee, ZAgenda } from '@mqr/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { calendarKeys } from './calendar-keys.ts';

/** GET /api/calendar/agenda: the range's items in order, a page at a time after `after`. */
export async function getAgenda(
  query: { from: string; to: string; assignee: TCalendarAssignee; after?: string | undefined },
  signal?: AbortSignal,
): Promise<TAgenda> {
  return ZAgenda.parse(await apiRequest('/api/calendar/agenda', { query, ...(signal ? { signal } : {}) }));
}

/** The agenda's pages: the first one, then each "Show more" reads on after the last item. */
export function useAgenda(range: { from: string; to: string }, assignee: TCalendarAssignee) {
  return useInfiniteQuery({
    queryKey: calendarKeys.agenda(range, assignee),
    queryFn: ({ pageParam, signal }) => getAgenda({ ...range, assignee, after: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
  });
}
