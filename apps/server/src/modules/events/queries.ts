import { EVENT_PAGE_SIZE, type TEventChecklist, type TFieldDataType, type TFollowUpOf } from '@mqr/contracts';
import { type AnyColumn, and, asc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { countUpTo, countUpToRemembered } from '#server/db/count.ts';
import { type Json, jsonRows } from '#server/db/json-rows.ts';
import { containsPattern } from '#server/db/like.ts';
import { descNullsLast } from '#server/db/order.ts';
import { idsOfPage } from '#server/db/page-ids.ts';
import { isAnyOf, preparedQuery } from '#server/db/prepared.ts';
import {
  assets,
  checklistResponses,
  checklistTemplates,
  checklistTemplateVersions,
  dueTaskTallies,
  eventChangeEntries,
  eventFieldValues,
  fieldDefinitions,
  files,
  maintenanceEvents,
  organizations,
  type TASK_STATUSES,
  taskCostLines,
  taskTimeEntries,
  users,
} from '#server/db/schema.ts';
import { COUNT_CAP } from '#server/lib/paging.ts';

export type EventRow = typeof maintenanceEvents.$inferSelect;
export type EventInsert = typeof maintenanceEvents.$inferInsert;
export type FileRow = typeof files.$inferSelect;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const startedBy = alias(users, 'task_started_by');
const completedBy = alias(users, 'task_completed_by');
const updatedBy = alias(users, 'event_updated_by');
const assignedTo = alias(users, 'task_assignee');

/** A stamp's person: the user's display name, else the name a history import kept (ADR 095). */
const personName = (user: AnyColumn, kept: AnyColumn) => sql<string | null>`coalesce(${user}, ${kept})`;

/** What an event and a pending task both show; the stamps and the assignee as display names (withTaskPeople). */
const taskColumns = {
  title: maintenanceEvents.title,
  notes: maintenanceEvents.notes,
  recordedBy: maintenanceEvents.recordedBy,
  performedAt: maintenanceEvents.performedAt,
  taskStatus: maintenanceEvents.taskStatus,
  taskStartedAt: maintenanceEvents.taskStartedAt,
  taskStartedBy: personName(startedBy.displayName, maintenanceEvents.taskStartedByName),
  taskCompletedAt: maintenanceEvents.taskCompletedAt,
  taskCompletedBy: personName(completedBy.displayName, maintenanceEvents.taskCompletedByName),
  dueOn: maintenanceEvents.dueOn,
  scheduleId: maintenanceEvents.scheduleId,
  assigneeId: maintenanceEvents.assigneeId,
  assigneeName: assignedTo.displayName,
  priority: maintenanceEvents.priority,
  downFrom: maintenanceEvents.downFrom,
  downTo: maintenanceEvents.downTo,
};

/**
 * A custom value of an event with its field's label and data type (screens write the value the
 * reader's way, ADR 118), and whether the public page may show it (ADR 091).
 */
export interface EventValueRow {
  fieldId: string;
  label: string;
  value: string;
  dataType: TFieldDataType;
  isActive: boolean;
  isPublic: boolean;
}

/** One person's time on a task. */
export interface TimeEntryRow {
  userId: string;
  userName: string | null;
  minutes: number;
}

/** A cost line of a task, money in minor units. */
export interface CostLineRow {
  id: string;
  description: string;
  quantity: number;
  unitCostMinor: number;
  totalMinor: number;
}

/** A change log entry of an event, with the display name of who made it. */
export interface EventChangeRow {
  id: string;
  changedAt: Date;
  changedBy: string | null;
  changes: (typeof eventChangeEntries.$inferSelect)['changes'];
}

const ofThisEvent = (alias: string) =>
  sql`${sql.raw(alias)}.organization_id = ${maintenanceEvents.organizationId} and ${sql.raw(alias)}.event_id = ${maintenanceEvents.id}`;

/**
 * An event's files (oldest first), custom values (display order) and change log (newest first) as
 * JSON columns of its row: on the embedded database each statement is a trip to its thread and back,
 * and an asset page's events come with their details in one trip (ADR 041).
 */
const eventDetailColumns = {
  files: jsonRows(
    sql`json_build_object('id', f.id, 'organizationId', f.organization_id, 'assetId', f.asset_id,
      'eventId', f.event_id, 'objectKey', f.object_key, 'fileName', f.file_name,
      'contentType', f.content_type, 'size', f.size, 'createdById', f.created_by_id, 'createdAt', f.created_at)`,
    // A checklist step's photo or signature is its answer, not an attachment (ADR 134).
    sql`from ${files} f where ${ofThisEvent('f')} and f.checklist_step_key is null`,
    sql`f.created_at, f.id`,
  ).mapWith((rows: Json<FileRow>[]): FileRow[] =>
    rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })),
  ),
  values: jsonRows(
    sql`json_build_object('fieldId', v.field_id, 'label', d.label, 'value', v.value, 'dataType', d.data_type,
      'isActive', d.is_active, 'isPublic', d.is_public)`,
    sql`from ${eventFieldValues} v join ${fieldDefinitions} d on d.id = v.field_id and d.organization_id = v.organization_id
      where ${ofThisEvent('v')}`,
    sql`d.display_order, d.label, d.id`,
  ).mapWith((rows: EventValueRow[]) => rows),
  timeSpent: jsonRows(
    sql`json_build_object('userId', w.user_id, 'userName', u.display_name, 'minutes', w.minutes)`,
    sql`from ${taskTimeEntries} w left join ${users} u on u.id = w.user_id where ${ofThisEvent('w')}`,
    sql`w.created_at, w.id`,
  ).mapWith((rows: TimeEntryRow[]) => rows),
  costs: jsonRows(
    sql`json_build_object('id', k.id, 'description', k.description, 'quantity', k.quantity,
      'unitCostMinor', k.unit_cost_minor, 'totalMinor', k.total_minor)`,
    sql`from ${taskCostLines} k where ${ofThisEvent('k')}`,
    sql`k.position, k.id`,
    // json_build_object writes numeric and bigint as JSON numbers.
  ).mapWith((rows: CostLineRow[]) => rows),
  changes: jsonRows(
    sql`json_build_object('id', c.id, 'changedAt', c.changed_at, 'changedBy', u.display_name, 'changes', c.changes)`,
    sql`from ${eventChangeEntries} c left join ${users} u on u.id = c.changed_by_id where ${ofThisEvent('c')}`,
    sql`c.changed_at desc, c.id desc`,
  ).mapWith((rows: Json<EventChangeRow>[]): EventChangeRow[] =>
    rows.map((row) => ({ ...row, changedAt: new Date(row.changedAt) })),
  ),
  // The task's checklist (ADR 134): its template and version, and its summary counted from the
  // answers of the version's steps; null without one. The answers are counted on their own, so that
  // no row carries the version's steps (a sort and a group by of 50 copies of them cost 3 ms).
  checklist: sql<TEventChecklist | null>`(
    select json_build_object('templateId', t.id, 'name', t.name, 'version', v.version,
      'summary', json_build_object('total', jsonb_array_length(v.steps), 'done', a.done,
        'passed', a.passed, 'failed', a.failed, 'na', a.na, 'flagged', a.flagged))
    from ${checklistTemplateVersions} v
    join ${checklistTemplates} t on t.id = v.template_id
    cross join lateral (
      select count(*)::int as done,
        (count(*) filter (where not r.flagged and r.outcome is distinct from 'na'))::int as passed,
        (count(*) filter (where r.outcome = 'fail'))::int as failed,
        (count(*) filter (where r.outcome = 'na'))::int as na,
        (count(*) filter (where r.flagged))::int as flagged
      from ${checklistResponses} r
      where r.organization_id = ${maintenanceEvents.organizationId} and r.event_id = ${maintenanceEvents.id}
    ) a
    where v.id = ${maintenanceEvents.checklistVersionId} and v.organization_id = ${maintenanceEvents.organizationId})`,
  // The task and step a follow-up was opened from (its step's label from that task's version).
  followUpOf: sql<TFollowUpOf | null>`(
    select json_build_object('eventId', p.id, 'title', p.title, 'stepKey', ${maintenanceEvents.followUpStepKey},
      'stepLabel', (select s->>'label' from ${checklistTemplateVersions} v, jsonb_array_elements(v.steps) s
        where v.id = p.checklist_version_id and s->>'key' = ${maintenanceEvents.followUpStepKey} limit 1))
    from ${maintenanceEvents} p
    where p.id = ${maintenanceEvents.followUpOfEventId} and p.organization_id = ${maintenanceEvents.organizationId})`,
};

