import {
  SSO_ATTEMPT_TTL_SECONDS,
  SSO_MESSAGES,
  SSO_SAID,
  type TSsoCallbackBody,
  type TSsoCallbackResponse,
  type TSsoProvider,
  ZEmail,
} from '@mqr/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type * as client from 'openid-client';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError, forbidden } from '#server/lib/app-error.ts';
import { signedIn, type UserRow } from '../users/index.ts';
import { accountToSignIn } from './accounts.ts';
import { enabledProvider, redirectUri, refused, type SsoContext, unreachable } from './context.ts';
import { classifyOidcError, openIdClient } from './oidc.ts';
import { findSsoSettings, type SsoSettingsRow } from './queries.ts';

/** What a sign-in started at the provider must come back with (sealed in the attempt cookie). */
interface Attempt {
  organizationId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const SCOPE = 'openid email profile';

/** What the sign-in page shows for an organization's link; 404 when it offers no single sign-on. */
export async function getSsoProvider(context: SsoContext, organizationId: string): Promise<TSsoProvider> {
  const row = await enabledProvider(context, organizationId);
  if (!row) throw new AppError('NOT_FOUND', SSO_MESSAGES.notSetUp);
  return {
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    displayName: row.displayName,
  };
}

/** The provider's configuration for a row, or 503 (its secret unreadable, the provider unreachable). */
async function providerConfiguration(
  context: SsoContext,
  row: SsoSettingsRow,
  log: FastifyBaseLogger,
): Promise<client.Configuration> {
  const clientSecret = context.secrets.open(row.clientSecretSealed);
  if (clientSecret === undefined) {
    log.warn(
      { organizationId: row.organizationId },
      'single sign-on: the saved client secret cannot be read (JWT_SECRET changed?)',
    );
    throw unreachable();
  }
  try {
    return await context.oidc.configuration({ issuer: row.issuer, clientId: row.clientId, clientSecret });
  } catch (error) {
    log.warn({ err: error, organizationId: row.organizationId }, 'single sign-on: discovery failed');
    throw unreachable();
  }
}

/**
 * Starts a sign-in at the organization's provider: the authorization URL (code flow, PKCE S256, state
 * and nonce) and the attempt to seal in the browser's cookie until the provider sends it back.
 */
export async function startSsoSignIn(
  context: SsoContext,
  organizationId: string,
  log: FastifyBaseLogger,
): Promise<{ authorizationUrl: string; attempt: string }> {
  const row = await enabledProvider(context, organizationId);
  if (!row) throw new AppError('NOT_FOUND', SSO_MESSAGES.notSetUp);
  const configuration = await providerConfiguration(context, row, log);
  const client = await openIdClient();
  const attempt: Attempt = {
    organizationId: row.organizationId,
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    expiresAt: context.clock.now().getTime() + SSO_ATTEMPT_TTL_SECONDS * 1000,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(context),
    scope: SCOPE,
    state: attempt.state,
    nonce: attempt.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { authorizationUrl: url.href, attempt: context.attempts.seal(JSON.stringify(attempt)) };
}

/** The attempt sealed in the cookie, unless missing, tampered, sealed elsewhere or expired. */
function openAttempt(context: SsoContext, sealed: string | undefined): Attempt | undefined {
  const text = sealed ? context.attempts.open(sealed) : undefined;
  if (!text) return undefined;
  const attempt = JSON.parse(text) as Attempt;
  return attempt.expiresAt > context.clock.now().getTime() ? attempt : undefined;
}

/**
 * The identity the provider vouches for: its subject from the ID token (checked by openid-client),
 * the email and name from the ID token, else from its userinfo endpoint.
 */
async function providerIdentity(
  configuration: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<{ subject: string; email: unknown; emailVerified: unknown; name: unknown }> {
  const claims = tokens.claims();
  if (!claims) throw Object.assign(new Error('no ID token'), { code: 'OAUTH_INVALID_RESPONSE' });
  const subject = claims.sub;
  if (claims.email !== undefined) {
    return { subject, email: claims.email, emailVerified: claims.email_verified, name: claims.name };
  }
  // openid-client checks that the userinfo's `sub` is the ID token's.
  const info = await (await openIdClient()).fetchUserInfo(configuration, tokens.access_token, subject);
  return { subject, email: info.email, emailVerified: info.email_verified, name: info.name };
}

/** The error to answer for a failed exchange with the provider. */
async function providerError(error: unknown, log: FastifyBaseLogger): Promise<AppError> {
  const failure = await classifyOidcError(error);
  log.info({ err: error, failure: failure.kind }, 'single sign-on: the provider exchange failed');
  if (failure.kind === 'refused') {
    return new AppError('VALIDATION', SSO_SAID.providerRefused(failure.detail.slice(0, 300)));
  }
  if (failure.kind === 'mismatch') return new AppError('VALIDATION', SSO_MESSAGES.attemptMismatch);
  return unreachable();
}

/** What the callback answers, and the pending link to keep in the browser's cookie when there is one. */
export interface SsoCallbackOutcome {
  response: TSsoCallbackResponse;
  pendingLink?: string;
}

/**
 * Finishes a sign-in when the provider sent the browser back: checks the answer against the attempt
 * (state, PKCE, the ID token's issuer, audience, nonce and expiry, by openid-client), takes the
 * verified email at an allowed domain, and signs in the account linked to that identity of THIS
 * organization (accountToSignIn): a new member on first sign-in when the organization allows it,
 * or, for an account that never linked, nobody yet: the answer asks for its password
 * (linkRequired, the identity kept in `pendingLink`). Anything refused writes nothing.
 */
export async function finishSsoSignIn(
  context: SsoContext,
  request: { body: TSsoCallbackBody; attempt: string | undefined; ipAddress: string; log: FastifyBaseLogger },
): Promise<SsoCallbackOutcome> {
  const { body, log } = request;
  const attempt = openAttempt(context, request.attempt);
  if (!attempt) throw new AppError('VALIDATION', SSO_MESSAGES.attemptExpired);
  if (body.error)
    throw new AppError(
      'VALIDATION',
      SSO_SAID.providerRefused((body.error_description || body.error).slice(0, 300)),
    );
  const row = await enabledProvider(context, attempt.organizationId);
  if (!row) throw new AppError('VALIDATION', SSO_MESSAGES.notSetUp);
  const configuration = await providerConfiguration(context, row, log);

  const answer = new URL(redirectUri(context));
  for (const name of ['code', 'state', 'iss'] as const) {
    const value = body[name];
    if (value !== undefined) answer.searchParams.set(name, value);
  }
  let identity: Awaited<ReturnType<typeof providerIdentity>>;
  try {
    const tokens = await (await openIdClient()).authorizationCodeGrant(configuration, answer, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    identity = await providerIdentity(configuration, tokens);
  } catch (error) {
    throw await providerError(error, log);
  }

  const parsedEmail = ZEmail.safeParse(identity.email);
  if (!parsedEmail.success) throw refused(SSO_MESSAGES.emailMissing);
  const email = parsedEmail.data;
  // Some providers send the claim as a string.
  if (identity.emailVerified !== true && identity.emailVerified !== 'true')
    throw refused(SSO_MESSAGES.emailUnverified);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!row.allowedDomains.includes(domain))
    throw refused(SSO_SAID.domainNotAllowed(domain, row.organizationName));

  const outcome = await accountToSignIn(context, row, {
    subject: identity.subject,
    email,
    name: typeof identity.name === 'string' ? identity.name : '',
    ipAddress: request.ipAddress,
  });
  if ('linkRequired' in outcome) {
    const { user, providerName, organizationName, pending } = outcome.linkRequired;
    log.info(
      { userId: user.id, organizationId: user.organizationId },
      'single sign-on: the account must link',
    );
    return {
      response: { linkRequired: true, email: user.email, organizationName, providerName },
      pendingLink: pending,
    };
  }
  const { user } = outcome;
  log.info({ userId: user.id, organizationId: user.organizationId }, 'single sign-on: signed in');
  return { response: { ...(await signedIn(context.tokens, user)), email: user.email } };
}

/**
 * Password sign-in of a member whose organization requires single sign-on (and offers it) is refused
 * with the provider's name. Administrators and super administrators always keep their password.
 */
export async function assertPasswordSignInAllowed(db: DbOrTx, user: UserRow): Promise<void> {
  if (user.isAdmin || user.isSuperAdmin) return;
  const row = await findSsoSettings(db, user.organizationId);
  if (row?.enabled && row.requireSso) throw forbidden(SSO_SAID.passwordNotAllowed(row.displayName));
}
