import { type TUserOption, ZUserOption } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/users/assignable: the active people of the organization, by name. */
export async function getAssignableUsers(signal?: AbortSignal): Promise<TUserOption[]> {
  return ZUserOption.array().parse(await apiRequest('/api/users/assignable', signal ? { signal } : {}));
}
