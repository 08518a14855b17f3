import type { TCreateScheduleBody, TPendingTask, TSchedule } from '@mqr/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { maintenanceEvents } from '../db/schema.ts';
import type { AuthHeaders } from './tenant-world.ts';

/** A schedule body: monthly on the start date, fixed, no lead time, unless overridden. */
export function scheduleBody(
  assetId: string,
  overrides: Partial<TCreateScheduleBody> = {},
): TCreateScheduleBody {
  return {
    assetId,
    title: 'Monthly inspection',
    recurrence: { pattern: 'interval', every: 1, unit: 'month' },
    startsOn: '2026-01-01',
    ...overrides,
  };
}

/** Creates a schedule through the API (an administrator's headers); fails the test on a refusal. */
export async function createScheduleViaApi(
  app: FastifyInstance,
  headers: AuthHeaders,
  body: TCreateScheduleBody,
): Promise<TSchedule> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/schedules', headers, payload: body });
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/admin/schedules answered ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

/** The planned tasks of a schedule, by due date. */
export async function tasksOfSchedule(db: DbOrTx, scheduleId: string) {
  return db
    .select({
      id: maintenanceEvents.id,
      dueOn: maintenanceEvents.dueOn,
      taskStatus: maintenanceEvents.taskStatus,
      performedAt: maintenanceEvents.performedAt,
    })
    .from(maintenanceEvents)
    .where(and(eq(maintenanceEvents.scheduleId, scheduleId), isNotNull(maintenanceEvents.dueOn)))
    .orderBy(maintenanceEvents.dueOn);
}

/** The open tasks the pending list answers for these headers and query. */
export async function pendingTasks(
  app: FastifyInstance,
  headers: AuthHeaders,
  query = '',
): Promise<TPendingTask[]> {
  const response = await app.inject({ url: `/api/tasks/pending${query}`, headers });
  if (response.statusCode !== 200)
    throw new Error(`pending tasks answered ${response.statusCode}: ${response.body}`);
  return response.json();
}
