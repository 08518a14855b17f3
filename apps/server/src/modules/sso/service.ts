import { randomBytes } from 'node:crypto';
import {
  SSO_ATTEMPT_TTL_SECONDS,
  SSO_CALLBACK_PATH,
  SSO_MESSAGES,
  SSO_ORGANIZATION_PARAM,
  type TSsoCallbackBody,
  type TSsoLoginResponse,
  type TSsoProvider,
  type TSsoSettings,
  ZEmail,
  type ZSsoSettingsBody,
} from '@mqr/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type * as client from 'openid-client';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, forbidden } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import type { SecretBox } from '#server/lib/secret-box.ts';
import type { TokenService } from '#server/lib/tokens.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { diffChanges, recordAudit } from '../audit-logs/service.ts';
import { signedIn } from '../auth/service.ts';
import { addUser, getUserByEmail, USERS_EMAIL_UNIQUE, type UserRow } from '../users/service.ts';
import { classifyOidcError, type OidcClients, openIdClient } from './oidc.ts';
import {
  findSsoSettings,
  findSsoSettingsWithOrganization,
  lockSsoSettings,
  type SsoSettingsRow,
  upsertSsoSettings,
} from './queries.ts';

/** What single sign-on works with; made once by the sso plugin. */
export interface SsoContext {
  db: Db;
  clock: Clock;
  oidc: OidcClients;
  /** Seals the client secrets stored in the database. */
  secrets: SecretBox;
  /** Seals the sign-in attempts kept in the browser's cookie. */
  attempts: SecretBox;
  tokens: TokenService;
  publicBaseUrl: string;
  allowHttp: boolean;
}

export type SsoSettingsInput = z.output<typeof ZSsoSettingsBody>;

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

function redirectUri(context: Pick<SsoContext, 'publicBaseUrl'>): string {
  return `${context.publicBaseUrl}${SSO_CALLBACK_PATH}`;
}

const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION', message, { fields: [{ path, message }] });
const refused = (message: string) => forbidden(message);
const unreachable = () => new AppError('UNAVAILABLE', SSO_MESSAGES.providerUnreachable);

function toSettings(
  context: SsoContext,
  organizationId: string,
  row: SsoSettingsRow | undefined,
): TSsoSettings {
  return {
    configured: row !== undefined,
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    hasClientSecret: row !== undefined,
    displayName: row?.displayName ?? '',
    allowedDomains: row?.allowedDomains ?? [],
    createUsers: row?.createUsers ?? false,
    requireSso: row?.requireSso ?? false,
    redirectUri: redirectUri(context),
    signInUrl: `${context.publicBaseUrl}/login?${SSO_ORGANIZATION_PARAM}=${organizationId}`,
  };
}

/** The administrator's organization's settings (the secret never: only whether one is saved). */
export async function getSsoSettings(context: SsoContext, actor: AuthUser): Promise<TSsoSettings> {
  return toSettings(context, actor.organizationId, await findSsoSettings(context.db, actor.organizationId));
}

/** The audited view of the settings (the secret's change is told, never its value). */
function auditSnapshot(
  row: Pick<
    SsoSettingsRow,
    'enabled' | 'issuer' | 'clientId' | 'displayName' | 'allowedDomains' | 'createUsers' | 'requireSso'
  >,
) {
  return {
    ssoEnabled: row.enabled,
    ssoIssuer: row.issuer,
    ssoClientId: row.clientId,
    ssoDisplayName: row.displayName,
    ssoAllowedDomains: row.allowedDomains.join(', '),
    ssoCreateUsers: row.createUsers,
    ssoRequireSso: row.requireSso,
  };
}

/**
 * Saves the administrator's organization's settings. The secret is kept when none is sent (required
 * the first time). Turned on, the provider's discovery document must answer (400 on the issuer
 * otherwise), so a broken provider is never offered on the sign-in page; turning it off never needs
 * the provider. Audited as an UPDATE of the organization; the same settings again write nothing.
 */
