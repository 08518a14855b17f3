import { SSO_CALLBACK_PATH, type TSsoSettingsBody } from '@mqr/contracts';
import { startTestIdentityProvider, type TestIdentityProvider } from '@mqr/oidc-testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SSO_ATTEMPT_COOKIE, SSO_LINK_COOKIE } from '../modules/sso/routes.ts';
import type { TestApp } from './build-test-app.ts';
import { DEFAULT_FIXTURE_PASSWORD } from './fixtures.ts';

/** A real OpenID provider that sends browsers back to the test app's sign-in return page. */
export function startProviderFor(t: Pick<TestApp, 'config'>): Promise<TestIdentityProvider> {
  return startTestIdentityProvider({ redirectUris: [`${t.config.publicBaseUrl}${SSO_CALLBACK_PATH}`] });
}

/**
 * Settings for the provider, allowing `domains`, with the fixtures' password as the administrator's
 * current password; overrides change any of them.
 */
export function ssoSettingsFor(
  idp: TestIdentityProvider,
  domains: string[],
  overrides: Partial<TSsoSettingsBody> = {},
): TSsoSettingsBody {
  return {
    enabled: true,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    displayName: 'Acme Login',
    allowedDomains: domains,
    createUsers: false,
    requireSso: false,
    currentPassword: DEFAULT_FIXTURE_PASSWORD,
    ...overrides,
  };
}

export function putSsoSettings(
  app: FastifyInstance,
  headers: Record<string, string>,
  payload: object,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'PUT', url: '/api/admin/organization/sso', headers, payload });
}

/** The attempt cookie's value in a response's Set-Cookie, or undefined (a cleared cookie is ''). */
export function attemptCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SSO_ATTEMPT_COOKIE);
  return cookie?.value;
}

/** The pending link cookie's value in a response's Set-Cookie, or undefined (a cleared cookie is ''). */
export function linkCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === SSO_LINK_COOKIE)?.value;
}

/** POST /api/auth/sso/link with the account's password and the pending link cookie, if any. */
export function linkSso(
  app: FastifyInstance,
  pending: string | undefined,
  password: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sso/link',
    headers: pending === undefined ? {} : { cookie: `${SSO_LINK_COOKIE}=${pending}` },
    payload: { password },
    remoteAddress: '203.0.113.7',
  });
}

/** POST …/start: the provider's URL and the attempt cookie. */
export async function startSso(
  app: FastifyInstance,
  organizationId: string,
): Promise<{ authorizationUrl: string; attempt: string }> {
  const response = await app.inject({ method: 'POST', url: `/api/auth/sso/${organizationId}/start` });
  if (response.statusCode !== 200) throw new Error(`start answered ${response.statusCode} ${response.body}`);
  return { authorizationUrl: response.json().authorizationUrl, attempt: attemptCookieOf(response)! };
}

/** POST /api/auth/sso/callback with the provider's answer (its query) and the attempt cookie, if any. */
export function finishSso(
  app: FastifyInstance,
  answer: URL,
  attempt: string | undefined,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sso/callback',
    headers: attempt === undefined ? {} : { cookie: `${SSO_ATTEMPT_COOKIE}=${attempt}` },
    payload: Object.fromEntries(answer.searchParams),
    remoteAddress: '203.0.113.7',
  });
}

/** The whole round trip, as a browser makes it: start, sign in at the provider as `login`, come back. */
export async function signInThroughProvider(
  app: FastifyInstance,
  idp: TestIdentityProvider,
  organizationId: string,
  login: string,
): Promise<LightMyRequestResponse> {
  const { authorizationUrl, attempt } = await startSso(app, organizationId);
  return finishSso(app, await idp.authorize(authorizationUrl, login), attempt);
}