/** Events as the API shows them (stamps as display names, with their details), filtered by `where`. */
function selectEventViews(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: maintenanceEvents.id,
      ...taskColumns,
      updatedAt: maintenanceEvents.updatedAt,
      updatedBy: updatedBy.displayName,
      ...eventDetailColumns,
      // The organization's currency, which its costs are in (ADR 131): one lookup by key.
      currency: sql<string>`(select o.currency from ${organizations} o where o.id = ${maintenanceEvents.organizationId})`,
    })
    .from(maintenanceEvents)
    .leftJoin(startedBy, eq(startedBy.id, maintenanceEvents.taskStartedById))
    .leftJoin(completedBy, eq(completedBy.id, maintenanceEvents.taskCompletedById))
    .leftJoin(assignedTo, eq(assignedTo.id, maintenanceEvents.assigneeId))
    .leftJoin(updatedBy, eq(updatedBy.id, maintenanceEvents.updatedById))
    .where(where);
}

/** An asset of the organization as its events see it (id, created when, retired or not), or undefined. */
export interface EventAssetRow {
  id: string;
  name: string;
  createdAt: Date;
  retiredAt: Date | null;
}

/**
 * The asset of the organization that events hang on, or undefined. `lock: 'share'` holds it until the
 * transaction ends, so it cannot be retired (which locks it for update) while an event is added.
 */