export async function saveSsoSettings(
  context: SsoContext,
  source: { actor: AuthUser; ipAddress: string },
  body: SsoSettingsInput,
): Promise<TSsoSettings> {
  const organizationId = source.actor.organizationId;
  if (!context.allowHttp && !body.issuer.startsWith('https:'))
    throw fieldError('issuer', SSO_MESSAGES.issuerHttp);
  const existing = await findSsoSettings(context.db, organizationId);
  const newSecret = body.clientSecret?.trim() || undefined;
  let clientSecret = newSecret;
  if (!clientSecret) {
    if (!existing) throw fieldError('clientSecret', SSO_MESSAGES.clientSecretRequired);
    clientSecret = context.secrets.open(existing.clientSecretSealed);
    if (clientSecret === undefined) throw fieldError('clientSecret', SSO_MESSAGES.secretUnreadable);
  }
  if (body.enabled)
    await assertDiscoverable(context, { issuer: body.issuer, clientId: body.clientId, clientSecret });

  const values = {
    enabled: body.enabled,
    issuer: body.issuer,
    clientId: body.clientId,
    displayName: body.displayName,
    allowedDomains: body.allowedDomains,
    createUsers: body.createUsers,
    requireSso: body.requireSso,
  };
  const row = await context.db.transaction(async (tx) => {
    const locked = await lockSsoSettings(tx, organizationId);
    const changes = diffChanges(locked ? auditSnapshot(locked) : {}, auditSnapshot(values));
    if (newSecret) changes.ssoClientSecret = { from: locked ? '[hidden]' : null, to: '[changed]' };
    if (locked && Object.keys(changes).length === 0) return locked;
    const saved = await upsertSsoSettings(tx, organizationId, {
      ...values,
      clientSecretSealed: newSecret ? context.secrets.seal(newSecret) : locked!.clientSecretSealed,
    });
    await recordAudit(tx, {
      organizationId,
      actor: source.actor,
      action: 'UPDATE',
      entityType: 'Organization',
      entityId: organizationId,
      entityName: null,
      changes: { changes },
      ipAddress: source.ipAddress,
    });
    return saved;
  });
  return toSettings(context, organizationId, row);
}

async function assertDiscoverable(
  context: SsoContext,
  provider: { issuer: string; clientId: string; clientSecret: string },
) {
  try {
    const metadata = (await context.oidc.configuration(provider)).serverMetadata();
    if (metadata.authorization_endpoint && metadata.token_endpoint) return;
  } catch {
    // Whatever failed (address, network, not a discovery document, another issuer): the same answer.
  }
  throw fieldError('issuer', SSO_MESSAGES.discoveryFailed);
}

/** The enabled settings of an organization (any id, malformed too) and its name, or undefined. */
async function enabledProvider(context: SsoContext, organizationId: string) {
  if (!isUuid(organizationId)) return undefined;
  const row = await findSsoSettingsWithOrganization(context.db, organizationId.toLowerCase());
  return row?.enabled ? row : undefined;
}

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

