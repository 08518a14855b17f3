import type { TCalendarAssignee } from '@mqr/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { calendarKeys } from '../api/calendar-keys.ts';
import { getAgenda } from '../api/get-agenda.ts';

/** The agenda's pages: the first one, then each "Show more" reads on after the last item. */
export function useAgenda(range: { from: string; to: string }, assignee: TCalendarAssignee) {
  return useInfiniteQuery({
    queryKey: calendarKeys.agenda(range, assignee),
    queryFn: ({ pageParam, signal }) => getAgenda({ ...range, assignee, after: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
  });
}
