import {
  ASSET_SELECTION_MESSAGES,
  localDate,
  METER_MESSAGES,
  priorityRank,
  SCHEDULE_APPLY_MAX_ASSETS,
  SCHEDULE_MESSAGES,
  SCHEDULE_PRIORITIES,
  SCHEDULE_SAID,
  SCHEDULE_UPCOMING_COUNT,
  type TApplyScheduleResult,
  type TSchedule,
  type TSchedulePriority,
  type TUsageTriggered,
  type ZApplyScheduleBody,
  ZRecurrence,
  type ZScheduleBody,
  type ZScheduleListQuery,
} from '@mqr/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, conflict, invalidField, notFound } from '#server/lib/app-error.ts';
import { COUNT_CAP } from '#server/lib/paging.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { findSelectedByView } from '../asset-list/index.ts';
import { type AuditRecord, diffChanges, recordAudit, recordAudits } from '../audit-logs/index.ts';
import { resolveScheduleChecklist } from '../checklists/index.ts';
import {
  type FieldDefinitionRow,
  getFieldDefinitionRows,
  resolveFieldValues,
  valuesByLabel,
} from '../fields/index.ts';
import { createDueTasksIn } from './engine.ts';
import {
  deleteScheduleRow,
  findMeterState,
  findSchedule,
  findScheduleTaskState,
  findScheduleValues,
  findScheduleView,
  insertSchedules,
  insertScheduleValues,
  isActiveUserOf,
  listScheduleViews,
  lockAssets,
  replaceScheduleValues,
  type ScheduleInsert,
  type ScheduleRow,
  type ScheduleViewRow,
  startCountsAtFirstReading,
  updateSchedule as updateScheduleRow,
} from './queries.ts';
import {
  firstDueDate,
  floatingDueAfter,
  occurrenceAfter,
  occurrencesFrom,
  shortestGapDays,
  toRRuleText,
} from './recurrence.ts';
import {
  openTaskColumns,
  toUsageTrigger,
  triggerCrossed,
  type UsageRun,
  usageFrom,
  waitingColumns,
} from './usage.ts';

export type ScheduleInput = z.output<typeof ZScheduleBody>;
export type ApplyScheduleInput = z.output<typeof ZApplyScheduleBody>;
export type ScheduleListQuery = z.output<typeof ZScheduleListQuery>;

/** Who changes a schedule, from where, and when (the app's clock: ADR 052). */
export interface ScheduleContext {
  actor: AuthUser;
  ipAddress: string;
  now: Date;
}

const scheduleNotFound = () => notFound('Schedule');

/** A stored rank as a schedule's priority (a rank above high, never stored, reads as high). */
const scheduleRankPriority = (rank: number): TSchedulePriority =>
  SCHEDULE_PRIORITIES[Math.min(rank, SCHEDULE_PRIORITIES.length - 1)] ?? 'normal';

