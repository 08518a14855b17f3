import {
  type TSsoCallbackBody,
  type TSsoLoginResponse,
  type TSsoProvider,
  ZSsoLoginResponse,
  ZSsoProvider,
  ZSsoStartResponse,
} from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/auth/sso/{organizationId}: the provider the sign-in page offers for an organization. */
export async function getSsoProvider(organizationId: string): Promise<TSsoProvider> {
  return ZSsoProvider.parse(await apiRequest(`/api/auth/sso/${encodeURIComponent(organizationId)}`));
}

/** POST /api/auth/sso/{organizationId}/start: where to send the browser (sets the attempt cookie). */
export async function startSso(organizationId: string): Promise<string> {
  const data = await apiRequest(`/api/auth/sso/${encodeURIComponent(organizationId)}/start`, {
    method: 'POST',
  });
  return ZSsoStartResponse.parse(data).authorizationUrl;
}

/** POST /api/auth/sso/callback: the provider's answer, exchanged for a session. */
export async function finishSso(body: TSsoCallbackBody): Promise<TSsoLoginResponse> {
  return ZSsoLoginResponse.parse(await apiRequest('/api/auth/sso/callback', { method: 'POST', body }));
}
