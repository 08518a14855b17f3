import { type TAdminUser, type TUpdateUserBody, ZAdminUser } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/admin/users/{id}: only the fields sent change. */
export async function updateUser(id: string, body: TUpdateUserBody): Promise<TAdminUser> {
  const data = await apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body });
  return ZAdminUser.parse(data);
}