export function toSchedule(row: ScheduleViewRow, timeZone: string): TSchedule {
  let upcoming: string[] = [];
  if (row.nextDueOn) {
    upcoming =
      row.mode === 'floating' || row.rrule === null
        ? [row.nextDueOn]
        : occurrencesFrom(row.rrule, row.nextDueOn, row.nextDueOn, SCHEDULE_UPCOMING_COUNT);
  }
  return {
    id: row.id,
    assetId: row.assetId,
    assetName: row.assetName,
    assetSlug: row.assetSlug,
    title: row.title,
    notes: row.notes,
    fields: row.values,
    recurrence: row.recurrence,
    rrule: row.rrule,
    usage: toUsageTrigger(row, timeZone),
    mode: row.mode,
    leadDays: row.leadDays,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    priority: scheduleRankPriority(row.priority),
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    status: row.pausedAt ? 'paused' : 'active',
    pausedAt: row.pausedAt?.toISOString() ?? null,
    nextDueOn: row.nextDueOn,
    upcoming,
    checklist:
      row.checklistTemplateId && row.checklistName !== null
        ? { id: row.checklistTemplateId, name: row.checklistName }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A schedule of the organization; NOT_FOUND for another organization's id or a malformed one. */
async function getScheduleRow(
  db: DbOrTx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ScheduleRow> {
  const row = isUuid(id) ? await findSchedule(db, organizationId, id.toLowerCase(), options) : undefined;
  if (!row) throw scheduleNotFound();
  return row;
}

/** Whose schedules are read, and the time zone their projections are dated in. */
export interface ScheduleReader {
  organizationId: string;
  timeZone: string;
}

export async function getSchedule(db: DbOrTx, reader: ScheduleReader, id: string): Promise<TSchedule> {
  const row = isUuid(id) ? await findScheduleView(db, reader.organizationId, id.toLowerCase()) : undefined;
  if (!row) throw scheduleNotFound();
  return toSchedule(row, reader.timeZone);
}

export async function listSchedules(
  db: DbOrTx,
  reader: ScheduleReader,
  query: ScheduleListQuery,
): Promise<{ items: TSchedule[]; total: number }> {
  const organizationId = reader.organizationId;
  const { rows, total } = await listScheduleViews(
    db,
    organizationId,
    { assetId: query.assetId?.toLowerCase(), status: query.status },
    query,
    COUNT_CAP,
  );
  return { items: rows.map((row) => toSchedule(row, reader.timeZone)), total };
}

/**
 * What a schedule's fields become once checked (ADRs 051, 138): its RRULE and its first due date
 * (null without a recurrence); with a usage trigger, the calendar backstop's first date, counted
 * from the start date as from a completion (null when it falls after the end).
 */
interface CheckedSchedule {
  rrule: string | null;
  firstDueOn: string | null;
}

/**
 * The rules that need the recurrence computed: a schedule falls due at least once between its start
 * and its end, and its lead time is no longer than the shortest time between two due dates.
 */
function checkRecurrence(input: ScheduleInput): CheckedSchedule {
  if (input.recurrence === null) return { rrule: null, firstDueOn: null };
  const rrule = toRRuleText(input.recurrence, input.startsOn, input.endsOn);
  if (input.usage !== null) {
    const gap = shortestGapDays(input.recurrence, input.startsOn);
    if (input.leadDays > gap) throw invalidField('leadDays', SCHEDULE_SAID.leadTooLong(gap));
    return {
      rrule,
      firstDueOn: floatingDueAfter({ recurrence: input.recurrence, endsOn: input.endsOn }, input.startsOn),
    };
  }
  const firstDueOn = firstDueDate({
    rrule,
    mode: input.mode,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
  });
  if (!firstDueOn) throw invalidField('recurrence', SCHEDULE_MESSAGES.noOccurrence);
  const gap = shortestGapDays(input.recurrence, input.startsOn);
  if (input.leadDays > gap) throw invalidField('leadDays', SCHEDULE_SAID.leadTooLong(gap));
  return { rrule, firstDueOn };
}

async function assertAssignee(db: DbOrTx, organizationId: string, assigneeId: string | null): Promise<void> {
  if (assigneeId && !(await isActiveUserOf(db, organizationId, assigneeId.toLowerCase()))) {
    throw invalidField('assigneeId', SCHEDULE_MESSAGES.unknownAssignee);
  }
}

/**
 * Everything a save checks before its transaction: the recurrence, the assignee, the default values'
 * fields, the checklist (of the organization, not archived; ADR 134) unless it is the one kept.
 */
async function checkInput(
  db: DbOrTx,
  organizationId: string,
  input: ScheduleInput,
  keptChecklistId: string | null = null,
) {
  const checked = checkRecurrence(input);
  await assertAssignee(db, organizationId, input.assigneeId);
  if (input.checklistTemplateId?.toLowerCase() !== keptChecklistId) {
    await resolveScheduleChecklist(db, organizationId, input.checklistTemplateId);
  }
  const definitions = await getFieldDefinitionRows(db, organizationId, 'MaintenanceEvent');
  return { ...checked, definitions };
}

/** What a schedule is set to, as the body gives it or the row holds it. */
type ScheduleSettings = Pick<
  ScheduleInput,
  | 'title'
  | 'notes'
  | 'recurrence'
  | 'mode'
  | 'leadDays'
  | 'assigneeId'
  | 'priority'
  | 'startsOn'
  | 'endsOn'
  | 'checklistTemplateId'
> & { usage: { meterId: string; every: number; combine: 'first' | 'last' } | null };

/** The settings a stored schedule holds. */
function settingsOf(row: ScheduleRow): ScheduleSettings {
  return {
    ...row,
    priority: scheduleRankPriority(row.priority),
    usage:
      row.meterId !== null && row.usageEvery !== null
        ? { meterId: row.meterId, every: row.usageEvery, combine: row.usageCombine ?? 'first' }
        : null,
  };
}

/** The columns a checked input sets. */
function columnsOf(input: ScheduleSettings, rrule: string | null) {
  return {
    title: input.title,
    notes: input.notes,
    // Parsed again: the keys in one order, whether from a body or from the database's JSON.
    recurrence: input.recurrence === null ? null : ZRecurrence.parse(input.recurrence),
    rrule,
    mode: input.mode,
    leadDays: input.leadDays,
    assigneeId: input.assigneeId?.toLowerCase() ?? null,
    priority: priorityRank(input.priority),
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    checklistTemplateId: input.checklistTemplateId?.toLowerCase() ?? null,
    meterId: input.usage?.meterId.toLowerCase() ?? null,
    usageEvery: input.usage?.every ?? null,
    // Only with a calendar part to combine with.
    usageCombine: input.usage && input.recurrence !== null ? input.usage.combine : null,
  };
}

/** The audited view of a schedule: its settings and its default values by field label. */
function auditSnapshot(
  columns: ReturnType<typeof columnsOf>,
  definitions: FieldDefinitionRow[],
  values: ReadonlyMap<string, string | null>,
  lastDoneUsage: number | null,
): Record<string, unknown> {
  const { rrule: _rrule, priority, meterId, usageEvery, usageCombine, ...settings } = columns;
  const usage =
    meterId === null
      ? null
      : { meterId, every: usageEvery, combine: usageCombine, countsFrom: lastDoneUsage };
  return {
    ...settings,
    priority: scheduleRankPriority(priority),
    usage,
    ...valuesByLabel(definitions, values),
  };
}

function auditRecord(
  context: ScheduleContext,
  schedule: Pick<ScheduleRow, 'id' | 'title'>,
  action: AuditRecord['action'],
  changes: object,
): AuditRecord {
  return {
    organizationId: context.actor.organizationId,
    actor: context.actor,
    action,
    entityType: 'Schedule',
    entityId: schedule.id,
    entityName: schedule.title,
    changes,
    ipAddress: context.ipAddress,
  };
}

const runOf = (context: ScheduleContext): UsageRun => ({
  organizationId: context.actor.organizationId,
  timeZone: context.actor.timeZone,
  now: context.now,
});

/**
 * Creates the tasks of these schedules that are due now, in the transaction of the change that made
 * them due: by their usage (the meter already past it, ADR 138), then by the calendar.
 */
async function createTheirDueTasks(
  tx: DbOrTx,
  context: ScheduleContext,
  scheduleIds: string[],
): Promise<number> {
  const byUsage = await triggerCrossed(tx, runOf(context), { scheduleIds });
  const byDate = await createDueTasksIn(tx, { ...runOf(context), scheduleIds });
  return byUsage.filter((item) => item.taskId !== null).length + byDate;
}

/** The meter of a usage trigger: one of the asset's (400 on usage.meterId otherwise), locked against readings until the commit. */
async function meterOfTrigger(tx: DbOrTx, organizationId: string, assetId: string, meterId: string) {
  const meter = isUuid(meterId)
    ? await findMeterState(tx, organizationId, meterId.toLowerCase(), true)
    : undefined;
  if (!meter || meter.assetId !== assetId) throw invalidField('usage.meterId', METER_MESSAGES.usageMeter);
  return meter;
}

/** The assets of a new schedule: each of the organization (404 otherwise) and in service (409 otherwise), locked for share. */
async function lockTargetAssets(tx: DbOrTx, organizationId: string, assetIds: string[]): Promise<void> {
  const found = await lockAssets(tx, organizationId, assetIds);
  if (found.length < assetIds.length) {
    if (assetIds.length === 1) throw notFound('Asset');
    throw new AppError('NOT_FOUND', SCHEDULE_SAID.unknownAssets(assetIds.length - found.length));
  }
  const retired = found.filter((asset) => asset.retired).length;
  if (retired > 0) {
    throw conflict(
      assetIds.length === 1 ? SCHEDULE_MESSAGES.assetRetired : SCHEDULE_MESSAGES.someAssetsRetired(retired),
    );
  }
}

/**
 * Creates the same schedule on each asset (one schedule per asset, each with its own history), with
 * its default values, one audit entry each, and the tasks already due, in one transaction.
 */
async function createSchedules(
  db: Db,
  context: ScheduleContext,
  input: ScheduleInput,
  assetIds: string[],
): Promise<{ ids: string[]; tasksCreated: number }> {
  const organizationId = context.actor.organizationId;
  const { definitions, ...checked } = await checkInput(db, organizationId, input);
  const values = resolveFieldValues('MaintenanceEvent', definitions, input.fields);
  const columns = columnsOf(input, checked.rrule);
  return db.transaction(async (tx) => {
    await lockTargetAssets(tx, organizationId, assetIds);
    // A usage trigger names one asset's meter (the apply body refuses one).
    let usage: ReturnType<typeof waitingColumns> | undefined;
    if (input.usage) {
      const meter = await meterOfTrigger(tx, organizationId, assetIds[0]!, input.usage.meterId);
      usage = waitingColumns(columns, usageFrom(meter, input.usage.from), checked.firstDueOn);
    }
    const rows: ScheduleInsert[] = assetIds.map((assetId) => ({
      ...columns,
      id: uuidv7(),
      organizationId,
      assetId,
      nextDueOn: checked.firstDueOn,
      ...usage,
      createdById: context.actor.id,
      updatedById: context.actor.id,
    }));
    await insertSchedules(tx, rows);
    const ids = rows.map((row) => row.id!);
    await insertScheduleValues(tx, organizationId, ids, values);
    const created = {
      created: true,
      ...auditSnapshot(columns, definitions, values, usage?.lastDoneUsage ?? null),
    };
    await recordAudits(
      tx,
      rows.map((row) =>
        auditRecord(context, { id: row.id!, title: row.title }, 'CREATE', {
          ...created,
          assetId: row.assetId,
        }),
      ),
    );
    return { ids, tasksCreated: await createTheirDueTasks(tx, context, ids) };
  });
}

/** Creates a schedule on one asset of the organization (administrators). */
export async function createSchedule(
  db: Db,
  context: ScheduleContext,
  input: ScheduleInput & { assetId: string },
): Promise<TSchedule> {
  const { ids } = await createSchedules(db, context, input, [input.assetId.toLowerCase()]);
  return getSchedule(db, context.actor, ids[0]!);
}

/**
 * "Apply to many assets": the same schedule on each of up to SCHEDULE_APPLY_MAX_ASSETS assets, the
 * ticked ones or those the asset list shows for its view (read in the list's order, ADR 048).
 */
export async function applySchedule(
  db: Db,
  context: ScheduleContext,
  input: ApplyScheduleInput,
): Promise<TApplyScheduleResult> {
  const assetIds = input.assetIds
    ? input.assetIds.map((id) => id.toLowerCase())
    : await findSelectedByView(
        db,
        context.actor.organizationId,
        input.query!,
        {
          max: SCHEDULE_APPLY_MAX_ASSETS,
          tooMany: ASSET_SELECTION_MESSAGES.tooMany,
          noneFound: ASSET_SELECTION_MESSAGES.noneFound,
          path: 'query',
        },
        localDate(context.now, context.actor.timeZone),
      );
  const { ids, tasksCreated } = await createSchedules(db, context, input, assetIds);
  return { created: ids.length, scheduleIds: ids, tasksCreated };
}

/** The problem of a schedule's recurrence (checkRecurrence), by the input's key; undefined when none. */
export function recurrenceProblem(input: ScheduleInput): { path: string; message: string } | undefined {
  try {
    checkRecurrence(input);
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const [field] = error.fields ?? [];
    return { path: field?.path ?? 'recurrence', message: error.message };
  }
}

/** A schedule an import creates (ADR 095): as a save takes it, on its asset, due next and paused as the file says. */
export interface ImportedSchedule {
  input: ScheduleInput;
  assetId: string;
  /** The file's next due date; null: the schedule's first. */
  nextDueOn: string | null;
  paused: boolean;
}

/**
 * Creates imported schedules in the caller's transaction, each checked as a save is (the caller has
 * checked the assets, assignees and meters), with one audit entry naming the file, then the tasks
 * already due (in the organization's time zone). A usage schedule counts from its meter's latest
 * reading and its backstop from its start date, as a new one saved in the form (its file's next due
 * date is not read); its meter is locked against readings until the commit.
 */
export async function insertImportedSchedules(
  tx: DbOrTx,
  run: { organizationId: string; actor: AuditRecord['actor']; timeZone: string; now: Date; fileName: string },
  items: ImportedSchedule[],
): Promise<void> {
  if (items.length === 0) return;
  const rows: ScheduleInsert[] = [];
  for (const { input, assetId, nextDueOn, paused } of items) {
    const checked = checkRecurrence(input);
    const columns = columnsOf(input, checked.rrule);
    const usage = input.usage
      ? waitingColumns(
          columns,
          usageFrom(await meterOfTrigger(tx, run.organizationId, assetId, input.usage.meterId), null),
          checked.firstDueOn,
        )
      : { nextDueOn: nextDueOn ?? checked.firstDueOn };
    rows.push({
      ...columns,
      id: uuidv7(),
      organizationId: run.organizationId,
      assetId,
      ...usage,
      pausedAt: paused ? run.now : null,
      createdById: run.actor?.id ?? null,
      updatedById: run.actor?.id ?? null,
    });
  }
  await insertSchedules(tx, rows);
  await recordAudits(
    tx,
    rows.map((row) => ({
      organizationId: run.organizationId,
      actor: run.actor,
      action: 'CREATE',
      entityType: 'Schedule',
      entityId: row.id!,
      entityName: row.title,
      changes: { created: true, assetId: row.assetId, import: run.fileName },
      ipAddress: null,
    })),
  );
  await createDueTasksIn(tx, { ...run, scheduleIds: rows.map((row) => row.id!) });
}

type RecountedSchedule = Pick<
  ScheduleRow,
  | 'id'
  | 'rrule'
  | 'mode'
  | 'recurrence'
  | 'startsOn'
  | 'endsOn'
  | 'meterId'
  | 'usageEvery'
  | 'usageCombine'
  | 'lastDoneUsage'
>;

/**
 * Where a schedule's next task stands, from its tasks: for a fixed schedule, the first due date after
 * its latest task (or its first one); for a floating one, none while a task is open, else the
 * recurrence counted from its last completion (or its start date). A usage schedule (ADR 138) waits
 * while a task is open; else it is due at the usage it counts from plus its "every", and its
 * calendar backstop counts from its last completion (or from its start date, as from one).
 */
async function recountedColumns(
  tx: DbOrTx,
  organizationId: string,
  timeZone: string,
  schedule: RecountedSchedule,
): Promise<Partial<ScheduleInsert>> {
  const state = await findScheduleTaskState(tx, organizationId, schedule.id);
  if (schedule.meterId !== null) {
    if (state.hasOpenTask) return { ...openTaskColumns };
    const from = state.lastCompletedAt ? localDate(state.lastCompletedAt, timeZone) : schedule.startsOn;
    const backstop = schedule.recurrence
      ? floatingDueAfter({ ...schedule, recurrence: schedule.recurrence }, from)
      : null;
    return waitingColumns(schedule, schedule.lastDoneUsage, backstop);
  }
  const calendar = { nextDueUsage: null, backstopDueOn: null, lastDoneUsage: null };
  const rrule = schedule.rrule ?? '';
  const rule = { ...schedule, rrule };
  if (schedule.mode === 'floating' && schedule.recurrence) {
    if (state.hasOpenTask) return { ...calendar, nextDueOn: null };
    if (state.lastCompletedAt) {
      const completedOn = localDate(state.lastCompletedAt, timeZone);
      return {
        ...calendar,
        nextDueOn: floatingDueAfter({ ...schedule, recurrence: schedule.recurrence }, completedOn),
      };
    }
    return { ...calendar, nextDueOn: firstDueDate(rule) };
  }
  if (state.lastDueOn && state.lastDueOn >= schedule.startsOn) {
    return { ...calendar, nextDueOn: occurrenceAfter(rrule, schedule.startsOn, state.lastDueOn, false) };
  }
  return { ...calendar, nextDueOn: firstDueDate(rule) };
}

/**
 * The usage a saved trigger counts from: the reading `from` when given; else, on the same meter,
 * where it counted from; on another meter (or a new trigger), that meter's latest use.
 */
function savedUsageFrom(
  current: ScheduleRow,
  usage: NonNullable<ScheduleInput['usage']>,
  meter: Parameters<typeof usageFrom>[0],
): number | null {
  if (usage.from !== null && usage.from !== undefined) return usageFrom(meter, usage.from);
  if (current.meterId === usage.meterId.toLowerCase() && current.lastDoneUsage !== null) {
    return current.lastDoneUsage;
  }
  return usageFrom(meter, null);
}

/**
 * Replaces a schedule's settings and default values (its asset never changes). Its tasks stay as they
 * are; the next one follows the new settings. A save that changes nothing writes nothing.
 */
export async function updateSchedule(
  db: Db,
  context: ScheduleContext,
  id: string,
  input: ScheduleInput,
): Promise<TSchedule> {
  const organizationId = context.actor.organizationId;
  const existing = await getScheduleRow(db, organizationId, id);
  const { definitions, ...checked } = await checkInput(
    db,
    organizationId,
    input,
    existing.checklistTemplateId,
  );
  const columns = columnsOf(input, checked.rrule);
  await db.transaction(async (tx) => {
    const current = await getScheduleRow(tx, organizationId, existing.id, { forUpdate: true });
    const lastDoneUsage = input.usage
      ? savedUsageFrom(
          current,
          input.usage,
          await meterOfTrigger(tx, organizationId, current.assetId, input.usage.meterId),
        )
      : null;
    const stored = await findScheduleValues(tx, organizationId, current.id);
    // Checked against the locked values: one sent back unchanged is kept (ADR 020).
    const values = resolveFieldValues('MaintenanceEvent', definitions, input.fields, stored);
    const before = new Map([...values.keys()].map((fieldId) => [fieldId, stored.get(fieldId) ?? null]));
    const changes = diffChanges(
      auditSnapshot(
        columnsOf(settingsOf(current), current.rrule),
        definitions,
        before,
        current.lastDoneUsage,
      ),
      auditSnapshot(columns, definitions, values, lastDoneUsage),
    );
    if (Object.keys(changes).length === 0) return;
    const recounted = await recountedColumns(tx, organizationId, context.actor.timeZone, {
      ...current,
      ...columns,
      lastDoneUsage,
    });
    const updated = await updateScheduleRow(tx, organizationId, current.id, {
      ...columns,
      lastDoneUsage,
      ...recounted,
      updatedById: context.actor.id,
      updatedAt: new Date(),
    });
    await replaceScheduleValues(
      tx,
      organizationId,
      current.id,
      new Map([...values].filter(([fieldId, value]) => before.get(fieldId) !== value)),
    );
    await recordAudit(tx, auditRecord(context, updated, 'UPDATE', { changes }));
    if (!updated.pausedAt) await createTheirDueTasks(tx, context, [updated.id]);
  });
  return getSchedule(db, context.actor, existing.id);
}

/** Pauses a schedule: it creates nothing until resumed (its open tasks stay). 409 when already paused. */
export async function pauseSchedule(db: Db, context: ScheduleContext, id: string): Promise<TSchedule> {
  const organizationId = context.actor.organizationId;
  const existing = await getScheduleRow(db, organizationId, id);
  await db.transaction(async (tx) => {
    const current = await getScheduleRow(tx, organizationId, existing.id, { forUpdate: true });
    if (current.pausedAt) throw conflict(SCHEDULE_MESSAGES.alreadyPaused);
    const updated = await updateScheduleRow(tx, organizationId, current.id, {
      pausedAt: context.now,
      updatedById: context.actor.id,
      updatedAt: new Date(),
    });
    await recordAudit(tx, auditRecord(context, updated, 'PAUSE', { status: 'paused' }));
  });
  return getSchedule(db, context.actor, existing.id);
}

/**
 * Resumes a paused schedule: its next due date is counted again from its tasks, and a task already
 * due is created at once (one, however long it was paused). 409 when it is not paused.
 */
export async function resumeSchedule(db: Db, context: ScheduleContext, id: string): Promise<TSchedule> {
  const organizationId = context.actor.organizationId;
  const existing = await getScheduleRow(db, organizationId, id);
  await db.transaction(async (tx) => {
    const current = await getScheduleRow(tx, organizationId, existing.id, { forUpdate: true });
    if (!current.pausedAt) throw conflict(SCHEDULE_MESSAGES.notPaused);
    const updated = await updateScheduleRow(tx, organizationId, current.id, {
      pausedAt: null,
      ...(await recountedColumns(tx, organizationId, context.actor.timeZone, current)),
      updatedById: context.actor.id,
      updatedAt: new Date(),
    });
    await recordAudit(tx, auditRecord(context, updated, 'RESUME', { status: 'active' }));
    await createTheirDueTasks(tx, context, [updated.id]);
  });
  return getSchedule(db, context.actor, existing.id);
}

/**
 * Deletes a schedule and its default values. Its tasks stay, open or done, with their due dates: they
 * are the asset's history (their schedule link is cleared by the database).
 */
export async function deleteSchedule(db: Db, context: ScheduleContext, id: string): Promise<void> {
  const organizationId = context.actor.organizationId;
  const existing = await getScheduleRow(db, organizationId, id);
  await db.transaction(async (tx) => {
    const current = await getScheduleRow(tx, organizationId, existing.id, { forUpdate: true });
    await deleteScheduleRow(tx, organizationId, current.id);
    await recordAudit(
      tx,
      auditRecord(context, current, 'DELETE', { deleted: true, assetId: current.assetId }),
    );
  });
}

/** What the events module tells a schedule about one of its tasks. */
export interface ScheduleTaskChange {
  organizationId: string;
  scheduleId: string;
  timeZone: string;
  now: Date;
}

/**
 * A task of the schedule was completed (in that transaction): a floating schedule counts its next due
 * date from this completion and creates that task at once when it is already within the lead time.
 * A fixed schedule's dates never move.
 */
export async function onScheduledTaskCompleted(tx: DbOrTx, change: ScheduleTaskChange): Promise<void> {
  const schedule = await findSchedule(tx, change.organizationId, change.scheduleId, { forUpdate: true });
  if (schedule?.mode !== 'floating') return;
  // A usage schedule counts on from the meter's use at the completion (ADR 138).
  const meter = schedule.meterId
    ? await findMeterState(tx, change.organizationId, schedule.meterId)
    : undefined;
  const lastDoneUsage = meter?.lastUsage ?? schedule.lastDoneUsage;
  const recounted = await recountedColumns(tx, change.organizationId, change.timeZone, {
    ...schedule,
    lastDoneUsage,
  });
  await updateScheduleRow(tx, change.organizationId, schedule.id, { lastDoneUsage, ...recounted });
  if (!schedule.pausedAt) {
    await createDueTasksIn(tx, {
      organizationId: change.organizationId,
      timeZone: change.timeZone,
      now: change.now,
      scheduleIds: [schedule.id],
    });
  }
}

/**
 * A task of the schedule was deleted (recorded by mistake): a floating schedule counts its next due
 * date again without it (the engine creates that task on its next run).
 */
export async function onScheduledTaskDeleted(tx: DbOrTx, change: ScheduleTaskChange): Promise<void> {
  const schedule = await findSchedule(tx, change.organizationId, change.scheduleId, { forUpdate: true });
  if (schedule?.mode !== 'floating') return;
  const recounted = await recountedColumns(tx, change.organizationId, change.timeZone, schedule);
  await updateScheduleRow(tx, change.organizationId, schedule.id, recounted);
  // A usage schedule whose meter is past its due usage gets its task again at once.
  if (!schedule.pausedAt && schedule.meterId)
    await triggerCrossed(tx, change, { scheduleIds: [schedule.id] });
}

/**
 * A meter was read (in the reading's transaction, ADR 138): the usage schedules whose due usage the
 * reading reached get their tasks, and `meter.trigger_crossed` is sent for each. `firstUsage`: the
 * meter's first reading (this one, or an import's earliest), which starts the count of the schedules
 * waiting for one; null when the meter was read before.
 */
export async function onMeterReading(
  tx: DbOrTx,
  run: UsageRun,
  reading: { id: string; meterId: string; usage: number; value: number; firstUsage: number | null },
): Promise<TUsageTriggered[]> {
  if (reading.firstUsage !== null) {
    await startCountsAtFirstReading(tx, run.organizationId, reading.meterId, reading.firstUsage);
  }
  return triggerCrossed(tx, run, { meterId: reading.meterId, usage: reading.usage }, reading);
}
