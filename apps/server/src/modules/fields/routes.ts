import { ZFieldDefinition, ZFieldDefinitionBody, ZFieldListQuery } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '#server/plugins/auth.ts';
import { createField, listFields, updateField } from './service.ts';

const ZIdParams = z.object({ id: z.string() });

/** /api/fields: the organization's field definitions, read by every signed-in user. */
export async function fieldRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags: ['fields'],
        querystring: ZFieldListQuery,
        response: { 200: z.array(ZFieldDefinition) },
      },
    },
    async (request) =>
      listFields(app.db, currentUser(request).organizationId, {
        target: request.query.target,
        includeInactive: request.query.includeInactive === 'true',
      }),
  );
}

/** /api/admin/fields: administrators create and change their organization's field definitions. */
export async function fieldAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/',
    {
      schema: { tags: ['fields'], body: ZFieldDefinitionBody, response: { 201: ZFieldDefinition } },
    },
    async (request, reply) => {
      const field = await createField(
        app.db,
        { actor: currentUser(request), ipAddress: request.ip },
        request.body,
      );
      return reply.code(201).send(field);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['fields'],
        params: ZIdParams,
        body: ZFieldDefinitionBody,
        response: { 200: ZFieldDefinition },
      },
    },
    async (request) =>
      updateField(
        app.db,
        { actor: currentUser(request), ipAddress: request.ip },
        request.params.id,
        request.body,
      ),
  );
}
