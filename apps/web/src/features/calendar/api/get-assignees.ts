import { type TCalendarAssigneeOption, ZCalendarAssigneeOption } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/calendar/assignees: the organization's active users by name (the assignee filter). */
export async function getAssignees(signal?: AbortSignal): Promise<TCalendarAssigneeOption[]> {
  return ZCalendarAssigneeOption.array().parse(
    await apiRequest('/api/calendar/assignees', signal ? { signal } : {}),
  );
}
