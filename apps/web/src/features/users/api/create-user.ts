import { type TAdminUser, type TCreateUserBody, ZAdminUser } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/users → 201 with the new user. */
export async function createUser(body: TCreateUserBody): Promise<TAdminUser> {
  const data = await apiRequest('/api/admin/users', { method: 'POST', body });
  return ZAdminUser.parse(data);
}
