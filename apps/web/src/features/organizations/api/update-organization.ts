import { type TOrganization, type TOrganizationBody, ZOrganization } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/admin/organizations/{id}: renames the organization. */
export async function updateOrganization(id: string, body: TOrganizationBody): Promise<TOrganization> {
  const data = await apiRequest(`/api/admin/organizations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
  return ZOrganization.parse(data);
}
