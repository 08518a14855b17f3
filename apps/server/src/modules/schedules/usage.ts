import { addDays, localDate, projectedOn, type TUsageTrigger, type TUsageTriggered } from '@mqr/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '#server/db/client.ts';
import { emitUsageCrossed, type UsageCrossedFacts } from '../webhooks/index.ts';
import {
  type CrossedScheduleRow,
  insertPlannedTasks,
  lockCrossedSchedules,
  type MeterState,
  type ScheduleRow,
  type ScheduleViewRow,
  updateSchedule,
} from './queries.ts';

// Usage triggers (ADR 138): a schedule due every N units of one of its asset's meters, with an
// optional calendar backstop; "whichever first" or "whichever last".

/** The organization a usage check runs in, its time zone and the app's clock. */
export interface UsageRun {
  organizationId: string;
  timeZone: string;
  now: Date;
}

/** A meter value as answered: three decimals at most (sums of doubles drift in the last digits). */
export const shown = (value: number): number => Math.round(value * 1000) / 1000;

/** What the meter's display adds to its counted use: readings before a replacement (ADR 137). */
export function usageOffset(meter: Pick<MeterState, 'lastUsage' | 'lastValue'>): number {
  return meter.lastUsage === null || meter.lastValue === null ? 0 : meter.lastUsage - meter.lastValue;
}

/**
 * The usage a count starts from: the reading `from` as the meter shows it now, else its latest use;
 * null for a meter not read yet: the count starts at its first reading (startCountsAtFirstReading).
 */
export function usageFrom(
  meter: Pick<MeterState, 'lastUsage' | 'lastValue'>,
  from: number | null | undefined,
): number | null {
  if (from !== null && from !== undefined) return from + usageOffset(meter);
  return meter.lastUsage;
}

/**
 * The columns of a usage schedule waiting for its next task: due at `lastDoneUsage` + every (not yet
 * known while its meter has no reading), and by the calendar at `backstopDueOn`; the engine sees the
 * backstop at once when whichever comes first decides, and only once the usage is reached when
 * whichever comes last does (triggerCrossed).
 */
export function waitingColumns(
  schedule: Pick<ScheduleRow, 'usageEvery' | 'usageCombine'>,
  lastDoneUsage: number | null,
  backstopDueOn: string | null,
): Pick<ScheduleRow, 'lastDoneUsage' | 'nextDueUsage' | 'backstopDueOn' | 'nextDueOn'> {
  return {
    lastDoneUsage,
    nextDueUsage: lastDoneUsage === null ? null : lastDoneUsage + (schedule.usageEvery ?? 0),
    backstopDueOn,
    nextDueOn: schedule.usageCombine === 'first' ? backstopDueOn : null,
  };
}

/** The columns of a usage schedule whose task is open: nothing due until it is completed. */
export const openTaskColumns = { nextDueOn: null, nextDueUsage: null } as const;

/** The earlier or later of two dates, either possibly unknown. */
function combined(a: string | null, b: string | null, combine: 'first' | 'last'): string | null {
  if (combine === 'first') {
    if (a === null) return b;
    if (b === null) return a;
    return a < b ? a : b;
  }
  if (a === null || b === null) return null;
  return a > b ? a : b;
}

/** A schedule's usage trigger as answered: where it stands and when its next task is expected. */
export function toUsageTrigger(row: ScheduleViewRow, timeZone: string): TUsageTrigger | null {
  if (row.meterId === null || row.usageEvery === null) return null;
  const meter = { lastUsage: row.meterLastUsage, lastValue: row.meterLastValue };
  const offset = usageOffset(meter);
  const projected =
    row.nextDueUsage !== null && row.meterLastUsage !== null && row.meterLastReadAt !== null
      ? projectedOn(row.nextDueUsage, row.meterLastUsage, row.meterLastReadAt, row.meterDailyRate, timeZone)
      : null;
  let expectedOn: string | null;
  if (row.nextDueUsage === null) expectedOn = row.nextDueOn;
  else if (row.usageCombine === null) expectedOn = projected;
  else expectedOn = combined(projected, row.backstopDueOn, row.usageCombine);
  return {
    meterId: row.meterId,
    meterName: row.meterName ?? '',
    unit: row.meterUnit ?? '',
    every: row.usageEvery,
    combine: row.usageCombine ?? 'first',
    from: row.lastDoneUsage === null ? null : shown(row.lastDoneUsage - offset),
    nextDueAt: row.nextDueUsage === null ? null : shown(row.nextDueUsage - offset),
    currentValue: row.meterLastValue,
    projectedOn: projected,
    backstopOn: row.usageCombine === null ? null : row.backstopDueOn,
    expectedOn,
  };
}

