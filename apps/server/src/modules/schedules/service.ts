import {
  ASSET_SELECTION_MESSAGES,
  localDate,
  priorityRank,
  SCHEDULE_APPLY_MAX_ASSETS,
  SCHEDULE_MESSAGES,
  SCHEDULE_PRIORITIES,
  SCHEDULE_SAID,
  SCHEDULE_UPCOMING_COUNT,
  type TApplyScheduleResult,
  type TSchedule,
  type TSchedulePriority,
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

export function toSchedule(row: ScheduleViewRow): TSchedule {
  let upcoming: string[] = [];
  if (row.nextDueOn) {
    upcoming =
      row.mode === 'floating'
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

export async function getSchedule(db: DbOrTx, organizationId: string, id: string): Promise<TSchedule> {
  const row = isUuid(id) ? await findScheduleView(db, organizationId, id.toLowerCase()) : undefined;
  if (!row) throw scheduleNotFound();
  return toSchedule(row);
}

export async function listSchedules(
  db: DbOrTx,
  organizationId: string,
  query: ScheduleListQuery,
): Promise<{ items: TSchedule[]; total: number }> {
  const { rows, total } = await listScheduleViews(
    db,
    organizationId,
    { assetId: query.assetId?.toLowerCase(), status: query.status },
    query,
    COUNT_CAP,
  );
  return { items: rows.map(toSchedule), total };
}

/** What a schedule's fields become once checked (ADR 051): its RRULE and its first due date. */
interface CheckedSchedule {
  rrule: string;
  firstDueOn: string;
}

/**
 * The rules that need the recurrence computed: a schedule falls due at least once between its start
 * and its end, and its lead time is no longer than the shortest time between two due dates.
 */
function checkRecurrence(input: ScheduleInput): CheckedSchedule {
  const rrule = toRRuleText(input.recurrence, input.startsOn, input.endsOn);
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
>;

/** The columns a checked input sets. */
function columnsOf(input: ScheduleSettings, rrule: string) {
  return {
    title: input.title,
    notes: input.notes,
    // Parsed again: the keys in one order, whether from a body or from the database's JSON.
    recurrence: ZRecurrence.parse(input.recurrence),
    rrule,
    mode: input.mode,
    leadDays: input.leadDays,
    assigneeId: input.assigneeId?.toLowerCase() ?? null,
    priority: priorityRank(input.priority),
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    checklistTemplateId: input.checklistTemplateId?.toLowerCase() ?? null,
  };
}

/** The audited view of a schedule: its settings and its default values by field label. */
function auditSnapshot(
  columns: ReturnType<typeof columnsOf>,
  definitions: FieldDefinitionRow[],
  values: ReadonlyMap<string, string | null>,
): Record<string, unknown> {
  const { rrule: _rrule, priority, ...settings } = columns;
  return { ...settings, priority: scheduleRankPriority(priority), ...valuesByLabel(definitions, values) };
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

/** Creates the tasks of these schedules that are due now, in the transaction of the change that made them due. */
function createTheirDueTasks(tx: DbOrTx, context: ScheduleContext, scheduleIds: string[]): Promise<number> {
  return createDueTasksIn(tx, {
    organizationId: context.actor.organizationId,
    timeZone: context.actor.timeZone,
    now: context.now,
    scheduleIds,
  });
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
    const rows: ScheduleInsert[] = assetIds.map((assetId) => ({
      ...columns,
      id: uuidv7(),
      organizationId,
      assetId,
      nextDueOn: checked.firstDueOn,
      createdById: context.actor.id,
      updatedById: context.actor.id,
    }));
    await insertSchedules(tx, rows);
    const ids = rows.map((row) => row.id!);
    await insertScheduleValues(tx, organizationId, ids, values);
    const created = { created: true, ...auditSnapshot(columns, definitions, values) };
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
  return getSchedule(db, context.actor.organizationId, ids[0]!);
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
 * checked the assets and assignees), with one audit entry naming the file, then the tasks already due
 * (in the organization's time zone).
 */
export async function insertImportedSchedules(
  tx: DbOrTx,
  run: { organizationId: string; actor: AuditRecord['actor']; timeZone: string; now: Date; fileName: string },
  items: ImportedSchedule[],
): Promise<void> {
  if (items.length === 0) return;
  const rows: ScheduleInsert[] = items.map(({ input, assetId, nextDueOn, paused }) => {
    const checked = checkRecurrence(input);
    return {
      ...columnsOf(input, checked.rrule),
      id: uuidv7(),
      organizationId: run.organizationId,
      assetId,
      nextDueOn: nextDueOn ?? checked.firstDueOn,
      pausedAt: paused ? run.now : null,
      createdById: run.actor?.id ?? null,
      updatedById: run.actor?.id ?? null,
    };
  });
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

/**
 * The due date of a schedule's next task from where its tasks stand: for a fixed schedule, the first
 * due date after its latest task (or its first one); for a floating one, none while a task is open,
 * else the recurrence counted from its last completion (or its start date).
 */
async function nextDueOf(
  tx: DbOrTx,
  organizationId: string,
  timeZone: string,
  schedule: Pick<ScheduleRow, 'id' | 'rrule' | 'mode' | 'recurrence' | 'startsOn' | 'endsOn'>,
): Promise<string | null> {
  const state = await findScheduleTaskState(tx, organizationId, schedule.id);
  if (schedule.mode === 'floating') {
    if (state.hasOpenTask) return null;
    if (state.lastCompletedAt) return floatingDueAfter(schedule, localDate(state.lastCompletedAt, timeZone));
    return firstDueDate(schedule);
  }
  if (state.lastDueOn && state.lastDueOn >= schedule.startsOn) {
    return occurrenceAfter(schedule.rrule, schedule.startsOn, state.lastDueOn, false);
  }
  return firstDueDate(schedule);
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
    const stored = await findScheduleValues(tx, organizationId, current.id);
    // Checked against the locked values: one sent back unchanged is kept (ADR 020).
    const values = resolveFieldValues('MaintenanceEvent', definitions, input.fields, stored);
    const before = new Map([...values.keys()].map((fieldId) => [fieldId, stored.get(fieldId) ?? null]));
    const changes = diffChanges(
      auditSnapshot(
        columnsOf({ ...current, priority: scheduleRankPriority(current.priority) }, current.rrule),
        definitions,
        before,
      ),
      auditSnapshot(columns, definitions, values),
    );
    if (Object.keys(changes).length === 0) return;
    const nextDueOn = await nextDueOf(tx, organizationId, context.actor.timeZone, { ...current, ...columns });
    const updated = await updateScheduleRow(tx, organizationId, current.id, {
      ...columns,
      nextDueOn,
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
  return getSchedule(db, organizationId, existing.id);
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
  return getSchedule(db, organizationId, existing.id);
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
      nextDueOn: await nextDueOf(tx, organizationId, context.actor.timeZone, current),
      updatedById: context.actor.id,
      updatedAt: new Date(),
    });
    await recordAudit(tx, auditRecord(context, updated, 'RESUME', { status: 'active' }));
    await createTheirDueTasks(tx, context, [updated.id]);
  });
  return getSchedule(db, organizationId, existing.id);
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
  const nextDueOn = await nextDueOf(tx, change.organizationId, change.timeZone, schedule);
  await updateScheduleRow(tx, change.organizationId, schedule.id, { nextDueOn });
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
  const nextDueOn = await nextDueOf(tx, change.organizationId, change.timeZone, schedule);
  await updateScheduleRow(tx, change.organizationId, schedule.id, { nextDueOn });
}
