import { type TCurrentUser, ZCurrentUser } from '@mqr/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const currentUserKey = (token: string | null) => ['auth', 'me', token] as const;

/** GET /api/auth/me: the signed-in user, refreshed at startup. */
export async function getCurrentUser(signal?: AbortSignal): Promise<TCurrentUser> {
  const data = await apiRequest('/api/auth/me', { signal });
  return ZCurrentUser.parse(data);
}
