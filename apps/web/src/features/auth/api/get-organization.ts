import { type TOrganization, ZOrganization } from '@mqr/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const organizationKey = (token: string | null) => ['auth', 'organization', token] as const;

/** GET /api/auth/organization: name and logo of the signed-in user's organization. */
export async function getOrganization(signal?: AbortSignal): Promise<TOrganization> {
  const data = await apiRequest('/api/auth/organization', { signal });
  return ZOrganization.parse(data);
}