/** The identity the provider vouches for: from the ID token, else from its userinfo endpoint. */
async function providerIdentity(
  configuration: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<{ email: unknown; emailVerified: unknown; name: unknown }> {
  const claims = tokens.claims();
  if (!claims) throw Object.assign(new Error('no ID token'), { code: 'OAUTH_INVALID_RESPONSE' });
  if (claims.email !== undefined) {
    return { email: claims.email, emailVerified: claims.email_verified, name: claims.name };
  }
  const info = await (await openIdClient()).fetchUserInfo(configuration, tokens.access_token, claims.sub);
  return { email: info.email, emailVerified: info.email_verified, name: info.name };
}

/** The error to answer for a failed exchange with the provider. */
async function providerError(error: unknown, log: FastifyBaseLogger): Promise<AppError> {
  const failure = await classifyOidcError(error);
  log.info({ err: error, failure: failure.kind }, 'single sign-on: the provider exchange failed');
  if (failure.kind === 'refused') {
    return new AppError('VALIDATION', SSO_MESSAGES.providerRefused(failure.detail.slice(0, 300)));
  }
  if (failure.kind === 'mismatch') return new AppError('VALIDATION', SSO_MESSAGES.attemptMismatch);
  return unreachable();
}

/**
 * Finishes a sign-in when the provider sent the browser back: checks the answer against the attempt
 * (state, PKCE, the ID token's issuer, audience, nonce and expiry, by openid-client), takes the
 * verified email, and signs in that person of THIS organization, creating them as a member on first
 * sign-in when the organization allows it. Anything refused writes nothing.
 */
export async function finishSsoSignIn(
  context: SsoContext,
  request: { body: TSsoCallbackBody; attempt: string | undefined; ipAddress: string; log: FastifyBaseLogger },
): Promise<TSsoLoginResponse> {
  const { body, log } = request;
  const attempt = openAttempt(context, request.attempt);
  if (!attempt) throw new AppError('VALIDATION', SSO_MESSAGES.attemptExpired);
  if (body.error)
    throw new AppError(
      'VALIDATION',
      SSO_MESSAGES.providerRefused((body.error_description || body.error).slice(0, 300)),
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
    throw refused(SSO_MESSAGES.domainNotAllowed(domain, row.organizationName));

  const user = await personToSignIn(context, row, {
    email,
    name: typeof identity.name === 'string' ? identity.name : '',
    ipAddress: request.ipAddress,
  });
  log.info({ userId: user.id, organizationId: user.organizationId }, 'single sign-on: signed in');
  return { ...(await signedIn(context.tokens, user)), email: user.email };
}

/**
 * The user this verified email signs in to the organization: theirs if they have an account there
 * (active, never a super administrator: they keep their password), else a new member when the
 * organization creates accounts on first sign-in. An account of another organization is refused:
 * emails are unique across the product, and one organization's provider never speaks for another's.
 */
async function personToSignIn(
  context: SsoContext,
  row: SsoSettingsRow & { organizationName: string },
  person: { email: string; name: string; ipAddress: string },
): Promise<UserRow> {
  const existing = await getUserByEmail(context.db, person.email);
  if (existing) return acceptExisting(row, existing);
  if (!row.createUsers) throw refused(SSO_MESSAGES.noAccount(person.email, row.organizationName));
  const id = uuidv7();
  const displayName = person.name.trim().slice(0, 200) || person.email.slice(0, person.email.indexOf('@'));
  // A password nobody knows: the account signs in through the provider.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    return await context.db.transaction((tx) =>
      addUser(
        tx,
        { actor: { id, displayName, email: person.email }, ipAddress: person.ipAddress },
        { id, organizationId: row.organizationId, email: person.email, displayName, passwordHash },
      ),
    );
  } catch (error) {
    // The same person's other tab (or a retry) created the account a moment ago.
    if (!isUniqueViolation(error, USERS_EMAIL_UNIQUE)) throw error;
    const created = await getUserByEmail(context.db, person.email);
    if (!created) throw error;
    return acceptExisting(row, created);
  }
}

function acceptExisting(row: SsoSettingsRow & { organizationName: string }, user: UserRow): UserRow {
  if (user.organizationId !== row.organizationId) {
    throw refused(SSO_MESSAGES.otherOrganization(user.email, row.organizationName));
  }
  if (user.isSuperAdmin) throw refused(SSO_MESSAGES.superAdministrator);
  if (!user.isActive) throw refused(SSO_MESSAGES.deactivated(row.organizationName));
  return user;
}

/**
 * Password sign-in of a member whose organization requires single sign-on (and offers it) is refused
 * with the provider's name. Administrators and super administrators always keep their password.
 */
export async function assertPasswordSignInAllowed(db: DbOrTx, user: UserRow): Promise<void> {
  if (user.isAdmin || user.isSuperAdmin) return;
  const row = await findSsoSettings(db, user.organizationId);
  if (row?.enabled && row.requireSso) throw forbidden(SSO_MESSAGES.passwordNotAllowed(row.displayName));
}
