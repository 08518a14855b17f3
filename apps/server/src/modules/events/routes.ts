import {
  EVENT_PAGE_SIZE,
  ZCompleteTaskBody,
  ZDueCounts,
  ZEmptyBody,
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
import { acceptEmptyJsonBody } from '#server/lib/empty-json-body.ts';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { emailUrgentTask } from '../reminders/index.ts';
import {
  changeTaskStatus,
  createEvent,
  deleteEvent,
  type EventActionContext,
  getDueCountsFor,
  listEventPage,
  listPendingTasks,
  updateEvent,
} from './service.ts';

const ZAssetParams = z.object({ id: z.string() });
const ZEventParams = z.object({ id: z.string(), eventId: z.string() });

function eventContext(app: FastifyInstance, request: FastifyRequest): EventActionContext {
  return {
    actor: currentUser(request),
    ipAddress: request.ip,
    now: app.clock.now(),
    storage: app.storage,
    // Email is on with SMTP_URL only, as the reminders' jobs (ADR 060).
    emailUrgent:
      app.config.smtpUrl && app.config.smtpFrom
        ? (tx, message) => emailUrgentTask(app.jobs, tx, message)
        : undefined,
    onStorageError: (error, objectKey) =>
      request.log.warn({ err: error, objectKey }, 'could not remove a file from storage'),
  };
}

/** /api/assets/{id}/events: page through, add and edit maintenance events, start and complete their tasks. */
export async function eventRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => eventContext(app, request);

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
      listEventPage(
        app.db,
        { actor: currentUser(request), now: app.clock.now() },
        request.params.id,
        request.query.after,
      ),
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

/** POST .../start and .../complete take no body (acceptEmptyJsonBody), or what the action says. */
async function taskActionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBody(app);
  const actionContext = (request: FastifyRequest) => ({
    actor: currentUser(request),
    ipAddress: request.ip,
    now: app.clock.now(),
    requests: app.requests,
  });

  app.post(
    '/:id/events/:eventId/start',
    {
      schema: {
        tags: ['events'],
        params: ZEventParams,
        body: ZTaskActionBody,
        response: { 200: ZMaintenanceEvent },
      },
    },
    async (request) =>
      changeTaskStatus(app.db, actionContext(request), request.params.id, request.params.eventId, 'start', {
        occurredAt: request.body?.occurredAt,
      }),
  );
  app.post(
    '/:id/events/:eventId/complete',
    {
      schema: {
        tags: ['events'],
        params: ZEventParams,
        body: ZCompleteTaskBody,
        response: { 200: ZMaintenanceEvent },
        description:
          'Completes the task; optionally with the work (timeSpent per person, costs in minor units of the organization currency, replacing those stored) and the downtime (downFrom/downTo; an open downtime ends at the completion).',
      },
    },
    async (request) =>
      changeTaskStatus(
        app.db,
        actionContext(request),
        request.params.id,
        request.params.eventId,
        'complete',
        request.body ?? {},
      ),
  );
}

/** /api/tasks: the organization's open maintenance tasks (the dashboard list) and their due counts. */
export async function taskRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const viewer = (request: FastifyRequest) => ({ actor: currentUser(request), now: app.clock.now() });
  app.get(
    '/pending',
    {
      schema: {
        tags: ['events'],
        querystring: ZPendingTaskQuery,
        response: { 200: z.array(ZPendingTask) },
        description:
          'Open tasks, most urgent first, then by due date (none last, then oldest performed first); due=overdue|soon, assignee=me|{userId} and priority narrow them. X-Total-Count, X-Page and X-Page-Size headers.',
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listPendingTasks(app.db, viewer(request), request.query);
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );
  app.get(
    '/due-counts',
    {
      schema: {
        tags: ['events'],
        response: { 200: ZDueCounts },
        description: "Open tasks overdue and due in the next 7 days, today in the organization's time zone.",
      },
    },
    async (request) => getDueCountsFor(app.db, viewer(request)),
  );
}

/** /api/admin/assets/{id}/events/{eventId}: an administrator deletes an event recorded by mistake (ADR 046). */
export async function eventAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBody(app);
  app.delete(
    '/:id/events/:eventId',
    { schema: { tags: ['events'], params: ZEventParams, body: ZEmptyBody } },
    async (request, reply) => {
      await deleteEvent(app.db, eventContext(app, request), request.params.id, request.params.eventId);
      return reply.code(204).send();
    },
  );
}
