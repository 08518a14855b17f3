import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  CALENDAR_ASSIGNEES_MAX,
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  CALENDAR_FEED_MAX_EVENTS,
  dueStateOf,
  formatAgendaPosition,
  languageOf,
  localDate,
  parseAgendaPosition,
  priorityOfRank,
  priorityRank,
  SCHEDULE_LATEST_DATE,
  type TAgenda,
  type TAgendaPosition,
  type TCalendarAssigneeOption,
  type TCalendarDay,
  type TCalendarDays,
  type TCalendarFeed,
  type TCalendarFeedCreated,
  type TCalendarItem,
  type ZAgendaQuery,
  type ZCalendarAssignee,
  type ZCalendarDaysQuery,
  type ZOverdueQuery,
} from '@mqr/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { asOrganization, asSystem } from '#server/db/scope.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { recordAudit } from '../audit-logs/index.ts';
import { buildFeed } from './ics.ts';
import { type CalendarScope, fillWithPlanned, plannedCount, plannedDays, windowFrom } from './planned.ts';
import {
  type AssigneeFilter,
  type CalendarRow,
  countTasksByDay,
  type DateRange,
  deleteFeed,
  findFeed,
  findFeedOwner,
  findOpenTasksOf,
  findOverdueTasks,
  findPlannedItems,
  findTasksInOrder,
  findTasksPerDay,
  isUserOf,
  listActiveUsers,
  type PlannedRequest,
  replaceFeed,
  type TaskCursor,
} from './queries.ts';

/** Who is asking, and when (the app's clock: ADR 052). */
export interface CalendarContext {
  actor: AuthUser;
  now: Date;
}

/** The assignee filter of a request: "me" is the acting user; a user of another organization is not found. */
async function scopeOf(
  db: DbOrTx,
  context: CalendarContext,
  assignee: z.output<typeof ZCalendarAssignee>,
): Promise<CalendarScope> {
  const organizationId = context.actor.organizationId;
  let filter: AssigneeFilter = { kind: 'all' };
  if (assignee === 'me') filter = { kind: 'user', userId: context.actor.id };
  else if (assignee === 'unassigned') filter = { kind: 'unassigned' };
  else if (assignee !== 'all') {
    const userId = assignee.toLowerCase();
    if (!isUuid(userId) || !(await isUserOf(db, organizationId, userId))) throw notFound('User');
    filter = { kind: 'user', userId };
  }
  return { organizationId, filter, today: localDate(context.now, context.actor.timeZone) };
}

function toItem(row: CalendarRow, today: string): TCalendarItem {
  const task = row.kind === 'task';
  return {
    kind: row.kind,
    key: task ? row.id : `${row.id}:${row.date}`,
    date: row.date,
    title: row.title,
    assetId: row.assetId,
    assetName: row.assetName,
    assetSlug: row.assetSlug,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    scheduleId: row.scheduleId,
    eventId: task ? row.id : null,
    taskStatus: row.taskStatus,
    priority: priorityOfRank(row.priority),
    dueState: dueStateOf({ dueOn: row.date, completed: row.taskStatus === 'Completed' }, today),
  };
}

/** Where a page ends, after this row. */
const positionOf = (row: CalendarRow): string =>
  formatAgendaPosition({
    date: row.date,
    kind: row.kind,
    priority: priorityOfRank(row.priority),
    assetId: row.assetId,
    id: row.id,
  });

/** A position as the queries compare it: the priority as its rank. */
const ranked = (position: TAgendaPosition) => ({ ...position, priority: priorityRank(position.priority) });

function byDate(rows: CalendarRow[]): Map<string, CalendarRow[]> {
  const map = new Map<string, CalendarRow[]>();
  for (const row of rows) {
    const list = map.get(row.date);
    if (list) list.push(row);
    else map.set(row.date, [row]);
  }
  return map;
}

export type CalendarDaysQuery = z.output<typeof ZCalendarDaysQuery>;
export type AgendaQuery = z.output<typeof ZAgendaQuery>;

