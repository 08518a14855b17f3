import { and, asc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import {
  apiTokens,
  assets,
  assigneeKey,
  calendarFeeds,
  dueTaskTallies,
  maintenanceEvents,
  NO_ASSIGNEE,
  organizations,
  schedules,
  users,
} from '#server/db/schema.ts';

// The calendar's reads (ADR 059). Every statement takes the organization id first and is led by an
// index on (organization_id, [assignee_id,] date, asset_id, id): a range of days is a range of the
// index. A day's tasks are ordered by priority, most urgent first, then asset and id (issue 36): the
// task indexes hold (date, priority desc, asset_id), so a day's first tasks are its first entries.
// The schedule indexes do not hold the priority: a day's planned group is read whole and sorted.

/** Whose work: everyone's, one user's, or nobody's (tasks and schedules without an assignee). */
export type AssigneeFilter = { kind: 'all' } | { kind: 'user'; userId: string } | { kind: 'unassigned' };

export interface DateRange {
  from: string;
  to: string;
}

type Rows<T> = { rows: T[] };

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/**
 * The filter on a table's assignee (alias `alias`), as the calendar's indexes key it: the assignee,
 * or NO_ASSIGNEE for nobody (an equality, so that the index's order after it still holds).
 */
function assigneeCondition(alias: string, filter: AssigneeFilter): SQL {
  if (filter.kind === 'all') return sql``;
  const key = filter.kind === 'user' ? filter.userId : NO_ASSIGNEE;
  return sql`and ${assigneeKey(sql.raw(`${alias}.assignee_id`))} = ${key}::uuid`;
}

/** A task or a planned occurrence as the calendar reads it, before its due state. */
export interface CalendarRow {
  kind: 'task' | 'planned';
  /** The event id (task) or the schedule id (planned). */
  id: string;
  date: string;
  title: string;
  assetId: string;
  assetName: string;
  assetSlug: string;
  assigneeId: string | null;
  assigneeName: string | null;
  scheduleId: string | null;
  taskStatus: 'Pending' | 'InProgress' | 'Completed' | null;
  /** The rank of the task's priority, or of its schedule's (ADRs 131, 144). */
  priority: number;
  /** When the row last changed (the feed's DTSTAMP, so an unchanged feed keeps its ETag). */
  updatedAt: string;
}

/**
 * The rows `picked` chooses (a page, cut first), with their asset's name and slug and their
 * assignee's name joined only then, in the calendar's order: date, priority (most urgent first),
 * asset, id.
 */
function withNames(db: DbOrTx, organizationId: string, picked: SQL): Promise<CalendarRow[]> {
  return rowsOf<CalendarRow>(
    db,
    sql`with ${picked}
    select r.*, a.name as "assetName", a.slug as "assetSlug", u.display_name as "assigneeName"
    from picked r
    join ${assets} a on a.organization_id = ${organizationId} and a.id = r."assetId"
    left join ${users} u on u.id = r."assigneeId"
    order by r.date, r.priority desc, r."assetId", r.id`,
  );
}

const taskColumns = sql`'task' as kind, e.id, e.due_on::text as date, e.title, e.asset_id as "assetId",
  e.assignee_id as "assigneeId", e.schedule_id as "scheduleId", e.task_status as "taskStatus", e.priority,
  to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"`;

/** How many tasks each day of the range has (days without any are left out). */
export async function countTasksByDay(
  db: DbOrTx,
  organizationId: string,
  filter: AssigneeFilter,
  range: DateRange,
): Promise<Map<string, number>> {
  // Everyone's: the per-day tallies the events' trigger keeps (ADR 053), a row per day whatever the
  // organization's size. One assignee's, or nobody's: an index-only count of their range.
  const rows =
    filter.kind === 'all'
      ? await rowsOf<{ date: string; count: number }>(
          db,
          sql`select ${dueTaskTallies.dueOn}::text as date,
              (${dueTaskTallies.open} + ${dueTaskTallies.onTime} + ${dueTaskTallies.late})::int as count
            from ${dueTaskTallies}
            where ${dueTaskTallies.organizationId} = ${organizationId}
              and ${dueTaskTallies.dueOn} between ${range.from} and ${range.to}`,
        )
      : await rowsOf<{ date: string; count: number }>(
          db,
          sql`select e.due_on::text as date, count(*)::int as count
            from ${maintenanceEvents} e
            where e.organization_id = ${organizationId} and e.due_on is not null
              and e.due_on between ${range.from} and ${range.to} ${assigneeCondition('e', filter)}
            group by e.due_on`,
        );
  return new Map(rows.filter((row) => row.count > 0).map((row) => [row.date, row.count]));
}

/** Each day's first `perDay` tasks (by priority, most urgent first, then asset and id), with their asset and assignee. */
export function findTasksPerDay(
  db: DbOrTx,
  organizationId: string,
  filter: AssigneeFilter,
  range: DateRange,
  perDay: number,
): Promise<CalendarRow[]> {
  return withNames(
    db,
    organizationId,
    sql`picked as (
      select t.* from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
      cross join lateral (
        select ${taskColumns} from ${maintenanceEvents} e
        where e.organization_id = ${organizationId} and e.due_on is not null and e.due_on = d.day::date
          ${assigneeCondition('e', filter)}
        order by e.priority desc, e.asset_id, e.id
        limit ${perDay}
      ) t
    )`,
  );
}

/** A task's place in the calendar's order: its due date, its priority's rank, its asset and its id. */
export interface TaskPosition {
  date: string;
  priority: number;
  assetId: string;
  id: string;
}

/** Where an agenda page starts: after this task, or after every task of this day. */
export type TaskCursor = TaskPosition | { afterDay: string } | undefined;

/**
 * The tasks after a position in the calendar's order (the rank negated, so that one row comparison
 * reads "most urgent first"). The range's start, the position's day, bounds the index walk.
 */
const tasksAfter = (position: TaskPosition) =>
  sql`and (e.due_on, -e.priority, e.asset_id, e.id) > (${position.date}::date, ${-position.priority}::int, ${position.assetId}::uuid, ${position.id}::uuid)`;

/** Up to `limit` tasks of the range in the agenda's order (date, priority, asset, id), after the cursor. */
export function findTasksInOrder(
  db: DbOrTx,
  organizationId: string,
  filter: AssigneeFilter,
  range: DateRange,
  cursor: TaskCursor,
  limit: number,
): Promise<CalendarRow[]> {
  let after = sql``;
  if (cursor && 'afterDay' in cursor) after = sql`and e.due_on > ${cursor.afterDay}`;
  else if (cursor) after = tasksAfter(cursor);
  return withNames(
    db,
    organizationId,
    sql`picked as (
      select ${taskColumns} from ${maintenanceEvents} e
      where e.organization_id = ${organizationId} and e.due_on is not null
        and e.due_on between ${range.from} and ${range.to} ${assigneeCondition('e', filter)} ${after}
      order by e.due_on, e.priority desc, e.asset_id, e.id
      limit ${limit}
    )`,
  );
}

/**
 * The open tasks due before `today`, however long ago, in the calendar's order (due date, priority,
 * asset, id), `limit` after the task `after` (the agenda's "Overdue" group). Everyone's walk
 * maintenance_events_open_due_idx; one assignee's or nobody's, the assignee's due index; a due date's
 * tasks are sorted by priority as they are read.
 */
export function findOverdueTasks(
  db: DbOrTx,
  organizationId: string,
  filter: AssigneeFilter,
  today: string,
  after: TaskPosition | undefined,
  limit: number,
): Promise<CalendarRow[]> {
  const afterTask = after ? tasksAfter(after) : sql``;
  return withNames(
    db,
    organizationId,
    sql`picked as (
      select ${taskColumns} from ${maintenanceEvents} e
      where e.organization_id = ${organizationId} and e.task_status <> 'Completed'
        and e.due_on is not null and e.due_on < ${today} ${assigneeCondition('e', filter)} ${afterTask}
      order by e.due_on, e.priority desc, e.asset_id, e.id
      limit ${limit}
    )`,
  );
}

/** The open tasks of one assignee due within the range, by due date (the ICS feed). */
export function findOpenTasksOf(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  range: DateRange,
  limit: number,
): Promise<CalendarRow[]> {
  // The condition of maintenance_events_open_assigned_idx, word for word.
  return withNames(
    db,
    organizationId,
    sql`picked as (
      select ${taskColumns} from ${maintenanceEvents} e
      where e.organization_id = ${organizationId} and e.task_status <> 'Completed'
        and e.assignee_id is not null and e.assignee_id = ${userId}
        and e.due_on between ${range.from} and ${range.to}
      order by e.due_on, e.performed_at, e.id
      limit ${limit}
    )`,
  );
}

/**
 * Active schedules that share a rule, a mode and a next due date fall due on the same days: the
 * calendar projects each such group once (a schedule applied to 5,000 assets is one projection).
 */
export interface ScheduleGroup {
  rrule: string;
  mode: 'fixed' | 'floating';
  nextDueOn: string;
  schedules: number;
}

/**
 * The groups of the organization's active schedules on assets in service whose next due date falls
 * by the range's end (the others have no occurrence in it), with how many schedules each holds: an
 * index-only walk of schedules_org[_assignee]_next_due_idx. Floating ones due before the range are
 * left out (their one occurrence is their next due date); an ended rule has no next due date.
 */
export function findScheduleGroups(
  db: DbOrTx,
  organizationId: string,
  filter: AssigneeFilter,
  range: DateRange,
): Promise<ScheduleGroup[]> {
  return rowsOf<ScheduleGroup>(
    db,
    sql`select s.rrule, s.mode, s.next_due_on::text as "nextDueOn", count(*)::int as schedules
      from ${schedules} s
      where s.organization_id = ${organizationId} and s.paused_at is null and s.next_due_on is not null
        and s.next_due_on <= ${range.to} ${assigneeCondition('s', filter)}
        and (s.mode = 'fixed' or s.next_due_on >= ${range.from})
        and not exists (select 1 from ${assets} a
          where a.organization_id = ${organizationId} and a.id = s.asset_id and a.retired_at is not null)
      group by s.next_due_on, s.rrule, s.mode`,
  );
}

/** Planned occurrences wanted on a day: the first `limit` schedules of these groups, after a position. */
export interface PlannedRequest {
  date: string;
  groups: ScheduleGroup[];
  limit: number;
  /** After this occurrence: its schedule's priority rank, asset and id. */
  after?: { priority: number; assetId: string; id: string } | undefined;
}

/**
 * The schedules behind the requested planned occurrences, a day's first ones by priority (most
 * urgent first), then asset and id, with their asset and assignee: one statement for every (day,
 * group) pair, each pair a walk of schedules_org[_assignee]_next_due_idx at its next due date, its
 * schedules sorted by priority and cut at the day's limit.
 */
export async function findPlannedItems(
  db: DbOrTx,
  organizationId: string,
  filter: AssigneeFilter,
  requests: PlannedRequest[],
): Promise<CalendarRow[]> {
  const pairs = requests.flatMap((request) => request.groups.map((group) => ({ request, group })));
  if (pairs.length === 0) return [];
  const column = <T>(value: (pair: (typeof pairs)[number]) => T) => sql.param(pairs.map(value));
  const rows = await withNames(
    db,
    organizationId,
    sql`wanted as (
      select * from unnest(${column((p) => p.request.date)}::date[], ${column((p) => p.group.rrule)}::text[],
        ${column((p) => p.group.mode)}::text[], ${column((p) => p.group.nextDueOn)}::date[],
        ${column((p) => p.request.after?.priority ?? null)}::int[],
        ${column((p) => p.request.after?.assetId ?? null)}::uuid[], ${column((p) => p.request.after?.id ?? null)}::uuid[],
        ${column((p) => p.request.limit)}::int[])
        as w(day, rrule, mode, next_due_on, after_priority, after_asset, after_id, lim)
    ),
    picked as (
      select 'planned' as kind, s.id, w.day::text as date, s.title, s.asset_id as "assetId",
        s.assignee_id as "assigneeId", s.id as "scheduleId", null as "taskStatus", s.priority,
        to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"
      from wanted w
      cross join lateral (
        select s.id, s.title, s.asset_id, s.assignee_id, s.priority, s.updated_at from ${schedules} s
        where s.organization_id = ${organizationId} and s.paused_at is null and s.next_due_on is not null
          and s.next_due_on = w.next_due_on and s.rrule = w.rrule and s.mode = w.mode
          ${assigneeCondition('s', filter)}
          and (w.after_id is null
            or (-s.priority, s.asset_id, s.id) > (-w.after_priority, w.after_asset, w.after_id))
          and not exists (select 1 from ${assets} a
            where a.organization_id = ${organizationId} and a.id = s.asset_id and a.retired_at is not null)
        order by s.priority desc, s.asset_id, s.id
        limit w.lim
      ) s
    )`,
  );
  // Each day keeps its own first `limit` (its groups were each cut at it).
  const limits = new Map(requests.map((request) => [request.date, request.limit]));
  const taken = new Map<string, number>();
  return rows.filter((row) => {
    const count = (taken.get(row.date) ?? 0) + 1;
    taken.set(row.date, count);
    return count <= (limits.get(row.date) ?? 0);
  });
}

/** Whether this id is a user of the organization (active or not: their work stays on the calendar). */
export async function isUserOf(db: DbOrTx, organizationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** The organization's active users by name, for the assignee filter. */
export function listActiveUsers(db: DbOrTx, organizationId: string, limit: number) {
  return db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.isActive, true)))
    .orderBy(asc(users.displayName), asc(users.id))
    .limit(limit);
}

