import { type TUserOption, ZUserOption } from '@mqr/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { scheduleKeys } from './schedule-keys.ts';

/** GET /api/users/assignable: the active people of the organization, by name. */
export async function getAssignableUsers(signal?: AbortSignal): Promise<TUserOption[]> {
  return ZUserOption.array().parse(await apiRequest('/api/users/assignable', signal ? { signal } : {}));
}

/** The people a schedule's tasks can be assigned to (only asked for while the form is open). */
export function useAssignableUsers() {
  return useQuery({
    queryKey: scheduleKeys.assignees(),
    queryFn: ({ signal }) => getAssignableUsers(signal),
    staleTime: 60_000,
  });
}
