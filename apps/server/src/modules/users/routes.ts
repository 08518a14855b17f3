import {
  ASSIGNABLE_USERS_MAX,
  ZAdminUser,
  ZCreateUserBody,
  ZPageQuery,
  ZUpdateUserBody,
  ZUserOption,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { createUser, listAdminUsers, listAssignableUsers, updateUserAsAdmin } from './service.ts';

const ZIdParams = z.object({ id: z.string() });

/** /api/users: what every signed-in user may know of the people of their organization. */
export async function userRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/assignable',
    {
      schema: {
        tags: ['users'],
        response: { 200: z.array(ZUserOption) },
        description: `The active users of the caller's organization (id and name), by name, at most ${ASSIGNABLE_USERS_MAX}: whom a task can be assigned to.`,
      },
    },
    async (request) => listAssignableUsers(app.db, currentUser(request).organizationId),
  );
}

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
