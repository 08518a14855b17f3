import {
  ZPageQuery,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointBody,
  ZWebhookEndpointWithSecret,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { currentUser } from '#server/plugins/auth.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookContext,
} from './service.ts';

const ZIdParams = z.object({ id: z.string() });
const ZDeliveryParams = z.object({ id: z.string(), deliveryId: z.string() });
const TAGS = ['webhooks'];

/** /api/admin/webhooks: administrators manage their organization's webhook endpoints (ADR 064). */
export async function webhookAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest): WebhookContext => ({
    deps: app.webhooks,
    actor: currentUser(request),
    ipAddress: request.ip,
  });

  app.get(
    '/',
    {
      schema: {
        tags: TAGS,
        description: "Your organization's webhook endpoints, oldest first (at most 20). Never their secrets.",
        response: { 200: z.array(ZWebhookEndpoint) },
      },
    },
    async (request) => listWebhookEndpoints(context(request)),
  );

  app.post(
    '/',
    {
      config: { answerHoldsSecret: true },
      schema: {
        tags: TAGS,
        description:
          'Subscribes an endpoint to events. The URL must be https:// and resolve to public addresses only (unless the server allows private ones). The answer holds the signing secret (`whsec_…`), shown this once. With an Idempotency-Key a repeat gets the same answer for 10 minutes, then 409 ALREADY_DONE: never a second endpoint.',
        body: ZWebhookEndpointBody,
        response: { 201: ZWebhookEndpointWithSecret },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createWebhookEndpoint(context(request), request.body)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: TAGS,
        description: 'One webhook endpoint of your organization.',
        params: ZIdParams,
        response: { 200: ZWebhookEndpoint },
      },
    },
    async (request) => getWebhookEndpoint(context(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: TAGS,
        description: "Replaces an endpoint's URL, description, events and switch; its secret stays.",
        params: ZIdParams,
        body: ZWebhookEndpointBody,
        response: { 200: ZWebhookEndpoint },
      },
    },
    async (request) => updateWebhookEndpoint(context(request), request.params.id, request.body),
  );

  app.post(
    '/:id/rotate-secret',
    {
      config: { answerHoldsSecret: true },
      schema: {
        tags: TAGS,
        description: 'Replaces the signing secret at once; the answer holds the new one, shown this once.',
        params: ZIdParams,
        response: { 200: ZWebhookEndpointWithSecret },
      },
    },
    async (request) => rotateWebhookSecret(context(request), request.params.id),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: TAGS,
        description: 'Deletes an endpoint and its delivery log.',
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(context(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/:id/deliveries',
    {
      schema: {
        tags: TAGS,
        description:
          "An endpoint's deliveries, newest first, with their latest attempt; paged (X-Total-Count, X-Page, X-Page-Size). Kept 30 days.",
        params: ZIdParams,
        querystring: ZPageQuery,
        response: { 200: z.array(ZWebhookDelivery) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listWebhookDeliveries(context(request), request.params.id, {
        page,
        pageSize,
      });
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );

  app.post(
    '/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags: TAGS,
        description:
          'Sends a delivered or failed delivery again, with the same webhook-id, as a new round of attempts. 409 while it is still being tried.',
        params: ZDeliveryParams,
        response: { 202: ZWebhookDelivery },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await redeliverWebhook(context(request), request.params.id, request.params.deliveryId)),
  );
}
