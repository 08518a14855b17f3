import { type TCreateApiTokenBody, type TCreatedApiToken, ZCreatedApiToken } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/api-tokens → 201 with the token and its secret (shown this once). */
export async function createApiToken(body: TCreateApiTokenBody): Promise<TCreatedApiToken> {
  return ZCreatedApiToken.parse(await apiRequest('/api/api-tokens', { method: 'POST', body }));
}
