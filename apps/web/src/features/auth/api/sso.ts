import {
  type TSsoCallbackBody,
  type TSsoCallbackResponse,
  type TSsoLinkBody,
  type TSsoLoginResponse,
  type TSsoProvider,
  ZSsoCallbackResponse,
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

/**
 * POST /api/auth/sso/callback: the provider's answer, exchanged for a session, or for the request to
 * link an account that never signed in with this provider (linkRequired).
 */
export async function finishSso(body: TSsoCallbackBody): Promise<TSsoCallbackResponse> {
  return ZSsoCallbackResponse.parse(await apiRequest('/api/auth/sso/callback', { method: 'POST', body }));
}

/** POST /api/auth/sso/link: the account's password, once, to link it to the provider; a session. */
export async function linkSso(body: TSsoLinkBody): Promise<TSsoLoginResponse> {
  return ZSsoLoginResponse.parse(await apiRequest('/api/auth/sso/link', { method: 'POST', body }));
}
