import { type TLoginBody, type TLoginResponse, ZLoginResponse } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/auth/login */
export async function login(body: TLoginBody): Promise<TLoginResponse> {
  const data = await apiRequest('/api/auth/login', { method: 'POST', body });
  return ZLoginResponse.parse(data);
}
