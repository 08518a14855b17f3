import { type TOrganization, ZOrganization } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Every session's organization query (the header's name and logo). */
export const organizationPrefix = ['auth', 'organization'] as const;
export const organizationKey = (token: string | null) => [...organizationPrefix, token] as const;

/** GET /api/auth/organization: name and logo of the signed-in user's organization. */
export async function getOrganization(signal?: AbortSignal): Promise<TOrganization> {
  const data = await apiRequest('/api/auth/organization', { signal });
  return ZOrganization.parse(data);
}