/**
 * The month and week views: each day of the range that has work, with how many items it has and
 * its first `perDay` (its tasks, then its planned occurrences, each by priority, most urgent first,
 * then by asset). A handful of
 * statements whatever the organization's size: per-day counts, a lateral walk of each day's first
 * tasks, the schedule groups, and one walk for the planned occurrences shown (ADR 059).
 */
export async function getCalendarDays(
  db: DbOrTx,
  context: CalendarContext,
  query: CalendarDaysQuery,
): Promise<TCalendarDays> {
  const scope = await scopeOf(db, context, query.assignee);
  const range: DateRange = { from: query.from, to: query.to };
  const [taskCounts, tasks, planned] = await Promise.all([
    countTasksByDay(db, scope.organizationId, scope.filter, range),
    findTasksPerDay(db, scope.organizationId, scope.filter, range, query.perDay),
    plannedDays(db, scope, range),
  ]);
  const tasksByDay = byDate(tasks);
  const requests: PlannedRequest[] = [];
  for (const [date, groups] of planned) {
    const room = query.perDay - (tasksByDay.get(date)?.length ?? 0);
    if (room > 0) requests.push({ date, groups, limit: Math.min(room, plannedCount(groups)) });
  }
  const plannedByDay = byDate(await findPlannedItems(db, scope.organizationId, scope.filter, requests));
  const dates = [...new Set([...taskCounts.keys(), ...planned.keys()])].sort();
  const days = dates.map(
    (date): TCalendarDay => ({
      date,
      total: (taskCounts.get(date) ?? 0) + plannedCount(planned.get(date)),
      items: [...(tasksByDay.get(date) ?? []), ...(plannedByDay.get(date) ?? [])].map((row) =>
        toItem(row, scope.today),
      ),
    }),
  );
  return { today: scope.today, from: range.from, to: range.to, days };
}

/** A page of the agenda being put together: rows in order, and the planned ones still to read. */
type Segment = { rows: CalendarRow[] } | { request: PlannedRequest };

/**
 * The agenda: the range's items in order (date; a day's tasks, then its planned occurrences; each
 * by priority, most urgent first, then asset and id), `limit` at a time after `after`. The tasks come from one keyset walk; the
 * planned occurrences are counted per day from the schedule groups, so only those on the page are
 * read (ADR 059).
 */
export async function getAgenda(db: DbOrTx, context: CalendarContext, query: AgendaQuery): Promise<TAgenda> {
  const scope = await scopeOf(db, context, query.assignee);
  const parsed = query.after ? parseAgendaPosition(query.after) : null;
  const position = parsed ? ranked(parsed) : null;
  const from = position && position.date > query.from ? position.date : query.from;
  const range: DateRange = { from, to: query.to };
  let taskCursor: TaskCursor;
  if (position?.kind === 'task') taskCursor = position;
  else if (position) taskCursor = { afterDay: position.date };
  const [tasks, planned] = await Promise.all([
    findTasksInOrder(db, scope.organizationId, scope.filter, range, taskCursor, query.limit + 1),
    plannedDays(db, scope, range),
  ]);
  const tasksByDay = byDate(tasks);
  // A page that starts among a day's planned occurrences reads that day's rest first: how many are
  // left after the position is not known from the counts.
  const known = new Map<string, CalendarRow[]>();
  if (position?.kind === 'planned' && planned.has(position.date)) {
    const request = { date: position.date, groups: planned.get(position.date)!, limit: query.limit + 1 };
    known.set(
      position.date,
      await findPlannedItems(db, scope.organizationId, scope.filter, [{ ...request, after: position }]),
    );
  }

  const segments: Segment[] = [];
  let room = query.limit;
  let more = false;
  for (const date of [...new Set([...tasksByDay.keys(), ...planned.keys()])].sort()) {
    const dayTasks = tasksByDay.get(date) ?? [];
    segments.push({ rows: dayTasks.slice(0, room) });
    more = dayTasks.length > room;
    room -= Math.min(room, dayTasks.length);
    const groups = planned.get(date);
    if (more || !groups) {
      if (more) break;
      continue;
    }
    const read = known.get(date);
    const count = read ? read.length : plannedCount(groups);
    more = count > room;
    const limit = Math.min(room, count);
    if (read) segments.push({ rows: read.slice(0, limit) });
    else if (limit > 0) segments.push({ request: { date, groups, limit } });
    room -= limit;
    if (more) break;
  }
  const requests = segments.flatMap((segment) => ('request' in segment ? [segment.request] : []));
  const plannedByDay = byDate(await findPlannedItems(db, scope.organizationId, scope.filter, requests));
  const rows = segments.flatMap((segment) =>
    'rows' in segment ? segment.rows : (plannedByDay.get(segment.request.date) ?? []),
  );
  const last = rows.at(-1);
  return {
    today: scope.today,
    items: rows.map((row) => toItem(row, scope.today)),
    nextAfter: more && last ? positionOf(last) : null,
  };
}

