import { useQuery } from '@tanstack/react-query';
import { calendarKeys } from '../api/calendar-keys.ts';
import { getAssignees } from '../api/get-assignees.ts';

/** The people the assignee filter offers (the organization's active users). */
export function useAssignees() {
  return useQuery({
    queryKey: calendarKeys.assignees(),
    queryFn: ({ signal }) => getAssignees(signal),
    staleTime: 5 * 60_000,
  });
}
