import { type TProfileUpdateBody, type TProfileUpdateResponse, ZProfileUpdateResponse } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/auth/me with only the changed fields; a password change answers with a new token. */
export async function updateProfile(body: TProfileUpdateBody): Promise<TProfileUpdateResponse> {
  const data = await apiRequest('/api/auth/me', { method: 'PUT', body });
  return ZProfileUpdateResponse.parse(data);
}
