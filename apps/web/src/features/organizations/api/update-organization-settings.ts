import { type TOrganization, type TOrganizationSettingsBody, ZOrganization } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/admin/organization/settings: the administrator's own organization (its time zone). */
export async function updateOrganizationSettings(body: TOrganizationSettingsBody): Promise<TOrganization> {
  const data = await apiRequest('/api/admin/organization/settings', { method: 'PUT', body });
  return ZOrganization.parse(data);
}
