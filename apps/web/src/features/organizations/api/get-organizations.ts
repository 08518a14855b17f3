import { type TAdminOrganization, ZAdminOrganization } from '@mqr/contracts';
import { apiSend } from '#web/lib/api-client.ts';
import { type TPage, toPage } from '#web/lib/paged-response.ts';

/** GET /api/admin/organizations?page=&pageSize= (super administrators). */
export async function getOrganizations(
  query: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<TPage<TAdminOrganization>> {
  const response = await apiSend('/api/admin/organizations', { query, ...(signal ? { signal } : {}) });
  return toPage(response, ZAdminOrganization.array().parse(await response.json()), query);
}
