import { setTimeout as sleep } from 'node:timers/promises';
import { addDays, localDate } from '@mqr/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import {
  type DueScheduleRow,
  findOrganizationsWithDueSchedules,
  findOrganizationTimeZone,
  insertPlannedTasks,
  lockDueSchedules,
} from './queries.ts';
import { planNextTask } from './recurrence.ts';

/**
 * Schedules handled per statement and transaction: small enough that other requests pass between two
 * chunks (the embedded database has one session), large enough that 100,000 schedules are a hundred
 * statements.
 */
export const ENGINE_CHUNK = 1000;

/** One run of the engine over an organization: its time zone, the instant it runs at, and optionally which schedules. */
export interface EngineRun {
  organizationId: string;
  timeZone: string;
  now: Date;
  /** Only these schedules (a schedule just saved, resumed or completed); all of them otherwise. */
  scheduleIds?: string[];
}

type Plan = ReturnType<typeof planNextTask>;

/**
 * The plans of a chunk, computed once per rule, due date, lead time and day: a schedule applied to
 * 5,000 assets is one recurrence computation, not 5,000.
 */
function planChunk(due: DueScheduleRow[], today: string, memo: Map<string, Plan>) {
  return due.map((schedule) => {
    const key = `${schedule.rrule}|${schedule.mode}|${schedule.nextDueOn}|${schedule.leadDays}|${today}`;
    let plan = memo.get(key);
    if (!plan) {
      plan = planNextTask(schedule, today);
      memo.set(key, plan);
    }
    return {
      scheduleId: schedule.id,
      assetId: schedule.assetId,
      eventId: uuidv7(),
      auditId: uuidv7(),
      ...plan,
    };
  });
}

/** One chunk: locks up to ENGINE_CHUNK due schedules and creates their tasks. */
async function runChunk(tx: DbOrTx, run: EngineRun, today: string, memo: Map<string, Plan>) {
  const due = await lockDueSchedules(tx, run.organizationId, today, ENGINE_CHUNK, run.scheduleIds);
  const created = await insertPlannedTasks(
    tx,
    run.organizationId,
    run.timeZone,
    run.now,
    planChunk(due, today, memo),
  );
  return { created: created.length, more: due.length === ENGINE_CHUNK };
}

/**
 * Creates the due tasks of the organization's schedules inside the caller's transaction (a schedule
 * saved, resumed, or a floating task completed: the answer shows the task at once). Answers how many.
 */
export async function createDueTasksIn(tx: DbOrTx, run: EngineRun): Promise<number> {
  const today = localDate(run.now, run.timeZone);
  const memo = new Map<string, Plan>();
  let total = 0;
  for (;;) {
    const { created, more } = await runChunk(tx, run, today, memo);
    total += created;
    if (!more) return total;
  }
}

/**
 * The same, each chunk in a transaction of its own, so a big run never holds the database long, and
 * paced: after a chunk it rests as long as the chunk took, so a big run takes at most half of the
 * database and a core from the requests people wait for (the goal: the asset list within twice its
 * p95 at rest while 100,000 schedules get their tasks).
 */
export async function createDueTasks(db: Db, run: EngineRun): Promise<number> {
  const today = localDate(run.now, run.timeZone);
  const memo = new Map<string, Plan>();
  let total = 0;
  for (;;) {
    const started = performance.now();
    const { created, more } = await db.transaction((tx) => runChunk(tx, run, today, memo));
    total += created;
    if (!more) return total;
    await sleep(performance.now() - started);
  }
}

/**
 * The engine (ADR 052): every organization with a schedule due by now gets its tasks, in its own time
 * zone. Safe to run anywhere at any time: the unique index on (schedule, due date) makes a second run,
 * or a run on another instance at the same moment, create nothing more.
 */
export async function runScheduleEngine(db: Db, clock: Clock): Promise<{ tasksCreated: number }> {
  const now = clock.now();
  // No time zone is more than a day ahead of UTC: its "today" is at most tomorrow's UTC date.
  const organizationIds = await findOrganizationsWithDueSchedules(db, addDays(localDate(now, 'UTC'), 1));
  let tasksCreated = 0;
  for (const organizationId of organizationIds) {
    const timeZone = await findOrganizationTimeZone(db, organizationId);
    if (!timeZone) continue;
    tasksCreated += await createDueTasks(db, { organizationId, timeZone, now });
  }
  return { tasksCreated };
}