// The ICS feeds.

/**
 * Whether a feed still lives (ADR 084), in a statement that joins its user and, left, the API token
 * it was made with: the user is active with the token version of the feed's making (no password
 * change or deactivation since), and that API token, if any, is neither revoked nor expired at `now`.
 */
function feedLives(now: Date): SQL | undefined {
  return and(
    eq(users.isActive, true),
    eq(users.tokenVersion, calendarFeeds.tokenVersion),
    or(isNull(calendarFeeds.apiTokenId), and(isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now))),
  );
}

const userOfFeed = and(
  eq(users.id, calendarFeeds.userId),
  eq(users.organizationId, calendarFeeds.organizationId),
);
const apiTokenOfFeed = and(
  eq(apiTokens.id, calendarFeeds.apiTokenId),
  eq(apiTokens.organizationId, calendarFeeds.organizationId),
);

/** The user's feed while it lives (see feedLives). */
export async function findFeed(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<{ createdAt: Date } | undefined> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .innerJoin(users, userOfFeed)
    .leftJoin(apiTokens, apiTokenOfFeed)
    .where(
      and(eq(calendarFeeds.organizationId, organizationId), eq(calendarFeeds.userId, userId), feedLives(now)),
    )
    .limit(1);
  return row;
}

/**
 * Sets the user's feed token (hashed), replacing any earlier one, bound to the user's token version
 * as it is now and to the API token that made it (null for a session).
 */
