import {
  ZCurrentUser,
  ZLoginBody,
  ZLoginResponse,
  ZOrganization,
  ZProfileUpdateBody,
  ZProfileUpdateResponse,
} from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asSystem } from '#server/db/scope.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { getOrganization } from '../organizations/index.ts';
import { assertPasswordSignInAllowed } from '../sso/index.ts';
import { toCurrentUser, updateProfile } from '../users/index.ts';
import { login } from './service.ts';

/** POST /api/auth/login: sign-in, for anyone. */
export async function loginRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/login',
    { schema: { tags: ['auth'], body: ZLoginBody, response: { 200: ZLoginResponse } } },
    // The email names the organization only once found: the lookup crosses them (ADR 066).
    async (request) =>
      asSystem(() =>
        login(
          {
            db: app.db,
            tokens: app.tokens,
            throttle: app.loginThrottle,
            assertPasswordAllowed: (user) => assertPasswordSignInAllowed(app.db, user),
          },
          request.body,
          request.ip,
        ),
      ),
  );
}

/** /api/auth: the signed-in user and their organization. */
export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/me', { schema: { tags: ['auth'], response: { 200: ZCurrentUser } } }, async (request) =>
    toCurrentUser(currentUser(request)),
  );

  app.get(
    '/organization',
    { schema: { tags: ['auth'], response: { 200: ZOrganization } } },
    async (request) => getOrganization(app.db, currentUser(request).organizationId),
  );
}

/** PUT /api/auth/me: the signed-in user's profile changes (name, email, password); never with an API token. */
export async function profileRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/me',
    {
      // A password change answers a new session token.
      config: { answerHoldsSecret: true },
      schema: {
        tags: ['auth'],
        description:
          'Changes the display name, email, password, daily digest or language (only the fields sent; language null follows the organization language). A new email or password needs currentPassword. A password change ends the other sessions and answers a new token.',
        body: ZProfileUpdateBody,
        response: { 200: ZProfileUpdateResponse },
      },
    },
    async (request) =>
      updateProfile(
        {
          db: app.db,
          tokens: app.tokens,
          passwordThrottle: app.loginThrottle,
          emailProbeThrottle: app.emailProbeThrottle,
        },
        { actor: currentUser(request), ipAddress: request.ip },
        request.body,
      ),
  );
}