/** A crossed schedule's task: due today, or on its backstop ("whichever last", within its lead time). */
function planOf(schedule: CrossedScheduleRow, dueOn: string) {
  return {
    scheduleId: schedule.id,
    assetId: schedule.assetId,
    eventId: uuidv7(),
    auditId: uuidv7(),
    dueOn,
    nextDueOn: null,
  };
}

/**
 * The usage schedules (of a meter just read, or these ones just saved, resumed or recounted) whose
 * due usage the meter has reached, handled in the caller's transaction (ADR 138):
 * - usage alone, or whichever comes first: a task due today, created now;
 * - whichever comes last, its calendar date reached (or within its lead time): the task, now;
 * - whichever comes last, its date still ahead: the engine sees that date from now on (no task yet).
 * A reading (`reading`) also sends `meter.trigger_crossed` for each. Answers what was set off.
 */
export async function triggerCrossed(
  tx: DbOrTx,
  run: UsageRun,
  which: { meterId: string; usage: number } | { scheduleIds: string[] },
  reading?: { id: string; value: number },
): Promise<TUsageTriggered[]> {
  if ('scheduleIds' in which && which.scheduleIds.length === 0) return [];
  const today = localDate(run.now, run.timeZone);
  const crossed = await lockCrossedSchedules(tx, run.organizationId, today, which);
  if (crossed.length === 0) return [];
  const plans: ReturnType<typeof planOf>[] = [];
  const waiting: CrossedScheduleRow[] = [];
  for (const schedule of crossed) {
    const backstop = schedule.combine === 'last' ? schedule.backstopDueOn : null;
    if (backstop === null || backstop <= today) plans.push(planOf(schedule, today));
    else if (backstop <= addDays(today, schedule.leadDays)) plans.push(planOf(schedule, backstop));
    else waiting.push(schedule);
  }
  const made = await insertPlannedTasks(tx, run.organizationId, run.timeZone, run.now, plans, {
    onlyMade: true,
  });
  for (const schedule of waiting) {
    await updateSchedule(tx, run.organizationId, schedule.id, {
      nextDueOn: schedule.backstopDueOn,
      nextDueUsage: null,
    });
  }
  const taskOf = new Map(made.map((task) => [task.scheduleId, task.id]));
  const dueOf = new Map(plans.map((plan) => [plan.scheduleId, plan.dueOn]));
  const triggered = crossed
    .filter((schedule) => taskOf.has(schedule.id) || waiting.includes(schedule))
    .map((schedule) => ({
      schedule,
      item: {
        scheduleId: schedule.id,
        title: schedule.title,
        taskId: taskOf.get(schedule.id) ?? null,
        dueOn: dueOf.get(schedule.id) ?? schedule.backstopDueOn ?? today,
      },
    }));
  if (reading && triggered.length > 0) {
    const facts: UsageCrossedFacts[] = triggered.map(({ schedule, item }) => ({
      meterId: schedule.meterId,
      meterName: schedule.meterName,
      unit: schedule.unit,
      assetId: schedule.assetId,
      readingId: reading.id,
      value: reading.value,
      scheduleId: schedule.id,
      title: schedule.title,
      dueAtValue: shown(schedule.nextDueUsage - (schedule.lastUsage - schedule.lastValue)),
      taskId: item.taskId,
      dueOn: item.dueOn,
    }));
    await emitUsageCrossed(tx, run.organizationId, facts);
  }
  return triggered.map(({ item }) => item);
}
