import { ZAnalyticsQuery, ZDashboardAnalytics } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pLimit from 'p-limit';
import { currentUser } from '#server/plugins/auth.ts';
import { dashboardAnalytics } from './service.ts';

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
        dashboardAnalytics(app.db, {
          organizationId: currentUser(request).organizationId,
          organizationTimeZone: currentUser(request).timeZone,
          now: app.clock.now(),
          figuresRead: app.database.kind === 'pglite' ? 'statements' : 'snapshot',
          ...request.query,
        }),
      ),
  );
}
