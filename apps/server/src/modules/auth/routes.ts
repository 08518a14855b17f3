import { ZCurrentUser, ZLoginBody, ZLoginResponse, ZOrganization } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { getOrganization } from '../organizations/service.ts';
import { toCurrentUser } from '../users/service.ts';
import { login } from './service.ts';

/** /api/auth: sign-in, the current user and their organization. */
export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/login',
    { schema: { tags: ['auth'], security: [], body: ZLoginBody, response: { 200: ZLoginResponse } } },
    async (request) =>
      login(
        { db: app.db, tokens: app.tokens, throttle: app.loginThrottle, log: request.log },
        request.body,
        request.ip,
      ),
  );

  app.get(
    '/me',
    { preHandler: [app.authenticate], schema: { tags: ['auth'], response: { 200: ZCurrentUser } } },
    async (request) => toCurrentUser(currentUser(request)),
  );

  app.get(
    '/organization',
    { preHandler: [app.authenticate], schema: { tags: ['auth'], response: { 200: ZOrganization } } },
    async (request) => getOrganization(app.db, currentUser(request).organizationId),
  );
}
