import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import {
  activeJobTallies as activeJobs,
  assets,
  dueTaskTallies,
  maintenanceEvents as events,
  completionHourRollups as hourRollups,
  NO_COMPLETER,
  completionQuarterHours as quarterHours,
  completionRollups as rollups,
  users,
} from '#server/db/schema.ts';

/** Completed events of an organization whose completion falls in [from, to]. */
export interface CompletedPeriod {
  organizationId: string;
  from: Date;
  to: Date;
}

const HOUR_SECONDS = 3600;
// date_part answers a double; extract() answers numeric, several times slower to average.
/** taskCompletedAt − creation, in hours (docs/product/analytics.md#turnaround-and-lead-time). */
const turnaroundHours = sql`date_part('epoch', ${events.taskCompletedAt} - ${events.createdAt}) / ${HOUR_SECONDS}`;
/** taskCompletedAt − taskStartedAt, in hours (docs/product/analytics.md#turnaround-and-lead-time). */
const leadTimeHours = sql`date_part('epoch', ${events.taskCompletedAt} - ${events.taskStartedAt}) / ${HOUR_SECONDS}`;

/** Matches the partial (organization, task_completed_at) index of Completed events. */
function completedIn(period: CompletedPeriod): SQL | undefined {
  return and(
    eq(events.organizationId, period.organizationId),
    eq(events.taskStatus, 'Completed'),
    gte(events.taskCompletedAt, period.from),
    lte(events.taskCompletedAt, period.to),
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const floorTo = (at: Date, unit: number) => new Date(Math.floor(at.getTime() / unit) * unit);
const ceilTo = (at: Date, unit: number) => new Date(Math.ceil(at.getTime() / unit) * unit);
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** A range of completion stamps, [from, to) or, with `through`, [from, to]. */
const completedBetween = (from: Date, to: Date, through = false) =>
  through
    ? sql`${events.taskCompletedAt} >= ${from} and ${events.taskCompletedAt} <= ${to}`
    : sql`${events.taskCompletedAt} >= ${from} and ${events.taskCompletedAt} < ${to}`;

/**
 * A period as the roll-ups read it (ADRs 031, 107): the whole UTC days inside it, [dayFrom, dayTo),
 * from completion_rollups; the whole UTC hours around them, [hourFrom, dayFrom) and [dayTo, hourTo),
 * from completion_hour_rollups; the rest, less than an hour at each end, from the events themselves.
 * Epoch milliseconds count whole UTC days and hours, so flooring them finds UTC midnights and hours.
 */
function splitPeriod(period: CompletedPeriod) {
  const { from, to, organizationId } = period;
  const hourFrom = ceilTo(from, HOUR_MS);
  const hourTo = floorTo(to, HOUR_MS);
  const dayFrom = ceilTo(from, DAY_MS);
  const dayTo = floorTo(to, DAY_MS);
  const wholeHours = hourFrom < hourTo;
  const wholeDays = dayFrom < dayTo;
  // Each edge is one range of the completed-events index (a union of two, never one scan across the middle).
  const edges: SQL[] = wholeHours
    ? [completedBetween(from, hourFrom), completedBetween(hourTo, to, true)]
    : [completedBetween(from, to, true)];
  const ofHours = (start: Date, end: Date) =>
    sql`(${hourRollups.hour} >= ${start} and ${hourRollups.hour} < ${end})`;
  const hours = !wholeHours
    ? sql`false`
    : sql`${hourRollups.organizationId} = ${organizationId} and ${
        wholeDays
          ? sql`(${ofHours(hourFrom, dayFrom)} or ${ofHours(dayTo, hourTo)})`
          : ofHours(hourFrom, hourTo)
      }`;
  const days = wholeDays
    ? sql`${rollups.organizationId} = ${organizationId} and ${rollups.day} >= ${isoDay(dayFrom)} and ${rollups.day} < ${isoDay(dayTo)}`
    : sql`false`;
  return { edges, days, hours };
}

/** The roll-ups' rows of the period's whole days and hours: completer, completions, and the sums of hours. */
function rolledUp(days: SQL, hours: SQL): SQL {
  return sql`
    select ${rollups.completedByKey} as completed_by, ${rollups.completions} as completions,
      ${rollups.turnaroundHours} as turnaround_sum, ${rollups.leadHours} as lead_sum, ${rollups.leadCount} as lead_count
    from ${rollups} where ${days}
    union all
    select ${hourRollups.completedByKey}, ${hourRollups.completions},
      ${hourRollups.turnaroundHours}, ${hourRollups.leadHours}, ${hourRollups.leadCount}
    from ${hourRollups} where ${hours}`;
}

/** The completions in the period's partial edge hours: who completed, turnaround and lead time in hours. */
function edgeCompletions(period: CompletedPeriod, edges: SQL[]): SQL {
  return sql.join(
    edges.map(
      (range) => sql`
        select ${events.taskCompletedById} as completed_by, ${turnaroundHours} as turnaround, ${leadTimeHours} as lead
        from ${events}
        where ${events.organizationId} = ${period.organizationId} and ${events.taskStatus} = 'Completed' and ${range}`,
    ),
    sql` union all `,
  );
}

/** How many events completed in the period, and their average turnaround (null when none). */
export async function completedSummary(
  db: DbOrTx,
  period: CompletedPeriod,
): Promise<{ count: number; averageHours: number | null }> {
  const { edges, days, hours } = splitPeriod(period);
  const result = (await db.execute(sql`
    select (r.n + e.n)::int as "count", ((r.t + e.t) / nullif(r.n + e.n, 0))::float8 as "averageHours"
    from (select coalesce(sum(completions), 0) as n, coalesce(sum(turnaround_sum), 0) as t
          from (${rolledUp(days, hours)}) as rolled) as r,
         (select count(*) as n, coalesce(sum(turnaround), 0) as t from (${edgeCompletions(period, edges)}) as edge) as e
  `)) as { rows: { count: number; averageHours: number | null }[] };
  const row = result.rows[0];
  return { count: row?.count ?? 0, averageHours: row?.averageHours ?? null };
}

/**
 * The newest completed events of the period, with their asset. The page of events is picked from the
 * completed-events index first and only those rows are joined (joining first made the planner hash
 * every completion of a small organization's period). Plain DESC (nulls first) is what a backward
 * scan of the ascending index gives; the period excludes nulls anyway.
 */
export async function newestCompleted(db: DbOrTx, period: CompletedPeriod, limit: number) {
  const newest = db
    .select({ id: events.id })
    .from(events)
    .where(completedIn(period))
    .orderBy(desc(events.taskCompletedAt), desc(events.id))
    .limit(limit);
  return db
    .select({
      eventId: events.id,
      assetId: assets.id,
      assetName: assets.name,
      assetSlug: assets.slug,
      title: events.title,
      performedAt: events.performedAt,
      taskCompletedAt: events.taskCompletedAt,
      recordedBy: events.recordedBy,
      turnaroundHours: sql<number | null>`(${turnaroundHours})::float8`,
    })
    .from(events)
    .innerJoin(assets, and(eq(assets.id, events.assetId), eq(assets.organizationId, period.organizationId)))
    .where(and(eq(events.organizationId, period.organizationId), inArray(events.id, newest)))
    .orderBy(desc(events.taskCompletedAt), desc(events.id));
}

/**
 * The zone as PostgreSQL reads it. IANA names pass as they are. A UTC offset ("+05:30", "+0530",
 * "+05", as Intl accepts them) is a POSIX zone to PostgreSQL, whose sign counts west of Greenwich:
 * it is sent with the sign inverted, so "+05:30" means India, as it does in the browser.
 */
export function postgresTimeZone(zone: string): string {
  const offset = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!offset) return zone;
  const [, sign, hours, minutes = '00'] = offset;
  return `${sign === '+' ? '-' : '+'}${hours}:${minutes}`;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * Completions per calendar day of `timeZone` in the period, latest first, at most `limit` days: the
 * whole quarter hours inside it from completion_quarter_hours, the partial ones at its ends from the
 * events (ADR 035). Every zone's offset is a whole number of quarter hours, so a slot never straddles
 * two local days.
 */
async function countsPerLocalDay(db: DbOrTx, period: CompletedPeriod, timeZone: string, limit: number) {
  const fullFrom = new Date(Math.ceil(period.from.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
  const fullTo = new Date(Math.floor(period.to.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
  const whole = fullFrom < fullTo;
  const edges = whole
    ? [
        sql`${events.taskCompletedAt} >= ${period.from} and ${events.taskCompletedAt} < ${fullFrom}`,
        sql`${events.taskCompletedAt} >= ${fullTo} and ${events.taskCompletedAt} <= ${period.to}`,
      ]
    : [sql`${events.taskCompletedAt} >= ${period.from} and ${events.taskCompletedAt} <= ${period.to}`];
  const slots = whole
    ? sql`select ${quarterHours.quarterHour} as at, ${quarterHours.completions} as n from ${quarterHours}
          where ${quarterHours.organizationId} = ${period.organizationId}
            and ${quarterHours.quarterHour} >= ${fullFrom} and ${quarterHours.quarterHour} < ${fullTo}
            and ${quarterHours.completions} > 0`
    : sql`select null::timestamptz as at, 0 as n where false`;
  const edgeRows = edges.map(
    (range) => sql`select ${events.taskCompletedAt} as at, 1 as n from ${events}
      where ${events.organizationId} = ${period.organizationId} and ${events.taskStatus} = 'Completed' and ${range}`,
  );
  // Grouped by the date itself and written out once per day: to_char on every slot (3,000 a month)
  // was half the statement on the embedded database.
  const result = (await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as "date", "count"
    from (
      select (at at time zone ${timeZone})::date as day, sum(n)::int as "count"
      from (${sql.join([slots, ...edgeRows], sql` union all `)}) as completions
      group by 1
      order by 1 desc
      limit ${limit}
    ) as days
    order by day desc
  `)) as { rows: { date: string; count: number }[] };
  return result.rows;
}

/**
 * Completions per calendar day in a time zone, for the `days` latest days that have any, oldest
 * first. The last `days` + 2 days of the period are read first: when they hold more than `days`
 * calendar days with completions, the newest `days` of them are whole (only the oldest can be cut by
 * the window's start). Otherwise the whole period is read. Rows are grouped by completion date, else
 * performed date (docs/product/analytics.md#chart-days); every row here has a completion stamp, since
 * the period is one of completion.
 */
export async function completionsPerDay(
  db: DbOrTx,
  period: CompletedPeriod,
  zone: string,
  days: number,
): Promise<{ date: string; count: number }[]> {
  const timeZone = postgresTimeZone(zone);
  const recentFrom = new Date(period.to.getTime() - (days + 2) * DAY_MS);
  let counts: { date: string; count: number }[] = [];
  if (recentFrom > period.from) {
    counts = await countsPerLocalDay(db, { ...period, from: recentFrom }, timeZone, days + 1);
  }
  if (counts.length <= days) counts = await countsPerLocalDay(db, period, timeZone, days);
  return counts.slice(0, days).reverse();
}

/**
 * The assets with the most completed jobs in the period, with their turnaround. Events are counted
 * per asset first and only the top rows are joined to their asset; ties go to the asset recorded
 * first (ids are time-ordered), so no asset row is read beyond the ones shown.
 */
export async function busiestAssetsTurnaround(db: DbOrTx, period: CompletedPeriod, limit: number) {
  const perAsset = db
    .select({
      assetId: events.assetId,
      sampleSize: sql<number>`count(*)::int`.as('sample_size'),
      averageHours: sql<number>`avg(${turnaroundHours})::float8`.as('average_hours'),
    })
    .from(events)
    .where(completedIn(period))
    .groupBy(events.assetId)
    .orderBy(sql`count(*) desc`, events.assetId)
    .limit(limit)
    .as('busiest');
  return db
    .select({
      assetId: perAsset.assetId,
      label: assets.name,
      averageHours: perAsset.averageHours,
      sampleSize: perAsset.sampleSize,
    })
    .from(perAsset)
    .innerJoin(assets, and(eq(assets.id, perAsset.assetId), eq(assets.organizationId, period.organizationId)))
    .orderBy(sql`${perAsset.sampleSize} desc`, perAsset.assetId);
}

export interface TeamMemberRow {
  userId: string;
  displayName: string;
  email: string;
  activeJobs: number;
  completedJobs: number;
  averageLeadTimeHours: number | null;
  /** Over all members with activity, before the limit. */
  totalUsers: number;
  totalActiveJobs: number;
}

/**
 * The organization's users with maintenance activity: open (InProgress) tasks they started, and
 * tasks they completed in the period with their average lead time. Most completed jobs first; the
 * window totals count every member, not only the `limit` returned.
 */
export async function teamPerformance(
  db: DbOrTx,
  period: CompletedPeriod,
  limit: number,
): Promise<TeamMemberRow[]> {
  const { organizationId } = period;
  const { edges, days, hours } = splitPeriod(period);
  // Each side is counted per person first (active jobs from their tally, completions from the
  // roll-ups and the edge hours), so only a handful of rows meet.
  const result = (await db.execute(sql`
    select u.id as "userId",
           u.display_name as "displayName",
           u.email as "email",
           coalesce(active.jobs, 0)::int as "activeJobs",
           coalesce(done.jobs, 0)::int as "completedJobs",
           done.lead_hours as "averageLeadTimeHours",
           (count(*) over ())::int as "totalUsers",
           (sum(coalesce(active.jobs, 0)) over ())::int as "totalActiveJobs"
    from (
      select ${activeJobs.startedByKey} as user_id, ${activeJobs.jobs} as jobs
      from ${activeJobs}
      where ${activeJobs.organizationId} = ${organizationId}
        and ${activeJobs.startedByKey} <> ${NO_COMPLETER}
        and ${activeJobs.jobs} > 0
    ) as active
    full join (
      select user_id, sum(jobs) as jobs, (sum(lead_sum) / nullif(sum(lead_count), 0))::float8 as lead_hours
      from (
        select completed_by as user_id, completions as jobs, lead_sum, lead_count
        from (${rolledUp(days, hours)}) as rolled where completed_by <> ${NO_COMPLETER}
        union all
        select completed_by, 1, coalesce(lead, 0), case when lead is null then 0 else 1 end
        from (${edgeCompletions(period, edges)}) as edge where completed_by is not null
      ) as completions
      group by 1
      having sum(jobs) > 0
    ) as done on done.user_id = active.user_id
    join ${users} u on u.id = coalesce(active.user_id, done.user_id) and u.organization_id = ${organizationId}
    order by "completedJobs" desc, "activeJobs" desc, lower(u.display_name), u.id
    limit ${limit}
  `)) as { rows: TeamMemberRow[] };
  return result.rows;
}

/** Due dates [from, to] of an organization, and its time zone (what "on time" means). */
export interface DuePeriod {
  organizationId: string;
  from: string;
  to: string;
  timeZone: string;
}

/**
 * The organization's planned tasks due in the period and those completed on time, from the per-day
 * tallies kept by the events' trigger (ADR 053): one row per day of the period at most.
 */
export async function pmComplianceOverall(
  db: DbOrTx,
  period: DuePeriod,
): Promise<{ scheduledTasks: number; completedOnTime: number }> {
  const result = (await db.execute(sql`
    select coalesce(sum(${dueTaskTallies.open} + ${dueTaskTallies.onTime} + ${dueTaskTallies.late}), 0)::int as "scheduledTasks",
      coalesce(sum(${dueTaskTallies.onTime}), 0)::int as "completedOnTime"
    from ${dueTaskTallies}
    where ${dueTaskTallies.organizationId} = ${period.organizationId}
      and ${dueTaskTallies.dueOn} between ${period.from} and ${period.to}`)) as unknown as {
    rows: { scheduledTasks: number; completedOnTime: number }[];
  };
  return result.rows[0] ?? { scheduledTasks: 0, completedOnTime: 0 };
}

/**
 * The `limit` assets with the lowest PM compliance in the period (then the most scheduled tasks):
 * their tasks due in it, counted per asset from the planned-tasks index alone (a completed task has
 * its completion stamp), then joined to their names.
 */
export async function pmComplianceOfAssets(db: DbOrTx, period: DuePeriod, limit: number) {
  const result = (await db.execute(sql`
    select a.id as "assetId", a.name as "assetName", a.slug as "assetSlug",
      per_asset.scheduled as "scheduledTasks", per_asset.on_time as "completedOnTime"
    from (
      select asset_id, scheduled, on_time from (
        select ${events.assetId} as asset_id, count(*)::int as scheduled,
          (count(*) filter (where (${events.taskCompletedAt} at time zone ${period.timeZone})::date <= ${events.dueOn}))::int as on_time
        from ${events}
        where ${events.organizationId} = ${period.organizationId} and ${events.dueOn} is not null
          and ${events.dueOn} between ${period.from} and ${period.to}
        group by ${events.assetId}
      ) as counted
      order by on_time::float8 / scheduled, scheduled desc, asset_id
      limit ${limit}
    ) as per_asset
    join ${assets} a on a.id = per_asset.asset_id and a.organization_id = ${period.organizationId}
    order by per_asset.on_time::float8 / per_asset.scheduled, per_asset.scheduled desc, a.id`)) as unknown as {
    rows: {
      assetId: string;
      assetName: string;
      assetSlug: string;
      scheduledTasks: number;
      completedOnTime: number;
    }[];
  };
  return result.rows;
}

/** The organization's requests, counted up to `cap` (an index's entries, never more than `cap`). */
export async function requestsUpTo(db: DbOrTx, organizationId: string, cap: number): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from (select 1 from requests where organization_id = ${organizationId} limit ${cap}) r`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

/**
 * Requests from the QR code over a period (ADR 129): how many wait for triage now (and how many of
 * them are unsafe), how many were reported and triaged in the period, and the median time from report
 * to triage of those triaged, in hours. Each count walks an index of the organization's requests
 * (state, created_at, triaged_at); the median sorts the period's triaged requests only.
 */
export async function requestFigures(
  db: DbOrTx,
  period: CompletedPeriod,
): Promise<{
  waiting: number;
  waitingUnsafe: number;
  reported: number;
  triaged: number;
  medianTriageHours: number | null;
}> {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from requests where organization_id = ${period.organizationId} and state = 'new') as waiting,
      (select count(*)::int from requests where organization_id = ${period.organizationId} and state = 'new'
        and priority = 1) as "waitingUnsafe",
      (select count(*)::int from requests where organization_id = ${period.organizationId}
        and created_at >= ${period.from} and created_at <= ${period.to}) as reported,
      t.triaged, t.median as "medianTriageHours"
    from (
      select count(*)::int as triaged,
        percentile_cont(0.5) within group (order by date_part('epoch', triaged_at - created_at) / ${HOUR_SECONDS}) as median
      from requests where organization_id = ${period.organizationId} and triaged_at is not null
        and triaged_at >= ${period.from} and triaged_at <= ${period.to}
    ) t`)) as unknown as {
    rows: {
      waiting: number;
      waitingUnsafe: number;
      reported: number;
      triaged: number;
      medianTriageHours: number | null;
    }[];
  };
  const row = result.rows[0]!;
  return { ...row, medianTriageHours: row.medianTriageHours === null ? null : Number(row.medianTriageHours) };
}
