import { type TAdminOrganization, type TOrganizationBody, ZAdminOrganization } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/admin/organizations → 201 with the new organization. */
export async function createOrganization(body: TOrganizationBody): Promise<TAdminOrganization> {
  const data = await apiRequest('/api/admin/organizations', { method: 'POST', body });
  return ZAdminOrganization.parse(data);
}
