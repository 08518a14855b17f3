import type {} from '@fastify/cookie';
import {
  SSO_ATTEMPT_TTL_SECONDS,
  ZEmptyBody,
  ZSsoCallbackBody,
  ZSsoLoginResponse,
  ZSsoProvider,
  ZSsoSettings,
  ZSsoSettingsBody,
  ZSsoStartResponse,
} from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asSystem } from '#server/db/scope.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { scopeToOrganizationParam } from '#server/plugins/db-scope.ts';
import {
  finishSsoSignIn,
  getSsoProvider,
  getSsoSettings,
  saveSsoSettings,
  startSsoSignIn,
} from './service.ts';

/** The cookie that carries a sign-in attempt from its start to the provider's answer (sealed). */
export const SSO_ATTEMPT_COOKIE = 'mqr_sso_attempt';
const COOKIE_PATH = '/api/auth/sso';

const ZOrganizationParams = z.object({ organizationId: z.string() });

/** HttpOnly, sent to the sign-in routes only; Lax: the browser comes back from the provider's site. */
const cookieOptions = (https: boolean) => ({
  path: COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: https,
});

/** /api/auth/sso: signing in through an organization's identity provider, for anyone. */
export async function ssoRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const https = app.config.publicBaseUrl.startsWith('https:');
  // The sign-in page and its start name the organization (ADR 066).
  app.addHook('preHandler', scopeToOrganizationParam);

  app.get(
    '/:organizationId',
    {
      schema: {
        tags: ['auth'],
        params: ZOrganizationParams,
        response: { 200: ZSsoProvider },
        description:
          "The organization's provider as the sign-in page offers it (the link /login?organization={id}); 404 when it offers no single sign-on.",
      },
    },
    async (request) => getSsoProvider(app.sso, request.params.organizationId),
  );

  app.post(
    '/:organizationId/start',
    {
      schema: {
        tags: ['auth'],
        params: ZOrganizationParams,
        body: ZEmptyBody,
        response: { 200: ZSsoStartResponse },
        description:
          "Starts a sign-in at the organization's provider: answers the URL to send the browser to, and sets the short-lived attempt cookie (state, nonce, PKCE verifier, sealed).",
      },
    },
    async (request, reply) => {
      const started = await startSsoSignIn(app.sso, request.params.organizationId, request.log);
      reply.setCookie(SSO_ATTEMPT_COOKIE, started.attempt, {
        ...cookieOptions(https),
        maxAge: SSO_ATTEMPT_TTL_SECONDS,
      });
      return { authorizationUrl: started.authorizationUrl };
    },
  );

  app.post(
    '/callback',
    {
      schema: {
        tags: ['auth'],
        body: ZSsoCallbackBody,
        response: { 200: ZSsoLoginResponse },
        description:
          'Finishes the sign-in with the query the provider sent the browser back with (code, state, iss, or error), checked against the attempt cookie, which is cleared whatever the outcome. Answers what POST /api/auth/login answers, and the email.',
      },
    },
    async (request, reply) => {
      const attempt = request.cookies[SSO_ATTEMPT_COOKIE];
      reply.clearCookie(SSO_ATTEMPT_COOKIE, cookieOptions(https));
      // The attempt names the organization, the provider's answer the user: looked up across them.
      return asSystem(() =>
        finishSsoSignIn(app.sso, {
          body: request.body,
          attempt,
          ipAddress: request.ip,
          log: request.log,
        }),
      );
    },
  );
}

/** /api/admin/organization/sso: an administrator's single sign-on settings of their own organization. */
export async function ssoSettingsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags: ['organizations'],
        response: { 200: ZSsoSettings },
        description:
          "The administrator's organization's identity provider. The client secret is never answered: hasClientSecret says whether one is saved.",
      },
    },
    async (request) => getSsoSettings(app.sso, currentUser(request)),
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['organizations'],
        body: ZSsoSettingsBody,
        response: { 200: ZSsoSettings },
        description:
          "Saves the administrator's organization's identity provider. clientSecret is write-only: left out or empty keeps the saved one (required the first time). When enabled, the issuer's discovery document must answer (400 on issuer otherwise).",
      },
    },
    async (request) =>
      saveSsoSettings(app.sso, { actor: currentUser(request), ipAddress: request.ip }, request.body),
  );
}
