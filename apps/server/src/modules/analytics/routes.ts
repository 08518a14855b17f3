import {
  ZAnalyticsQuery,
  ZDashboardAnalytics,
  ZWorkAnalytics,
  ZWorkAnalyticsQuery,
  ZWorkCsvQuery,
} from '@mqr/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pLimit from 'p-limit';
import { holdTurnUntilAnswered } from '#server/lib/heavy-work.ts';
import { sendCsv } from '#server/lib/send-csv.ts';
import { currentUser } from '#server/plugins/auth.ts';
import { readerLanguage } from '../users/index.ts';
import { dashboardAnalytics } from './service.ts';
import { workCsvRows } from './work-csv.ts';
import { type WorkAnalyticsRequest, workAnalytics } from './work-service.ts';

/**
 * Dashboards computed at once on an instance, one connection each (4 of the pool's 10); the others
 * wait their turn holding no connection, so a crowd of dashboards leaves the pool to the rest of the
 * app (ADR 034).
 */
export const DASHBOARDS_AT_ONCE = 4;

/** /api/admin/dashboard: the operations dashboard's analytics (administrators, their organization). */
export async function dashboardRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const turn = pLimit(DASHBOARDS_AT_ONCE);

  app.get(
    '/analytics',
    {
      schema: {
        tags: ['dashboard'],
        querystring: ZAnalyticsQuery,
        response: { 200: ZDashboardAnalytics },
        description:
          'Completed maintenance in the last rangeDays (1..365, default 30), turnaround over the last ' +
          'turnaroundDays (1..90, default 14) and team throughput; out-of-range days are clamped. ' +
          'timeZone (IANA, default UTC) decides the calendar days of the history chart.',
      },
    },
    async (request) =>
      turn(() =>
        // The replica's, when it may answer this request (ADR 141).
        dashboardAnalytics(app.readDb(request), {
          organizationId: currentUser(request).organizationId,
          organizationTimeZone: currentUser(request).timeZone,
          now: app.clock.now(),
          figuresRead: app.database.kind === 'pglite' ? 'statements' : 'snapshot',
          ...request.query,
        }),
      ),
  );

  const workRequest = (request: FastifyRequest, rangeDays: number): WorkAnalyticsRequest => {
    const user = currentUser(request);
    return {
      organizationId: user.organizationId,
      timeZone: user.timeZone,
      currency: user.currency,
      rangeDays,
      now: app.clock.now(),
    };
  };

  app.get(
    '/work',
    {
      schema: {
        tags: ['dashboard'],
        querystring: ZWorkAnalyticsQuery,
        response: { 200: ZWorkAnalytics },
        description:
          'Cost, time spent and downtime over the last rangeDays (1..365, default 30): totals, the costliest assets with MTTR and MTBF, cost per month (the organization time zone), and open tasks by priority and age. Money in minor units of currency.',
      },
    },
    async (request) =>
      turn(() => workAnalytics(app.readDb(request), workRequest(request, request.query.rangeDays))),
  );

  app.get(
    '/work.csv',
    {
      schema: {
        tags: ['dashboard'],
        querystring: ZWorkCsvQuery,
        description:
          'The same figures as CSV, one table: assets (every asset with cost, time or downtime), months, or backlog. Money in major units of the currency named in the header.',
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const rows = workCsvRows(
        app.readDb(request),
        workRequest(request, request.query.rangeDays),
        request.query.table,
        readerLanguage(user),
      );
      await holdTurnUntilAnswered(app.heavyWork, user.organizationId, reply);
      const day = app.clock.now().toISOString().slice(0, 10);
      return sendCsv(reply, `work-${request.query.table}-${day}.csv`, rows);
    },
  );
}
