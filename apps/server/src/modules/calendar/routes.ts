import {
  ZAgenda,
  ZAgendaQuery,
  ZCalendarAssigneeOption,
  ZCalendarDays,
  ZCalendarDaysQuery,
  ZCalendarFeed,
  ZCalendarFeedCreated,
  ZEmptyBody,
  ZOverdueQuery,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/app-error.ts';
import { acceptEmptyJsonBody } from '#server/lib/empty-json-body.ts';
import { currentUser } from '#server/plugins/auth.ts';
import {
  createFeed,
  getAgenda,
  getCalendarDays,
  getFeed,
  getOverdue,
  listAssignees,
  renderFeed,
  stopFeed,
} from './service.ts';

/** /api/calendar: the organization's scheduled and due work, and the signed-in user's feed address. */
export async function calendarRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => ({ actor: currentUser(request), now: app.clock.now() });
  const changeContext = (request: FastifyRequest) => ({
    ...context(request),
    ipAddress: request.ip,
    publicBaseUrl: app.config.publicBaseUrl,
    apiTokenId: request.apiToken?.id ?? null,
  });

  app.get(
    '/days',
    {
      schema: {
        tags: ['calendar'],
        querystring: ZCalendarDaysQuery,
        response: { 200: ZCalendarDays },
        description:
          'The month and week views: each day of from..to (at most 42 days) that has tasks or planned occurrences, with its count and first perDay items; assignee=all|me|unassigned|{userId}.',
      },
    },
    async (request) => getCalendarDays(app.readDb(request), context(request), request.query),
  );

  app.get(
    '/agenda',
    {
      schema: {
        tags: ['calendar'],
        querystring: ZAgendaQuery,
        response: { 200: ZAgenda },
        description:
          'The items of from..to (at most 42 days) in order, limit at a time; after=nextAfter of the previous page.',
      },
    },
    async (request) => getAgenda(app.readDb(request), context(request), request.query),
  );

  app.get(
    '/overdue',
    {
      schema: {
        tags: ['calendar'],
        querystring: ZOverdueQuery,
        response: { 200: ZAgenda },
        description:
          'The open tasks due before today, however long ago, oldest first (due date, asset), limit at a time; after=nextAfter of the previous page; assignee=all|me|unassigned|{userId}.',
      },
    },
    async (request) => getOverdue(app.readDb(request), context(request), request.query),
  );

  app.get(
    '/assignees',
    { schema: { tags: ['calendar'], response: { 200: z.array(ZCalendarAssigneeOption) } } },
    async (request) => listAssignees(app.readDb(request), currentUser(request)),
  );

  app.get(
    '/feed',
    {
      schema: {
        tags: ['calendar'],
        response: { 200: ZCalendarFeed },
        description: 'Whether the signed-in user has a feed address, and since when (never the address).',
      },
    },
    async (request) => getFeed(app.db, context(request)),
  );

  await app.register(async (changes) => {
    const scoped = changes.withTypeProvider<ZodTypeProvider>();
    acceptEmptyJsonBody(scoped);
    scoped.post(
      '/feed',
      {
        config: { answerHoldsSecret: true },
        schema: {
          tags: ['calendar'],
          body: ZEmptyBody,
          response: { 201: ZCalendarFeedCreated },
          description:
            'A new secret feed address for the signed-in user; the previous one stops at once. The only answer that shows it. Made with an API token, it ends with that token.',
        },
      },
      async (request, reply) => reply.code(201).send(await createFeed(app.db, changeContext(request))),
    );
    scoped.delete(
      '/feed',
      { schema: { tags: ['calendar'], body: ZEmptyBody, description: 'Stops the signed-in user’s feed.' } },
      async (request, reply) => {
        await stopFeed(app.db, changeContext(request));
        return reply.code(204).send();
      },
    );
  });
}

const ZFeedParams = z.object({ file: z.string() });

/** /public/calendar/{token}.ics: a user's feed, opened by calendar apps without signing in. */
export async function calendarFeedRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/:file',
    {
      schema: {
        tags: ['calendar'],
        params: ZFeedParams,
        description:
          "The ICS file of a feed address: the open tasks assigned to its user and their planned occurrences, as all-day events. 404 for an unknown, regenerated or stopped address, and for one ended by its user's password change or deactivation or by the revocation or expiry of the API token that made it.",
      },
    },
    async (request, reply) => {
      const ics = await renderFeed(
        app.db,
        request.params.file,
        app.clock.now(),
        app.config.publicBaseUrl,
        app.readDb(request),
      );
      if (ics === null) throw notFound('Calendar feed');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, no-cache')
        .header('X-Robots-Tag', 'noindex')
        .send(ics);
    },
  );
}