/**
 * The open tasks due before today, oldest first (a day's by priority), `limit` at a time after `after`: what the agenda
 * shows first, so that work already late is in view whatever day it opens on.
 */
export async function getOverdue(
  db: DbOrTx,
  context: CalendarContext,
  query: z.output<typeof ZOverdueQuery>,
): Promise<TAgenda> {
  const scope = await scopeOf(db, context, query.assignee);
  const after = query.after ? ranked(parseAgendaPosition(query.after)!) : undefined;
  const rows = await findOverdueTasks(
    db,
    scope.organizationId,
    scope.filter,
    scope.today,
    after,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    today: scope.today,
    items: page.map((row) => toItem(row, scope.today)),
    nextAfter: rows.length > query.limit && last ? positionOf(last) : null,
  };
}

/** The people the assignee filter offers: the organization's active users, by name. */
export async function listAssignees(db: DbOrTx, actor: AuthUser): Promise<TCalendarAssigneeOption[]> {
  return listActiveUsers(db, actor.organizationId, CALENDAR_ASSIGNEES_MAX);
}

// The ICS feed (docs/product/calendar.md#subscribe-from-a-calendar-app).

/** The feed's token is 256 random bits; only its SHA-256 is stored (a fast hash is enough for that much entropy). */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const FEED_PATH = '/public/calendar';
export const feedUrl = (publicBaseUrl: string, token: string) => `${publicBaseUrl}${FEED_PATH}/${token}.ics`;

/** Whether the user has a living feed (ADR 084: one that its password change, deactivation or API token ended has not). */
export async function getFeed(db: DbOrTx, context: CalendarContext): Promise<TCalendarFeed> {
  const feed = await findFeed(db, context.actor.organizationId, context.actor.id, context.now);
  return { active: feed !== undefined, createdAt: feed?.createdAt.toISOString() ?? null };
}

export interface FeedChangeContext extends CalendarContext {
  ipAddress: string;
  publicBaseUrl: string;
  /** The API token of the request (null for a session): a feed it makes ends with it (ADR 084). */
  apiTokenId: string | null;
}

/** What the audit entry shows of the feed: never its token. */
const FEED_AUDIT = {
  created: { from: null, to: '[created]' },
  regenerated: { from: '[hidden]', to: '[regenerated]' },
  stopped: { from: '[hidden]', to: null },
} as const;

function auditFeed(
  tx: DbOrTx,
  context: FeedChangeContext,
  change: (typeof FEED_AUDIT)[keyof typeof FEED_AUDIT],
) {
  const { actor } = context;
  return recordAudit(tx, {
    organizationId: actor.organizationId,
    actor,
    action: 'UPDATE',
    entityType: 'AppUser',
    entityId: actor.id,
    entityName: actor.email,
    changes: { changes: { calendarFeed: change } },
    ipAddress: context.ipAddress,
  });
}

