import type {} from '@fastify/cookie';
import {
  SSO_ATTEMPT_TTL_SECONDS,
  ZEmptyBody,
  ZSsoCallbackBody,
  ZSsoCallbackResponse,
  ZSsoLinkBody,
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
import { linkSsoAccount } from './accounts.ts';
import { finishSsoSignIn, getSsoProvider, startSsoSignIn } from './service.ts';
import { getSsoSettings, saveSsoSettings } from './settings.ts';

/** The cookie that carries a sign-in attempt from its start to the provider's answer (sealed). */
export const SSO_ATTEMPT_COOKIE = 'mqr_sso_attempt';
/** The cookie that carries an identity from the provider's answer to its account's password (sealed). */
export const SSO_LINK_COOKIE = 'mqr_sso_link';
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
        response: { 200: ZSsoCallbackResponse },
        description:
          'Finishes the sign-in with the query the provider sent the browser back with (code, state, iss, or error), checked against the attempt cookie, which is cleared whatever the outcome. Answers what POST /api/auth/login answers, and the email; or, for an account that has never signed in with this provider, linkRequired (nobody signed in) and a short-lived cookie for POST /api/auth/sso/link.',
      },
    },
    async (request, reply) => {
      const attempt = request.cookies[SSO_ATTEMPT_COOKIE];
      reply.clearCookie(SSO_ATTEMPT_COOKIE, cookieOptions(https));
      // The attempt names the organization, the provider's answer the user: looked up across them.
      const outcome = await asSystem(() =>
        finishSsoSignIn(app.sso, {
          body: request.body,
          attempt,
          ipAddress: request.ip,
          log: request.log,
        }),
      );
      if (outcome.pendingLink) {
        reply.setCookie(SSO_LINK_COOKIE, outcome.pendingLink, {
          ...cookieOptions(https),
          maxAge: SSO_ATTEMPT_TTL_SECONDS,
        });
      }
      return outcome.response;
    },
  );

  app.post(
    '/link',
    {
      schema: {
        tags: ['auth'],
        body: ZSsoLinkBody,
        response: { 200: ZSsoLoginResponse },
        description:
          "Links the account the provider vouched for (the cookie set by the callback's linkRequired) once its password is given, and signs it in: from then on the provider signs it in directly. A wrong password answers 400 on password (counted as a failed sign-in) and keeps the cookie for another try.",
      },
    },
    async (request, reply) => {
      const pending = request.cookies[SSO_LINK_COOKIE];
      // The cookie names the organization and the account: looked up across organizations, as the callback.
      const response = await asSystem(() =>
        linkSsoAccount(app.sso, {
          pending,
          password: request.body.password,
          ipAddress: request.ip,
          log: request.log,
        }),
      );
      reply.clearCookie(SSO_LINK_COOKIE, cookieOptions(https));
      return response;
    },
  );
}

/**
 * /api/admin/organization/sso: an administrator's single sign-on settings of their own organization.
 * Registered in a scope that refuses API tokens (ADR 082): a token never changes how anyone signs in.
 */
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
          "Saves the administrator's organization's identity provider, with the administrator's currentPassword (400 when wrong; throttled as sign-in). clientSecret is write-only: left out or empty keeps the saved one (required the first time). When enabled, the issuer's discovery document must answer, and the issuer and the addresses it names must be public (400 on issuer otherwise). Every change is emailed to the organization's administrators.",
      },
    },
    async (request) =>
      saveSsoSettings(
        app.sso,
        { actor: currentUser(request), ipAddress: request.ip, log: request.log },
        request.body,
      ),
  );
}