export async function replaceFeed(
  tx: DbOrTx,
  feed: {
    organizationId: string;
    userId: string;
    tokenHash: string;
    createdAt: Date;
    apiTokenId: string | null;
  },
): Promise<void> {
  await deleteFeed(tx, feed.organizationId, feed.userId);
  const tokenVersion = sql<number>`(select ${users.tokenVersion} from ${users} where ${users.id} = ${feed.userId} and ${users.organizationId} = ${feed.organizationId})`;
  await tx.insert(calendarFeeds).values({ ...feed, tokenVersion });
}

/** Removes the user's feed, living or not. */
export async function deleteFeed(tx: DbOrTx, organizationId: string, userId: string): Promise<void> {
  await tx
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.organizationId, organizationId), eq(calendarFeeds.userId, userId)));
}

/**
 * The owner of a living feed by its token's hash, with what the feed needs (the one lookup of tenant
 * data without an organization id: the secret address names its user, as a sign-in token does; a
 * unique index). Undefined for an unknown token and for a feed that no longer lives alike.
 */
export async function findFeedOwner(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      userId: users.id,
      organizationId: users.organizationId,
      displayName: users.displayName,
      language: users.language,
      timeZone: organizations.timeZone,
      organizationName: organizations.name,
      organizationLanguage: organizations.defaultLanguage,
      currency: organizations.currency,
    })
    .from(calendarFeeds)
    .innerJoin(users, userOfFeed)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .leftJoin(apiTokens, apiTokenOfFeed)
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), feedLives(now)))
    .limit(1);
  return row;
}