/**
 * Creates the signed-in user's feed address, or a new one in place of the old, which stops at once
 * (one row per user: the old token's hash is gone in the same transaction). It lives until the
 * user's password changes or they are deactivated, and, made with an API token, until that token is
 * revoked or expires (ADR 084). Audited as an UPDATE of the user ("regenerated" when a living feed
 * was replaced). The answer is the only place the address is ever shown.
 */
export async function createFeed(db: Db, context: FeedChangeContext): Promise<TCalendarFeedCreated> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = context.now;
  const { actor } = context;
  await db.transaction(async (tx) => {
    const living = await findFeed(tx, actor.organizationId, actor.id, context.now);
    await replaceFeed(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      tokenHash: hashToken(token),
      createdAt,
      apiTokenId: context.apiTokenId,
    });
    await auditFeed(tx, context, living ? FEED_AUDIT.regenerated : FEED_AUDIT.created);
  });
  return { url: feedUrl(context.publicBaseUrl, token), createdAt: createdAt.toISOString() };
}

/** Stops the signed-in user's feed (its address answers 404 from now on); nothing living to stop writes nothing. */
export async function stopFeed(db: Db, context: FeedChangeContext): Promise<void> {
  const { actor } = context;
  await db.transaction(async (tx) => {
    const living = await findFeed(tx, actor.organizationId, actor.id, context.now);
    await deleteFeed(tx, actor.organizationId, actor.id);
    if (living) await auditFeed(tx, context, FEED_AUDIT.stopped);
  });
}

/**
 * The ICS file of a feed address ("{token}.ics"), or null when the address is not a living feed's
 * (never was, regenerated since, stopped, or ended by a password change, a deactivation or the
 * revocation or expiry of the API token that made it: ADR 084): the open tasks assigned to the user
 * that have a due date, and the planned occurrences of their schedules over the next
 * CALENDAR_FEED_DAYS_AHEAD days, CALENDAR_FEED_MAX_EVENTS at most, as all-day events.
 */
export async function renderFeed(
  db: DbOrTx,
  file: string,
  now: Date,
  publicBaseUrl: string,
  contentDb: DbOrTx = db,
): Promise<string | null> {
  const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
  if (!TOKEN_PATTERN.test(token)) return null;
  // The token names its organization only once found (ADR 066); the rest reads that one's rows. The
  // token is looked up in `db` (the primary: a stopped feed stops at once), its tasks in `contentDb`
  // (the read replica when there is one, ADR 141).
  const owner = await asSystem(() => findFeedOwner(db, hashToken(token), now));
  if (!owner) return null;
  return asOrganization(owner.organizationId, () => feedOf(contentDb, owner, now, publicBaseUrl));
}

async function feedOf(
  db: DbOrTx,
  owner: NonNullable<Awaited<ReturnType<typeof findFeedOwner>>>,
  now: Date,
  publicBaseUrl: string,
): Promise<string> {
  const today = localDate(now, owner.timeZone);
  const scope: CalendarScope = {
    organizationId: owner.organizationId,
    filter: { kind: 'user', userId: owner.userId },
    today,
  };
  const [tasks, planned] = await Promise.all([
    findOpenTasksOf(
      db,
      owner.organizationId,
      owner.userId,
      { from: addDays(today, -CALENDAR_FEED_DAYS_BACK), to: SCHEDULE_LATEST_DATE },
      CALENDAR_FEED_MAX_EVENTS,
    ),
    plannedDays(db, scope, windowFrom(today, CALENDAR_FEED_DAYS_AHEAD)),
  ]);
  const { requests } = fillWithPlanned(planned, CALENDAR_FEED_MAX_EVENTS - tasks.length);
  const plannedRows = await findPlannedItems(db, owner.organizationId, scope.filter, requests);
  return buildFeed({
    language: languageOf(owner, { language: owner.organizationLanguage }),
    organizationName: owner.organizationName,
    userName: owner.displayName,
    timeZone: owner.timeZone,
    publicBaseUrl,
    rows: [...tasks, ...plannedRows],
  });
}
