import { type TCalendarAssigneeOption, ZCalendarAssigneeOption } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { calendarKeys } from './calendar-keys.ts';

/** GET /api/calendar/assignees: the organization's active users by name (the assignee filter). */
export async function getAssignees(signal?: AbortSignal): Promise<TCalendarAssigneeOption[]> {
  return ZCalendarAssigneeOption.array().parse(
    await apiRequest('/api/calendar/assignees', signal ? { signal } : {}),
  );
}

/** The people the assignee filter offers (the organization's active users). */
export function useAssignees() {
  return useQuery({
    queryKey: calendarKeys.assignees(),
    queryFn: ({ signal }) => getAssignees(signal),
    staleTime: 5 * 60_000,
  });
}
