import { ZApiToken, ZCreateApiTokenBody, ZCreatedApiToken, ZPageQuery } from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { createApiToken, listOrganizationApiTokens, listOwnApiTokens, revokeApiToken } from './service.ts';

const ZIdParams = z.object({ id: z.string() });
const PAGED = 'Newest first, paged (X-Total-Count, X-Page, X-Page-Size).';

/** /api/api-tokens: the signed-in user's own API tokens (a session only: tokens cannot manage tokens). */
export async function apiTokenRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => ({
    actor: currentUser(request),
    ipAddress: request.ip,
    clock: app.clock,
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['api-tokens'],
        description: `Your API tokens that were not revoked (expired ones included). ${PAGED}`,
        querystring: ZPageQuery,
        response: { 200: z.array(ZApiToken) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listOwnApiTokens(app.db, currentUser(request), { page, pageSize });
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );

  app.post(
    '/',
    {
      config: { answerHoldsSecret: true },
      schema: {
        tags: ['api-tokens'],
        description:
          'Creates an API token that acts as you. The answer holds its secret, shown this once (only its hash is kept). With an Idempotency-Key a repeat gets the same answer for 10 minutes, then 409 ALREADY_DONE: never a second token.',
        body: ZCreateApiTokenBody,
        response: { 201: ZCreatedApiToken },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiToken(app.db, context(request), request.body)),
  );

  app.delete(
    '/:id',
    { schema: { tags: ['api-tokens'], description: 'Revokes one of your API tokens.', params: ZIdParams } },
    async (request, reply) => {
      await revokeApiToken(app.db, context(request), request.params.id, 'own');
      return reply.code(204).send();
    },
  );
}

/** /api/admin/api-tokens: administrators list and revoke their organization's API tokens (a session only). */
export async function apiTokenAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags: ['api-tokens'],
        description: `The live API tokens of your organization, with their owners (an organization administrator's list leaves out super administrators' tokens). ${PAGED}`,
        querystring: ZPageQuery,
        response: { 200: z.array(ZApiToken) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listOrganizationApiTokens(app.db, currentUser(request), {
        page,
        pageSize,
      });
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['api-tokens'],
        description:
          "Revokes an API token of your organization's users (a super administrator's for super administrators only; 404 otherwise).",
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      await revokeApiToken(
        app.db,
        { actor: currentUser(request), ipAddress: request.ip },
        request.params.id,
        'organization',
      );
      return reply.code(204).send();
    },
  );
}
