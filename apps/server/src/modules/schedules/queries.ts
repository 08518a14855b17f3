import { and, asc, eq, getTableColumns, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { countUpTo } from '#server/db/count.ts';
import { jsonRows } from '#server/db/json-rows.ts';
import { descNullsLast } from '#server/db/order.ts';
import { idsOfPage } from '#server/db/page-ids.ts';
import {
  assets,
  auditLogEntries,
  checklistTemplates,
  checklistTemplateVersions,
  eventFieldValues,
  fieldDefinitions,
  maintenanceEvents,
  meters,
  organizations,
  scheduleFieldValues,
  schedules,
  users,
} from '#server/db/schema.ts';

export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduleInsert = typeof schedules.$inferInsert;

const assignee = alias(users, 'schedule_assignee');

/**
 * A schedule with what it shows: its asset's name and slug, its assignee's name, its default values,
 * and its usage trigger's meter where it stands (ADR 138).
 */
const scheduleViewColumns = {
  ...getTableColumns(schedules),
  assetName: assets.name,
  assetSlug: assets.slug,
  assigneeName: assignee.displayName,
  // The checklist its tasks get (ADR 134): its name, one lookup by key.
  checklistName: sql<string | null>`(select t.name from ${checklistTemplates} t
    where t.id = ${schedules.checklistTemplateId} and t.organization_id = ${schedules.organizationId})`,
  meterName: meters.name,
  meterUnit: meters.unit,
  meterLastValue: meters.lastValue,
  meterLastUsage: meters.lastUsage,
  meterLastReadAt: meters.lastReadAt,
  meterDailyRate: meters.dailyRate,
  values: jsonRows(
    sql`json_build_object('fieldId', v.field_id, 'label', d.label, 'value', v.value)`,
    sql`from ${scheduleFieldValues} v join ${fieldDefinitions} d on d.id = v.field_id
      where v.organization_id = ${schedules.organizationId} and v.schedule_id = ${schedules.id}`,
    sql`d.display_order, d.label, d.id`,
  ).mapWith((rows: { fieldId: string; label: string; value: string }[]) => rows),
};

function selectScheduleViews(db: DbOrTx, organizationId: string) {
  return db
    .select(scheduleViewColumns)
    .from(schedules)
    .innerJoin(assets, and(eq(assets.id, schedules.assetId), eq(assets.organizationId, organizationId)))
    .leftJoin(assignee, eq(assignee.id, schedules.assigneeId))
    .leftJoin(meters, and(eq(meters.id, schedules.meterId), eq(meters.organizationId, organizationId)));
}

export type ScheduleViewRow = Awaited<ReturnType<ReturnType<typeof selectScheduleViews>['execute']>>[number];

export async function findScheduleView(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<ScheduleViewRow | undefined> {
  const [row] = await selectScheduleViews(db, organizationId)
    .where(and(eq(schedules.organizationId, organizationId), eq(schedules.id, id)))
    .limit(1);
  return row;
}

/**
 * A batch of the organization's schedules after the schedule `after`, in the order of their ids, as
 * the list shows them, with the assignee's email: the schedules export.
 */
export function findScheduleBatch(
  db: DbOrTx,
  organizationId: string,
  after: string | undefined,
  limit: number,
) {
  return db
    .select({ ...scheduleViewColumns, assigneeEmail: assignee.email })
    .from(schedules)
    .innerJoin(assets, and(eq(assets.id, schedules.assetId), eq(assets.organizationId, organizationId)))
    .leftJoin(assignee, eq(assignee.id, schedules.assigneeId))
    .leftJoin(meters, and(eq(meters.id, schedules.meterId), eq(meters.organizationId, organizationId)))
    .where(and(eq(schedules.organizationId, organizationId), after ? gt(schedules.id, after) : undefined))
    .orderBy(asc(schedules.id))
    .limit(limit);
}

const NEWEST_FIRST = [descNullsLast(schedules.createdAt), descNullsLast(schedules.id)];

/** One page of the organization's schedules (of one asset, active or paused ones), newest first, and how many. */
export async function listScheduleViews(
  db: DbOrTx,
  organizationId: string,
  query: { assetId?: string | undefined; status?: 'active' | 'paused' | undefined },
  page: { page: number; pageSize: number },
  countCap: number,
): Promise<{ rows: ScheduleViewRow[]; total: number }> {
  const status =
    query.status === 'active'
      ? isNull(schedules.pausedAt)
      : query.status === 'paused'
        ? isNotNull(schedules.pausedAt)
        : undefined;
  const where = and(
    eq(schedules.organizationId, organizationId),
    query.assetId ? eq(schedules.assetId, query.assetId) : undefined,
    status,
  );
  const pageIds = idsOfPage(db, schedules, where, NEWEST_FIRST, page);
  const [total, rows] = await Promise.all([
    countUpTo(db, schedules, where, countCap),
    selectScheduleViews(db, organizationId)
      .where(and(eq(schedules.organizationId, organizationId), inArray(schedules.id, pageIds)))
      .orderBy(...NEWEST_FIRST),
  ]);
  return { rows, total };
}

/** One schedule of the organization; `forUpdate` locks it until the transaction ends. */
export async function findSchedule(
  db: DbOrTx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ScheduleRow | undefined> {
  const query = db
    .select()
    .from(schedules)
    .where(and(eq(schedules.organizationId, organizationId), eq(schedules.id, id)))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** Rows per INSERT: a statement holds at most 65,535 parameters. */
const INSERT_CHUNK = 1000;

/** Inserts schedules, a thousand per statement; answers them in the order given. */
export async function insertSchedules(tx: DbOrTx, rows: ScheduleInsert[]): Promise<ScheduleRow[]> {
  const inserted: ScheduleRow[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    inserted.push(
      ...(await tx
        .insert(schedules)
        .values(rows.slice(start, start + INSERT_CHUNK))
        .returning()),
    );
  }
  return inserted;
}

export async function updateSchedule(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<ScheduleInsert>,
): Promise<ScheduleRow> {
  const [row] = await tx
    .update(schedules)
    .set(values)
    .where(and(eq(schedules.organizationId, organizationId), eq(schedules.id, id)))
    .returning();
  return row!;
}

export async function deleteScheduleRow(tx: DbOrTx, organizationId: string, id: string): Promise<void> {
  await tx.delete(schedules).where(and(eq(schedules.organizationId, organizationId), eq(schedules.id, id)));
}

/** The stored default values of one schedule, by field id. */
export async function findScheduleValues(
  db: DbOrTx,
  organizationId: string,
  scheduleId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ fieldId: scheduleFieldValues.fieldId, value: scheduleFieldValues.value })
    .from(scheduleFieldValues)
    .where(
      and(
        eq(scheduleFieldValues.organizationId, organizationId),
        eq(scheduleFieldValues.scheduleId, scheduleId),
      ),
    );
  return new Map(rows.map((row) => [row.fieldId, row.value]));
}

/** Writes the non-null default values on each of these schedules (one statement, whatever their number). */
export async function insertScheduleValues(
  tx: DbOrTx,
  organizationId: string,
  scheduleIds: string[],
  values: ReadonlyMap<string, string | null>,
): Promise<void> {
  const written = [...values].filter((entry): entry is [string, string] => entry[1] !== null);
  if (written.length === 0 || scheduleIds.length === 0) return;
  await tx.execute(sql`
    insert into ${scheduleFieldValues} (organization_id, schedule_id, field_id, value)
    select ${organizationId}::uuid, s.id, v.field_id, v.value
    from unnest(${sql.param(scheduleIds)}::uuid[]) as s(id)
    cross join unnest(${sql.param(written.map((e) => e[0]))}::uuid[], ${sql.param(written.map((e) => e[1]))}::text[]) as v(field_id, value)`);
}

/** Replaces these fields' default values of one schedule: the old rows go, the non-null new ones are written. */
export async function replaceScheduleValues(
  tx: DbOrTx,
  organizationId: string,
  scheduleId: string,
  values: ReadonlyMap<string, string | null>,
): Promise<void> {
  if (values.size === 0) return;
  await tx
    .delete(scheduleFieldValues)
    .where(
      and(
        eq(scheduleFieldValues.organizationId, organizationId),
        eq(scheduleFieldValues.scheduleId, scheduleId),
        inArray(scheduleFieldValues.fieldId, [...values.keys()]),
      ),
    );
  await insertScheduleValues(tx, organizationId, [scheduleId], values);
}

/** The organization's assets among these ids, with whether each is retired; locked for share until the commit. */
export async function lockAssets(
  tx: DbOrTx,
  organizationId: string,
  assetIds: string[],
): Promise<{ id: string; retired: boolean }[]> {
  const rows = await tx
    .select({ id: assets.id, retiredAt: assets.retiredAt })
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), inArray(assets.id, assetIds)))
    .for('share');
  return rows.map((row) => ({ id: row.id, retired: row.retiredAt !== null }));
}