export async function findEventAsset(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  options: { lock?: 'share' } = {},
): Promise<EventAssetRow | undefined> {
  const query = db
    .select({ id: assets.id, name: assets.name, createdAt: assets.createdAt, retiredAt: assets.retiredAt })
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), eq(assets.id, assetId)))
    .limit(1);
  const [row] = await (options.lock ? query.for(options.lock) : query);
  return row;
}

/** Whether the asset has a task that is not Completed (Pending or InProgress). */
export async function hasOpenTasks(db: DbOrTx, organizationId: string, assetId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: maintenanceEvents.id })
    .from(maintenanceEvents)
    .where(
      and(
        eq(maintenanceEvents.organizationId, organizationId),
        eq(maintenanceEvents.assetId, assetId),
        sql`${maintenanceEvents.taskStatus} <> 'Completed'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Deletes events of the organization with what hangs on them (custom values, change log, files),
 * either these events of an asset or every event and file of the assets. Answers the deleted files'
 * object keys (to remove from storage after the commit) and the deleted events, each with its asset.
 */
export async function deleteEventsWithDetails(
  tx: DbOrTx,
  organizationId: string,
  which: { assetIds: string[]; eventIds?: string[] },
): Promise<{ files: { assetId: string; objectKey: string }[]; events: { assetId: string }[] }> {
  const ofEvents = (
    column:
      | typeof eventFieldValues.eventId
      | typeof eventChangeEntries.eventId
      | typeof taskTimeEntries.eventId
      | typeof taskCostLines.eventId
      | typeof checklistResponses.eventId,
  ) =>
    which.eventIds
      ? inArray(column, which.eventIds)
      : inArray(
          column,
          tx
            .select({ id: maintenanceEvents.id })
            .from(maintenanceEvents)
            .where(
              and(
                eq(maintenanceEvents.organizationId, organizationId),
                inArray(maintenanceEvents.assetId, which.assetIds),
              ),
            ),
        );
  await tx
    .delete(eventFieldValues)
    .where(and(eq(eventFieldValues.organizationId, organizationId), ofEvents(eventFieldValues.eventId)));
  await tx
    .delete(eventChangeEntries)
    .where(and(eq(eventChangeEntries.organizationId, organizationId), ofEvents(eventChangeEntries.eventId)));
  await tx
    .delete(taskTimeEntries)
    .where(and(eq(taskTimeEntries.organizationId, organizationId), ofEvents(taskTimeEntries.eventId)));
  await tx
    .delete(taskCostLines)
    .where(and(eq(taskCostLines.organizationId, organizationId), ofEvents(taskCostLines.eventId)));
  // The checklist answers before the files they name (their photos and signatures go with them).
  await tx
    .delete(checklistResponses)
    .where(and(eq(checklistResponses.organizationId, organizationId), ofEvents(checklistResponses.eventId)));
  const removedFiles = await tx
    .delete(files)
    .where(
      and(
        eq(files.organizationId, organizationId),
        inArray(files.assetId, which.assetIds),
        which.eventIds ? inArray(files.eventId, which.eventIds) : undefined,
      ),
    )
    .returning({ assetId: files.assetId, objectKey: files.objectKey });
  const removedEvents = await tx
    .delete(maintenanceEvents)
    .where(
      and(
        eq(maintenanceEvents.organizationId, organizationId),
        inArray(maintenanceEvents.assetId, which.assetIds),
        which.eventIds ? inArray(maintenanceEvents.id, which.eventIds) : undefined,
      ),
    )
    .returning({ assetId: maintenanceEvents.assetId });
  return { files: removedFiles, events: removedEvents };
}

/** A page of an asset's history and one more event, which says whether an older page exists. */
const EVENT_PAGE_ROWS = EVENT_PAGE_SIZE + 1;

/**
 * Up to EVENT_PAGE_ROWS events of an asset (placeholders organizationId, assetId, and `after` when
 * `older`), newest performedAt first (then id), with the display names of their stamps; `after` (an
 * event id) starts after that event. Keyset paging on the (organization, asset, performed_at, id)
 * index: the 100th page costs what the first does. The page's ids come first, then their stamps: as
 * a prepared statement's one generic plan, joining first read a 2,000-event history whole (4.7 ms),
 * where the ids walk the history index to the page (0.3 ms).
 */
function assetEventPage(db: DbOrTx, older: boolean) {
  const organizationId = sql.placeholder('organizationId');
  const assetId = sql.placeholder('assetId');
  const ofAsset = and(
    eq(maintenanceEvents.organizationId, organizationId),
    eq(maintenanceEvents.assetId, assetId),
  );
  const olderThan = older
    ? sql`(${maintenanceEvents.performedAt}, ${maintenanceEvents.id}) < (
        select m.performed_at, m.id from ${maintenanceEvents} m
        where m.organization_id = ${organizationId} and m.asset_id = ${assetId} and m.id = ${sql.placeholder('after')})`
    : undefined;
  const order = [descNullsLast(maintenanceEvents.performedAt), descNullsLast(maintenanceEvents.id)];
  const pageIds = idsOfPage(db, maintenanceEvents, and(ofAsset, olderThan), order, {
    page: 1,
    pageSize: EVENT_PAGE_ROWS,
  });
  // `= any(array(…))`, not `in (…)`: the ids are read first, once, and only their rows fetched by
  // key. As a semi-join, the one generic plan of this prepared statement could hash the
  // organization's events (all 2,021 of a small one's, 13 ms) and filter them against the page.
  const ofPage = and(
    eq(maintenanceEvents.organizationId, organizationId),
    sql`${maintenanceEvents.id} = any(array(${pageIds}))`,
  );
  return selectEventViews(db, ofPage).orderBy(...order);
}

const newestEventPage = preparedQuery('asset_event_page', (db) => assetEventPage(db, false));
const olderEventPage = preparedQuery('asset_event_page_after', (db) => assetEventPage(db, true));

/** Up to EVENT_PAGE_ROWS events of an asset, newest first, after the event `after` when given. */
export async function findAssetEventPage(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  after: string | undefined,
) {
  return after
    ? olderEventPage(db, { organizationId, assetId, after })
    : newestEventPage(db, { organizationId, assetId });
}

export type EventViewRow = Awaited<ReturnType<typeof findAssetEventPage>>[number];

/** One event of an asset with the display names of its stamps. */
export async function findEventView(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  eventId: string,
): Promise<EventViewRow | undefined> {
  const [row] = await selectEventViews(db, eventCondition(organizationId, assetId, eventId)).limit(1);
  return row;
}

function eventCondition(organizationId: string, assetId: string, eventId: string): SQL | undefined {
  return and(
    eq(maintenanceEvents.organizationId, organizationId),
    eq(maintenanceEvents.assetId, assetId),
    eq(maintenanceEvents.id, eventId),
  );
}

/** The stored row of one event of an asset; `forUpdate` locks it until the transaction ends. */
export async function findEvent(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  eventId: string,
  options: { forUpdate?: boolean } = {},
): Promise<EventRow | undefined> {
  const query = db
    .select()
    .from(maintenanceEvents)
    .where(eventCondition(organizationId, assetId, eventId));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function insertEvent(db: DbOrTx, values: EventInsert): Promise<EventRow> {
  const [row] = await db.insert(maintenanceEvents).values(values).returning();
  return row!;
}

export async function updateEvent(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
  values: Partial<EventInsert>,
): Promise<EventRow> {
  const [row] = await db
    .update(maintenanceEvents)
    .set(values)
    .where(and(eq(maintenanceEvents.organizationId, organizationId), eq(maintenanceEvents.id, eventId)))
    .returning();
  return row!;
}

/**
 * Moves a task to `to` only while its status is one of `from` (one statement, so of two concurrent
 * requests only one matches). Starting stamps the start; completing stamps the completion and, for a
 * task never started, the start too, and a planned task's performed moment is its completion.
 * Answers the updated row, or undefined when nothing matched.
 */
export async function transitionTask(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  eventId: string,
  change: { from: readonly TaskStatus[]; to: 'InProgress' | 'Completed'; at: Date; actorId: string },
): Promise<EventRow | undefined> {
  const at = sql.param(change.at, maintenanceEvents.taskStartedAt);
  // Never before its start (a start recorded meanwhile, a device's clock behind: ADR 085).
  const completedAt = sql`greatest(${at}, coalesce(${maintenanceEvents.taskStartedAt}, ${at}))`;
  const stamps: PgUpdateSetSource<typeof maintenanceEvents> =
    change.to === 'InProgress'
      ? { taskStartedAt: change.at, taskStartedById: change.actorId }
      : {
          taskStartedAt: sql`coalesce(${maintenanceEvents.taskStartedAt}, ${at})`,
          // A start an import kept by name only stays that person's.
          taskStartedById: sql`coalesce(${maintenanceEvents.taskStartedById}, case when ${maintenanceEvents.taskStartedByName} is null then ${change.actorId}::uuid end)`,
          taskCompletedAt: completedAt,
          taskCompletedById: change.actorId,
          // A planned task is performed when it is completed, not on the day it was due (ADR 096).
          performedAt: sql`case when ${maintenanceEvents.dueOn} is null then ${maintenanceEvents.performedAt}
            else ${completedAt} end`,
          // Completing the task ends a downtime still open (the asset is up again, ADR 131).
          downTo: sql`case when ${maintenanceEvents.downFrom} is not null and ${maintenanceEvents.downTo} is null
            then greatest(${completedAt}, ${maintenanceEvents.downFrom}) else ${maintenanceEvents.downTo} end`,
        };
  const [row] = await db
    .update(maintenanceEvents)
    .set({ ...stamps, taskStatus: change.to, updatedAt: change.at, updatedById: change.actorId })
    .where(
      and(
        eventCondition(organizationId, assetId, eventId),
        inArray(maintenanceEvents.taskStatus, [...change.from]),
      ),
    )
    .returning();
  return row;
}

/** Ends or moves an event's downtime and sets its priority: the row as it is after. */
export async function setTaskWork(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
  values: Pick<Partial<EventInsert>, 'downFrom' | 'downTo' | 'priority'>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(maintenanceEvents)
    .set(values)
    .where(and(eq(maintenanceEvents.organizationId, organizationId), eq(maintenanceEvents.id, eventId)));
}

/** What a completion writes of the work (ADR 131): the task's asset and completion time, copied onto each row. */
export interface TaskWorkStamp {
  organizationId: string;
  eventId: string;
  assetId: string;
  incurredAt: Date;
}

/** Replaces a task's time entries (one per person). */
export async function replaceTimeEntries(
  db: DbOrTx,
  stamp: TaskWorkStamp,
  entries: { userId: string; minutes: number }[],
): Promise<void> {
  await db
    .delete(taskTimeEntries)
    .where(
      and(
        eq(taskTimeEntries.organizationId, stamp.organizationId),
        eq(taskTimeEntries.eventId, stamp.eventId),
      ),
    );
  if (entries.length === 0) return;
  await db.insert(taskTimeEntries).values(entries.map((entry) => ({ ...stamp, ...entry })));
}

/** Replaces a task's cost lines, in the order given. */
export async function replaceCostLines(
  db: DbOrTx,
  stamp: TaskWorkStamp,
  lines: { description: string; quantity: number; unitCostMinor: number; totalMinor: number }[],
): Promise<void> {
  await db
    .delete(taskCostLines)
    .where(
      and(eq(taskCostLines.organizationId, stamp.organizationId), eq(taskCostLines.eventId, stamp.eventId)),
    );
  if (lines.length === 0) return;
  await db.insert(taskCostLines).values(lines.map((line, position) => ({ ...stamp, ...line, position })));
}

/** Which of these user ids are active members of the organization. */
export async function findActiveMembers(
  db: DbOrTx,
  organizationId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.organizationId, organizationId), inArray(users.id, userIds), eq(users.isActive, true)),
    );
  return new Set(rows.map((row) => row.id));
}

/** Replaces the values of these fields of an event: the old rows go, the non-null new ones are written. */
export async function replaceEventValues(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
  values: ReadonlyMap<string, string | null>,
): Promise<void> {
  if (values.size === 0) return;
  await db
    .delete(eventFieldValues)
    .where(
      and(
        eq(eventFieldValues.organizationId, organizationId),
        eq(eventFieldValues.eventId, eventId),
        inArray(eventFieldValues.fieldId, [...values.keys()]),
      ),
    );
  const rows = [...values]
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([fieldId, value]) => ({ organizationId, eventId, fieldId, value }));
  if (rows.length > 0) await db.insert(eventFieldValues).values(rows);
}

/** The stored custom values of one event, by field id. */
export async function findStoredEventValues(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ fieldId: eventFieldValues.fieldId, value: eventFieldValues.value })
    .from(eventFieldValues)
    .where(and(eq(eventFieldValues.organizationId, organizationId), eq(eventFieldValues.eventId, eventId)));
  return new Map(rows.map((r) => [r.fieldId, r.value]));
}

export async function insertChangeEntry(
  db: DbOrTx,
  values: typeof eventChangeEntries.$inferInsert,
): Promise<void> {
  await db.insert(eventChangeEntries).values(values);
}

/** The files attached to these events, oldest first. */
export async function findFilesOfEvents(
  db: DbOrTx,
  organizationId: string,
  eventIds: string[],
): Promise<FileRow[]> {
  if (eventIds.length === 0) return [];
  return filesOfEvents(db, { organizationId, eventIds });
}

const filesOfEvents = preparedQuery('event_files', (db) =>
  db
    .select()
    .from(files)
    .where(
      and(
        eq(files.organizationId, sql.placeholder('organizationId')),
        isAnyOf(files.eventId, 'eventIds'),
        // A checklist step's photo or signature is its answer, not an attachment (ADR 134).
        isNull(files.checklistStepKey),
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id)),
);

/** The organization's events with their asset and the names of their task stamps (tasks, history export). */
function eventsWithTheirAsset<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: DbOrTx,
  organizationId: string,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      eventId: maintenanceEvents.id,
      assetId: assets.id,
      assetName: assets.name,
      assetSlug: assets.slug,
      ...taskColumns,
      ...extra,
    })
    .from(maintenanceEvents)
    .innerJoin(
      assets,
      and(eq(assets.id, maintenanceEvents.assetId), eq(assets.organizationId, organizationId)),
    )
    .leftJoin(startedBy, eq(startedBy.id, maintenanceEvents.taskStartedById))
    .leftJoin(completedBy, eq(completedBy.id, maintenanceEvents.taskCompletedById))
    .leftJoin(assignedTo, eq(assignedTo.id, maintenanceEvents.assigneeId));
}

/** What narrows the pending list: its due filter (against the organization's today), an assignee, a priority rank. */
export interface OpenTaskFilter {
  due?: { before: string } | { from: string; to: string } | undefined;
  assigneeId?: string | undefined;
  priority?: number | undefined;
  /** One asset's (maintenance_events_org_asset_open_idx): an asset has few open tasks, sorted. */
  assetId?: string | undefined;
  /** Words of the title, within one asset's open tasks only (the contract asks assetId with it). */
  q?: string | undefined;
}

/**
 * Open tasks (the condition of the partial indexes maintenance_events_open_tasks_idx and, with an
 * assignee, maintenance_events_open_assigned_idx, word for word, so the planner can use them), then
 * the due filter as a range of the index's due dates.
 */
function openTasksCondition(organizationId: string, filter: OpenTaskFilter): SQL | undefined {
  const { due, assigneeId, priority, assetId, q } = filter;
  return and(
    eq(maintenanceEvents.organizationId, organizationId),
    sql`${maintenanceEvents.taskStatus} <> 'Completed'`,
    assetId ? eq(maintenanceEvents.assetId, assetId) : undefined,
    assetId && q ? sql`${maintenanceEvents.title} ilike ${containsPattern(q)}` : undefined,
    assigneeId ? sql`${maintenanceEvents.assigneeId} is not null` : undefined,
    assigneeId ? eq(maintenanceEvents.assigneeId, assigneeId) : undefined,
    priority === undefined ? undefined : eq(maintenanceEvents.priority, priority),
    due && 'before' in due ? sql`${maintenanceEvents.dueOn} < ${due.before}` : undefined,
    due && 'from' in due ? sql`${maintenanceEvents.dueOn} between ${due.from} and ${due.to}` : undefined,
  );
}

/**
 * The pending list's order: most urgent first (ADR 131), then by due date, tasks without one after,
 * then oldest performed first (ADR 053). `nulls last` as the index has it (priority is never null).
 */
const BY_DUE_DATE = [
  sql`${maintenanceEvents.priority} desc nulls last`,
  sql`${maintenanceEvents.dueOn} asc nulls last`,
  asc(maintenanceEvents.performedAt),
  asc(maintenanceEvents.id),
];

/**
 * One page of the organization's open tasks in the pending list's order, with their assets and their
 * checklist's summary. The page's events are picked first from the open-tasks index and only they are
 * joined: joining first made the planner hash and sort every open task of the organization (ADR 034);
 * the summary is a subquery of each of the page's rows, in the same statement, as on the asset's page.
 */
export function selectOpenTasks(
  db: DbOrTx,
  organizationId: string,
  filter: OpenTaskFilter,
  page: { page: number; pageSize: number },
) {
  const pageIds = idsOfPage(
    db,
    maintenanceEvents,
    openTasksCondition(organizationId, filter),
    BY_DUE_DATE,
    page,
  );
  return eventsWithTheirAsset(db, organizationId, { checklist: eventDetailColumns.checklist })
    .where(and(eq(maintenanceEvents.organizationId, organizationId), inArray(maintenanceEvents.id, pageIds)))
    .orderBy(...BY_DUE_DATE);
}

export async function listOpenTasks(
  db: DbOrTx,
  organizationId: string,
  filter: OpenTaskFilter,
  page: { page: number; pageSize: number },
) {
  const [total, rows] = await Promise.all([
    countUpToRemembered(`open-tasks:${organizationId}:${JSON.stringify(filter)}`, COUNT_CAP, () =>
      countUpTo(db, maintenanceEvents, openTasksCondition(organizationId, filter), COUNT_CAP),
    ),
    selectOpenTasks(db, organizationId, filter, page),
  ]);
  return { rows, total };
}

/**
 * The organization's open planned tasks due before `today` and from `today` to `soonUntil`, from the
 * per-day tallies kept by the events' trigger (ADR 053): a few hundred rows whatever its size.
 */
export async function countDueTasks(
  db: DbOrTx,
  organizationId: string,
  today: string,
  soonUntil: string,
): Promise<{ overdue: number; dueSoon: number }> {
  const result = (await db.execute(sql`
    select coalesce(sum(${dueTaskTallies.open}) filter (where ${dueTaskTallies.dueOn} < ${today}), 0)::int as overdue,
      coalesce(sum(${dueTaskTallies.open}) filter (where ${dueTaskTallies.dueOn} >= ${today}), 0)::int as "dueSoon"
    from ${dueTaskTallies}
    where ${dueTaskTallies.organizationId} = ${organizationId} and ${dueTaskTallies.dueOn} <= ${soonUntil}
      and ${dueTaskTallies.open} > 0`)) as unknown as { rows: { overdue: number; dueSoon: number }[] };
  return result.rows[0] ?? { overdue: 0, dueSoon: 0 };
}

/**
 * Up to `size` of the organization's events performed within [from, to], oldest first (then by id),
 * after the event `after` (keyset on maintenance_events_org_performed_idx), with their asset's slug
 * and name and their checklist's summary: one batch of the history export.
 */
export function findEventBatch(
  db: DbOrTx,
  organizationId: string,
  range: { from: Date; to: Date },
  after: string | undefined,
  size: number,
) {
  const afterEvent = after
    ? sql`(${maintenanceEvents.performedAt}, ${maintenanceEvents.id}) > (
        select m.performed_at, m.id from ${maintenanceEvents} m where m.organization_id = ${organizationId} and m.id = ${after})`
    : undefined;
  return eventsWithTheirAsset(db, organizationId, { checklist: eventDetailColumns.checklist })
    .where(
      and(
        eq(maintenanceEvents.organizationId, organizationId),
        gte(maintenanceEvents.performedAt, range.from),
        lte(maintenanceEvents.performedAt, range.to),
        afterEvent,
      ),
    )
    .orderBy(asc(maintenanceEvents.performedAt), asc(maintenanceEvents.id))
    .limit(size);
}

/** The custom values of these events of the organization. */
export function findValuesOfEvents(db: DbOrTx, organizationId: string, eventIds: string[]) {
  return db
    .select({
      eventId: eventFieldValues.eventId,
      fieldId: eventFieldValues.fieldId,
      value: eventFieldValues.value,
    })
    .from(eventFieldValues)
    .where(
      and(eq(eventFieldValues.organizationId, organizationId), inArray(eventFieldValues.eventId, eventIds)),
    );
}
