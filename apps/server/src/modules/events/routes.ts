import {
  EVENT_PAGE_SIZE,
  ZEventBody,
  ZEventPage,
  ZEventPageQuery,
  ZMaintenanceEvent,
  ZPendingTask,
  ZPendingTaskQuery,
  ZTaskActionBody,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { currentUser } from '#server/plugins/auth.ts';
import {
  changeTaskStatus,
  createEvent,
  type EventActionContext,
  listEventPage,
  listPendingTasks,
  type TaskAction,
  updateEvent,
} from './service.ts';

const ZAssetParams = z.object({ id: z.string() });
const ZEventParams = z.object({ id: z.string(), eventId: z.string() });

/** /api/assets/{id}/events: page through, add and edit maintenance events, start and complete their tasks. */
export async function eventRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest): EventActionContext => ({
    actor: currentUser(request),
    ipAddress: request.ip,
    storage: app.storage,
    onStorageError: (error, objectKey) =>
      request.log.warn({ err: error, objectKey }, 'could not remove a detached file from storage'),
  });

  app.get(
    '/:id/events',
    {
      schema: {
        tags: ['events'],
        params: ZAssetParams,
        querystring: ZEventPageQuery,
        response: { 200: ZEventPage },
        description: `The asset's events older than the event \`after\` (the last one shown), ${EVENT_PAGE_SIZE} at most, newest first; nextAfter asks for the page after these (null: none).`,
      },
    },
    async (request) =>
      listEventPage(app.db, currentUser(request).organizationId, request.params.id, request.query.after),
  );

  app.post(
    '/:id/events',
    {
      schema: {
        tags: ['events'],
        params: ZAssetParams,
        body: ZEventBody,
        response: { 201: ZMaintenanceEvent },
      },
    },
    async (request, reply) => {
      const event = await createEvent(app.db, context(request), request.params.id, request.body);
      return reply.code(201).send(event);
    },
  );

  app.put(
    '/:id/events/:eventId',
    {
      schema: {
        tags: ['events'],
        params: ZEventParams,
        body: ZEventBody,
        response: { 200: ZMaintenanceEvent },
      },
    },
    async (request) =>
      updateEvent(app.db, context(request), request.params.id, request.params.eventId, request.body),
  );

  await app.register(taskActionRoutes);
}

/**
 * POST .../start and .../complete take no body. In their own scope an empty body with a JSON content
 * type counts as none (Fastify refuses it otherwise), so clients may send nothing, `{}` or `null`.
 */
async function taskActionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, null);
    else parseJson(request, text, done);
  });

  for (const action of ['start', 'complete'] as const satisfies TaskAction[]) {
    app.post(
      `/:id/events/:eventId/${action}`,
      {
        schema: {
          tags: ['events'],
          params: ZEventParams,
          body: ZTaskActionBody,
          response: { 200: ZMaintenanceEvent },
        },
      },
      async (request) =>
        changeTaskStatus(
          app.db,
          { actor: currentUser(request), ipAddress: request.ip },
          request.params.id,
          request.params.eventId,
          action,
        ),
    );
  }
}

/** /api/tasks: the organization's open maintenance tasks (the dashboard list). */
export async function taskRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/pending',
    {
      schema: { tags: ['events'], querystring: ZPendingTaskQuery, response: { 200: z.array(ZPendingTask) } },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listPendingTasks(app.db, currentUser(request).organizationId, {
        page,
        pageSize,
      });
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );
}