/** Whether this id is an active user of the organization. */
export async function isActiveUserOf(db: DbOrTx, organizationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId), eq(users.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/** Where a schedule's tasks stand: its latest due date, whether one is open, its latest completion. */
export async function findScheduleTaskState(
  db: DbOrTx,
  organizationId: string,
  scheduleId: string,
): Promise<{ lastDueOn: string | null; hasOpenTask: boolean; lastCompletedAt: Date | null }> {
  const result = (await db.execute(sql`
    select max(${maintenanceEvents.dueOn})::text as "lastDueOn",
      bool_or(${maintenanceEvents.taskStatus} <> 'Completed') as "hasOpenTask",
      max(${maintenanceEvents.taskCompletedAt}) as "lastCompletedAt"
    from ${maintenanceEvents}
    where ${maintenanceEvents.organizationId} = ${organizationId} and ${maintenanceEvents.scheduleId} = ${scheduleId}`)) as unknown as {
    rows: { lastDueOn: string | null; hasOpenTask: boolean | null; lastCompletedAt: string | Date | null }[];
  };
  const row = result.rows[0];
  return {
    lastDueOn: row?.lastDueOn ?? null,
    hasOpenTask: row?.hasOpenTask ?? false,
    lastCompletedAt: row?.lastCompletedAt ? new Date(row.lastCompletedAt) : null,
  };
}

/** The organization's time zone (the engine's "today"); undefined for an unknown organization. */
export async function findOrganizationTimeZone(
  db: DbOrTx,
  organizationId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row?.timeZone;
}

// The engine (ADR 052).

/**
 * The organizations with an active schedule whose next task appears by `latestToday` (the latest
 * "today" of any time zone): an index-only walk of the due schedules.
 */
export async function findOrganizationsWithDueSchedules(db: DbOrTx, latestToday: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select distinct ${schedules.organizationId} as id from ${schedules}
    where ${schedules.pausedAt} is null and ${schedules.nextDueOn} is not null and ${schedules.createsOn} <= ${latestToday}`)) as unknown as {
    rows: { id: string }[];
  };
  return result.rows.map((row) => row.id);
}

export interface DueScheduleRow {
  id: string;
  assetId: string;
  rrule: string;
  mode: ScheduleRow['mode'];
  nextDueOn: string;
  leadDays: number;
}

/**
 * Up to `limit` active schedules of the organization whose next task appears by `today`, on assets in
 * service, locked until the transaction ends; rows another transaction holds are skipped (it is
 * creating their tasks), so several engines share the work instead of waiting for each other. Led by
 * the due index in its order (a join led by the assets would sort a whole new tenant's schedules when
 * its statistics are not in yet); a retired asset's schedules are left out by an anti-join.
 */
export async function lockDueSchedules(
  tx: DbOrTx,
  organizationId: string,
  today: string,
  limit: number,
  scheduleIds?: string[],
): Promise<DueScheduleRow[]> {
  const result = (await tx.execute(sql`
    select s.id, s.asset_id as "assetId", s.rrule, s.mode, s.next_due_on::text as "nextDueOn",
      s.lead_days as "leadDays"
    from ${schedules} s
    where s.organization_id = ${organizationId} and s.paused_at is null and s.next_due_on is not null
      and s.creates_on <= ${today}
      and not exists (select 1 from ${assets} a
        where a.organization_id = ${organizationId} and a.id = s.asset_id and a.retired_at is not null)
      ${scheduleIds ? sql`and s.id = any(${sql.param(scheduleIds)}::uuid[])` : sql``}
    order by s.creates_on, s.id
    limit ${limit}
    for update of s skip locked`)) as unknown as { rows: DueScheduleRow[] };
  return result.rows;
}

export interface PlannedTask {
  scheduleId: string;
  assetId: string;
  eventId: string;
  auditId: string;
  dueOn: string;
  nextDueOn: string | null;
}

/**
 * Creates the planned tasks in one statement (set-based): a Pending event per schedule and due date
 * with the schedule's title, notes, assignee and default values (of active fields), its audit entry,
 * and the schedule's next due date. A task that exists already (the unique index on schedule and due
 * date) is skipped: running twice, or on two instances at once, never makes a second one; with
 * `onlyMade`, its schedule is then left as it was (a usage trigger tries again with the next reading).
 * Answers the tasks created, with their schedules.
 */
export async function insertPlannedTasks(
  tx: DbOrTx,
  organizationId: string,
  timeZone: string,
  now: Date,
  tasks: PlannedTask[],
  options: { onlyMade?: boolean } = {},
): Promise<{ id: string; scheduleId: string }[]> {
  if (tasks.length === 0) return [];
  const column = <K extends keyof PlannedTask>(key: K) => sql.param(tasks.map((task) => task[key]));
  const result = (await tx.execute(sql`
    with plan as (
      select * from unnest(${column('scheduleId')}::uuid[], ${column('eventId')}::uuid[],
        ${column('auditId')}::uuid[], ${column('dueOn')}::date[], ${column('nextDueOn')}::date[])
        as p(schedule_id, event_id, audit_id, due_on, next_due_on)
    ),
    -- Held until the commit: an asset is not retired under a new open task (and one retired
    -- meanwhile gets none).
    live_assets as (
      select a.id from ${assets} a
      where a.organization_id = ${organizationId} and a.retired_at is null
        and a.id = any(${column('assetId')}::uuid[])
      for share
    ),
    made as (
      insert into ${maintenanceEvents} (id, organization_id, asset_id, title, notes, performed_at, task_status,
        due_on, schedule_id, assignee_id, priority, checklist_version_id, created_at, updated_at)
      select p.event_id, s.organization_id, s.asset_id, s.title, s.notes,
        p.due_on::timestamp at time zone ${timeZone}, 'Pending', p.due_on, s.id, s.assignee_id, s.priority,
        -- The current version of its checklist, unless archived (ADR 134).
        (select v.id from ${checklistTemplates} t
          join ${checklistTemplateVersions} v on v.template_id = t.id and v.version = t.current_version
          where t.id = s.checklist_template_id and t.organization_id = ${organizationId} and t.archived_at is null),
        ${now}, ${now}
      from plan p
      join ${schedules} s on s.id = p.schedule_id and s.organization_id = ${organizationId}
      join live_assets a on a.id = s.asset_id
      on conflict (schedule_id, due_on, organization_id) where schedule_id is not null do nothing
      returning id, schedule_id, title, due_on
    ),
    copied as (
      insert into ${eventFieldValues} (organization_id, event_id, field_id, value)
      select ${organizationId}::uuid, m.id, v.field_id, v.value
      from made m
      join ${scheduleFieldValues} v on v.organization_id = ${organizationId} and v.schedule_id = m.schedule_id
      join ${fieldDefinitions} d on d.id = v.field_id and d.organization_id = ${organizationId} and d.is_active
    ),
    audited as (
      insert into ${auditLogEntries} (id, organization_id, user_id, user_name, action, entity_type, entity_id,
        entity_name, changes, ip_address, created_at)
      select p.audit_id, ${organizationId}::uuid, null, 'system', 'CREATE', 'MaintenanceEvent', m.id, left(m.title, 255),
        json_build_object('created', true, 'scheduleId', m.schedule_id, 'dueOn', m.due_on)::text, null, ${now}
      from made m join plan p on p.schedule_id = m.schedule_id
    ),
    moved as (
      -- A usage schedule waits for its task's completion (ADR 138): no usage due meanwhile.
      update ${schedules} s set next_due_on = p.next_due_on, next_due_usage = null
      from plan p where s.id = p.schedule_id and s.organization_id = ${organizationId}
        ${options.onlyMade ? sql`and exists (select 1 from made m where m.schedule_id = p.schedule_id)` : sql``}
    )
    select m.id, m.schedule_id as "scheduleId" from made m`)) as unknown as {
    rows: { id: string; scheduleId: string }[];
  };
  return result.rows;
}

// Usage triggers (ADR 138).

/** Where a meter stands, as the schedules read it (modules/meters keeps it). */
export interface MeterState {
  id: string;
  assetId: string;
  name: string;
  unit: string;
  lastValue: number | null;
  lastUsage: number | null;
  lastReadAt: Date | null;
  dailyRate: number | null;
}

/** One meter of the organization; undefined for another organization's or an unknown id. */
export async function findMeterState(
  db: DbOrTx,
  organizationId: string,
  meterId: string,
  lock = false,
): Promise<MeterState | undefined> {
  const query = db
    .select({
      id: meters.id,
      assetId: meters.assetId,
      name: meters.name,
      unit: meters.unit,
      lastValue: meters.lastValue,
      lastUsage: meters.lastUsage,
      lastReadAt: meters.lastReadAt,
      dailyRate: meters.dailyRate,
    })
    .from(meters)
    .where(and(eq(meters.organizationId, organizationId), eq(meters.id, meterId)))
    .limit(1);
  // Shared: readings (which lock it for update) wait until a schedule counting on it is saved.
  const [row] = await (lock ? query.for('share') : query);
  return row;
}

/** An active usage schedule whose due usage a meter has reached, as a reading's transaction handles it. */
export interface CrossedScheduleRow {
  id: string;
  assetId: string;
  title: string;
  meterId: string;
  combine: 'first' | 'last' | null;
  backstopDueOn: string | null;
  leadDays: number;
  nextDueUsage: number;
  meterName: string;
  unit: string;
  /** The meter's use counted up to its latest reading, and that reading's value. */
  lastUsage: number;
  lastValue: number;
}

/**
 * A meter's first reading (ADR 138): its usage schedules saved before it, counting from it, start
 * their count there; one with an open task (its backstop came first) waits for that task's
 * completion to know its next due use.
 */
export async function startCountsAtFirstReading(
  tx: DbOrTx,
  organizationId: string,
  meterId: string,
  usage: number,
): Promise<void> {
  await tx.execute(sql`
    update ${schedules} s
    set last_done_usage = ${usage},
      next_due_usage = case when exists (
        select 1 from ${maintenanceEvents} e
        where e.organization_id = ${organizationId} and e.schedule_id = s.id and e.task_status <> 'Completed'
      ) then null else ${usage} + s.usage_every end
    where s.organization_id = ${organizationId} and s.meter_id = ${meterId} and s.last_done_usage is null`);
}

/**
 * The active usage schedules of one meter (or of these schedules) whose due usage the meter's latest
 * reading has reached, not past their end, locked until the commit. Led by
 * schedules_org_meter_due_idx: a reading reads its own meter's due schedules, however many the
 * organization has.
 */
export async function lockCrossedSchedules(
  tx: DbOrTx,
  organizationId: string,
  today: string,
  which: { meterId: string; usage: number } | { scheduleIds: string[] },
): Promise<CrossedScheduleRow[]> {
  const result = (await tx.execute(sql`
    select s.id, s.asset_id as "assetId", s.title, s.meter_id as "meterId", s.usage_combine as combine,
      s.backstop_due_on::text as "backstopDueOn", s.lead_days as "leadDays", s.next_due_usage as "nextDueUsage",
      m.name as "meterName", m.unit, m.last_usage as "lastUsage", m.last_value as "lastValue"
    from ${schedules} s
    join ${meters} m on m.organization_id = ${organizationId} and m.id = s.meter_id
    where s.organization_id = ${organizationId} and s.paused_at is null and s.next_due_usage is not null
      ${
        'meterId' in which
          ? sql`and s.meter_id = ${which.meterId} and s.next_due_usage <= ${which.usage}`
          : sql`and s.id = any(${sql.param(which.scheduleIds)}::uuid[]) and s.next_due_usage <= m.last_usage`
      }
      and (s.ends_on is null or s.ends_on >= ${today})
    order by s.id
    for update of s`)) as unknown as { rows: CrossedScheduleRow[] };
  return result.rows;
}
