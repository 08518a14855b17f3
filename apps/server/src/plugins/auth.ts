import { API_TOKEN_MESSAGES } from '@mqr/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { asOrganization, asSystem, setRequestOrganization, setRequestSystem } from '../db/scope.ts';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import { LoginThrottle, type LoginThrottleLimits } from '../lib/login-throttle.ts';
import type { AuthUser } from '../lib/request-context.ts';
import { createTokenService, type TokenService } from '../lib/tokens.ts';
import {
  authenticateApiToken,
  isApiTokenCredential,
  type RequestApiToken,
} from '../modules/api-tokens/service.ts';
import { getUserByIdForAuth, toAuthUser } from '../modules/users/service.ts';

export type AuthPreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: requires a valid bearer token of an active user; sets request.user. 401 otherwise. */
    authenticate: AuthPreHandler;
    /** preHandler after authenticate: administrators (or super administrators) only; 403 otherwise. */
    requireAdmin: AuthPreHandler;
    /** preHandler after authenticate: super administrators only; 403 otherwise. */
    requireSuperAdmin: AuthPreHandler;
    /** preHandler after authenticate: refuses requests made with an API token (403; ADR 061). */
    refuseApiTokens: AuthPreHandler;
    /** Issues and verifies access tokens (HS256, config.jwtSecret, config.tokenTtlHours). */
    tokens: TokenService;
    /** Sign-in attempts counted before the password is checked (memory, or Redis when config.redisUrl is set); also current passwords. */
    loginThrottle: LoginThrottle;
    /** Counters of "this email is already taken" answers, per user and per address (email probing). */
    emailProbeThrottle: LoginThrottle;
  }
}

/** The acting user of a route behind `app.authenticate` (throws 401 if authenticate did not run). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token the request authenticated with; null for a sign-in token (or none). */
    apiToken: RequestApiToken | null;
  }
}

/** Methods a read-only API token may use. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuthPluginOptions {
  /** Overrides of the login throttle limits (tests). */
  loginThrottle?: Partial<LoginThrottleLimits>;
  /** Overrides of the email probe throttle limits (tests). */
  emailProbeThrottle?: Partial<LoginThrottleLimits>;
}

/**
 * What the rest of the request sees in the database (ADR 066): the user's organization; every
 * organization for a super administrator, whose screens and writes may target any of them.
 */
function scopeRequestTo(user: AuthUser): void {
  if (user.isSuperAdmin) setRequestSystem();
  else setRequestOrganization(user.organizationId);
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)[ ]*$/i;

async function auth(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  const tokens = createTokenService({ secret: app.config.jwtSecret, ttlHours: app.config.tokenTtlHours });

  // While Redis is unreachable, each instance allows its share of the guesses (ADR 139).
  const outageShare = app.config.rateLimitInstances;
  const loginThrottle = new LoginThrottle(app.redis, options.loginThrottle, {
    successClearsAccount: true,
    outageShare,
  });
  const emailProbeThrottle = new LoginThrottle(app.redis, options.emailProbeThrottle, {
    outageShare,
    keyPrefix: 'email-probe:',
    attempts: 'takenEmails',
  });

  app.decorate('tokens', tokens);
  app.decorate('loginThrottle', loginThrottle);
  app.decorate('emailProbeThrottle', emailProbeThrottle);
  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);

  const refuse = (reply: FastifyReply) => {
    reply.header('WWW-Authenticate', 'Bearer');
    return unauthorized();
  };

  // One indexed query per request: a deactivated user or a changed password (tokenVersion) takes
  // effect at the next request, not when the token expires. An API token (its prefix says so) is
  // looked up with its user in one statement instead; it acts with the user's current role.
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    request.user = null;
    request.apiToken = null;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw refuse(reply);
    if (isApiTokenCredential(match[1])) {
      // A token names no organization until it is found: the lookup crosses them (ADR 066).
      const found = await asSystem(() => authenticateApiToken(app.db, match[1]!, app.clock));
      if (!found) throw refuse(reply);
      if (found.token.scope === 'read' && !READ_METHODS.has(request.method)) {
        throw forbidden(API_TOKEN_MESSAGES.readOnly);
      }
      request.user = toAuthUser(found.user);
      request.apiToken = found.token;
      scopeRequestTo(request.user);
      return;
    }
    const claims = await tokens.verifyToken(match[1]);
    if (!claims) throw refuse(reply);
    // Looked up in the organization the signed token names: a user of another one is not found.
    const row = await asOrganization(claims.org, () => getUserByIdForAuth(app.db, claims.sub));
    if (!row?.isActive || row.tokenVersion !== claims.ver || row.organizationId !== claims.org) {
      throw refuse(reply);
    }
    request.user = toAuthUser(row);
    scopeRequestTo(request.user);
  });

  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) throw refuse(reply);
    if (!request.user.isAdmin && !request.user.isSuperAdmin) throw forbidden();
  });

  app.decorate('refuseApiTokens', async (request: FastifyRequest) => {
    if (request.apiToken) throw forbidden(API_TOKEN_MESSAGES.sessionOnly);
  });

  app.decorate('requireSuperAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) throw refuse(reply);
    if (!request.user.isSuperAdmin) throw forbidden();
  });
}

export const authPlugin = fp(auth, { name: 'mqr-auth', dependencies: ['mqr-redis'] });
