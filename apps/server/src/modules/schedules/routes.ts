import {
  ZApplyScheduleBody,
  ZApplyScheduleResult,
  ZCreateScheduleBody,
  ZEmptyBody,
  ZSchedule,
  ZScheduleBody,
  ZScheduleListQuery,
  ZTestClock,
  ZTestClockBody,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SettableClock } from '#server/lib/clock.ts';
import { acceptEmptyJsonBody } from '#server/lib/empty-json-body.ts';
import { holdTurnUntilAnswered } from '#server/lib/heavy-work.ts';
import { setPagingHeaders } from '#server/lib/paging.ts';
import { EXPORT_BATCH_SIZE, sendCsv } from '#server/lib/send-csv.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { readerLanguage } from '../users/index.ts';
import { runScheduleEngine } from './engine.ts';
import { scheduleCsvRows } from './schedule-csv.ts';
import {
  applySchedule,
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  pauseSchedule,
  resumeSchedule,
  type ScheduleContext,
  updateSchedule,
} from './service.ts';

const ZIdParams = z.object({ id: z.string() });

function scheduleContext(app: FastifyInstance, request: FastifyRequest): ScheduleContext {
  return { actor: currentUser(request), ipAddress: request.ip, now: app.clock.now() };
}

/** /api/schedules: the organization's planned maintenance, for every signed-in user. */
export async function scheduleRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/',
    {
      schema: {
        tags: ['schedules'],
        querystring: ZScheduleListQuery,
        response: { 200: z.array(ZSchedule) },
        description:
          'One page of schedules, newest first: of one asset (assetId), active or paused ones (status); X-Total-Count, X-Page and X-Page-Size headers.',
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { items, total } = await listSchedules(app.db, currentUser(request), request.query);
      setPagingHeaders(reply, { total, page, pageSize });
      return items;
    },
  );

  app.get(
    '/:id',
    { schema: { tags: ['schedules'], params: ZIdParams, response: { 200: ZSchedule } } },
    async (request) => getSchedule(app.db, currentUser(request), request.params.id),
  );
}

/** /api/admin/schedules: administrators create, edit, pause, resume and delete schedules. */
export async function scheduleAdminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest) => scheduleContext(app, request);

  app.get(
    '/export.csv',
    {
      schema: {
        tags: ['schedules'],
        description:
          "The organization's schedules as CSV, for administrators (it names assignees by email): asset slug and name, title, notes, recurrence (as the API writes it), counts from, lead days, starts on, ends on, next due, assignee and status. The import of schedules reads it back.",
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const organizationId = user.organizationId;
      const language = readerLanguage(user);
      await holdTurnUntilAnswered(app.heavyWork, organizationId, reply);
      const today = app.clock.now().toISOString().slice(0, 10);
      return sendCsv(
        reply,
        `schedules-${today}.csv`,
        scheduleCsvRows(app.db, organizationId, EXPORT_BATCH_SIZE, language),
      );
    },
  );

  app.post(
    '/',
    { schema: { tags: ['schedules'], body: ZCreateScheduleBody, response: { 201: ZSchedule } } },
    async (request, reply) =>
      reply.code(201).send(await createSchedule(app.db, context(request), request.body)),
  );

  app.post(
    '/apply',
    {
      schema: {
        tags: ['schedules'],
        body: ZApplyScheduleBody,
        response: { 201: ZApplyScheduleResult },
        description:
          'Creates the same schedule on each selected asset (one schedule per asset), all or none: the ticked ones (assetIds) or every asset the asset list shows for its view (query), at most 5,000.',
      },
    },
    async (request, reply) =>
      reply.code(201).send(await applySchedule(app.db, context(request), request.body)),
  );

  app.put(
    '/:id',
    { schema: { tags: ['schedules'], params: ZIdParams, body: ZScheduleBody, response: { 200: ZSchedule } } },
    async (request) => updateSchedule(app.db, context(request), request.params.id, request.body),
  );

  await app.register(async (actions) => {
    const scoped = actions.withTypeProvider<ZodTypeProvider>();
    acceptEmptyJsonBody(scoped);
    for (const [action, run] of [
      ['pause', pauseSchedule],
      ['resume', resumeSchedule],
    ] as const) {
      scoped.post(
        `/:id/${action}`,
        {
          schema: { tags: ['schedules'], params: ZIdParams, body: ZEmptyBody, response: { 200: ZSchedule } },
        },
        async (request) => run(app.db, context(request), request.params.id),
      );
    }
    scoped.delete(
      '/:id',
      { schema: { tags: ['schedules'], params: ZIdParams, body: ZEmptyBody } },
      async (request, reply) => {
        await deleteSchedule(app.db, context(request), request.params.id);
        return reply.code(204).send();
      },
    );
  });
}

/**
 * /api/test/clock: moves the server's clock (docs/product/schedules.md#test-clock). Registered only
 * when the server runs with TEST_CLOCK=true (end-to-end tests); without it the path does not exist.
 */
export async function testClockRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const clock = app.clock;
  if (!(clock instanceof SettableClock)) throw new Error('TEST_CLOCK needs a settable clock.');
  const answer = (tasksCreated: number) => ({
    now: clock.now().toISOString(),
    moved: clock.moved,
    tasksCreated,
  });

  app.get('/', { schema: { tags: ['test'], response: { 200: ZTestClock } } }, async () => answer(0));

  app.put(
    '/',
    {
      schema: {
        tags: ['test'],
        body: ZTestClockBody,
        response: { 200: ZTestClock },
        description:
          'Moves the clock, then runs the schedules engine once: the answer comes when its tasks exist.',
      },
    },
    async (request) => {
      if (request.body.freeze) clock.freeze(new Date(request.body.now));
      else clock.set(new Date(request.body.now));
      return answer((await runScheduleEngine(app.db, clock)).tasksCreated);
    },
  );

  await app.register(async (reset) => {
    acceptEmptyJsonBody(reset);
    reset
      .withTypeProvider<ZodTypeProvider>()
      .delete(
        '/',
        { schema: { tags: ['test'], body: ZEmptyBody, response: { 200: ZTestClock } } },
        async () => {
          clock.reset();
          return answer(0);
        },
      );
  });
}
