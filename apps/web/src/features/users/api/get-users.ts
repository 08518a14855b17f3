import { type TAdminUser, ZAdminUser } from '@mqr/contracts';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';

/** GET /api/admin/users?page=&pageSize= (administrators: their organization; super administrators: everyone). */
export async function getUsers(
  query: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<TPage<TAdminUser>> {
  const response = await apiSend('/api/admin/users', { query, ...(signal ? { signal } : {}) });
  return toPage(response, ZAdminUser.array().parse(await response.json()), query);
}
