import { ZAdminUser, ZCreateUserBody, ZPageQuery, ZUpdateUserBody } from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { createUser, listAdminUsers, updateUserAsAdmin } from './service.ts';

const ZIdParams = z.object({ id: z.string() });

/** /api/admin/users: the user management screen (administrators and super administrators). */
export async function userAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => ({ actor: currentUser(request), ipAddress: request.ip });

  app.get(
    '/',
    {
      schema: {
        tags: ['users'],
        description:
          "Administrators: their organization's users; super administrators: every user. Newest first, paged (X-Total-Count, X-Page, X-Page-Size).",
        querystring: ZPageQuery,
        response: { 200: z.array(ZAdminUser) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listAdminUsers(app.db, currentUser(request), { page, pageSize });
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );

  app.post(
    '/',
    { schema: { tags: ['users'], body: ZCreateUserBody, response: { 201: ZAdminUser } } },
    async (request, reply) => {
      const user = await createUser(app.db, context(request), request.body, {
        throttle: app.emailProbeThrottle,
        log: request.log,
        ipAddress: request.ip,
        actorId: currentUser(request).id,
      });
      return reply.code(201).send(user);
    },
  );

  app.put(
    '/:id',
    {
      schema: { tags: ['users'], params: ZIdParams, body: ZUpdateUserBody, response: { 200: ZAdminUser } },
    },
    async (request) => updateUserAsAdmin(app.db, context(request), request.params.id, request.body),
  );
}
