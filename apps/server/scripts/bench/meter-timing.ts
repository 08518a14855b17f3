// The meters benchmark (docs/goals.md, issue 36 §2): an organization of its own with N usage schedules (one
// per meter), as many calendar schedules again and more, and M readings, seeded set-based; then readings
// that each make a usage schedule's task due, timed one after the other through the real server, and the
// asset page's meters call for an asset with 3 long-read meters, loaded with autocannon; and the
// dashboard's cost and downtime over 365 days, on a year of completed work with costs, time and
// downtime (WORK_HISTORY).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { organizations, users } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { BENCH_PASSWORD } from './dataset.ts';
import type { RunningProcess } from './processes.ts';

const METER_ORGANIZATION = 'Bench meters';
const METER_ADMIN = 'bench-meters@example.com';
/** The seeded readings end here, one a day before it; the timed ones are read at the real now. */
const SEEDED_UNTIL = '2026-01-01T00:00:00Z';
/** Every seeded meter runs 8 units a day. */
const DAILY = 8;

/**
 * A year of completed work on the usage schedules' assets: tasks per asset, each with two cost lines
 * and one time entry, one in three with a downtime; about 120,000 tasks at 30,000 assets.
 */
const WORK_HISTORY = { tasksPerAsset: 4, costLines: 2, downEvery: 3 };

/** The organization's size: usage schedules (one meter each), calendar schedules beside them, readings in all. */
export interface MeterSize {
  usageSchedules: number;
  calendarSchedules: number;
  readings: number;
}

/** The goal size (PostgreSQL), the embedded database's and a quick run's. */
export const METER_SIZES = {
  postgres: { usageSchedules: 30_000, calendarSchedules: 70_000, readings: 5_000_000 },
  pglite: { usageSchedules: 30_000, calendarSchedules: 70_000, readings: 1_000_000 },
  quick: { usageSchedules: 1000, calendarSchedules: 2000, readings: 20_000 },
} as const satisfies Record<string, MeterSize>;

/** What the timing needs of the seeded organization. */
export interface MeterDataset {
  /** An asset with 3 meters, each with as many readings as every other meter. */
  sampleAssetId: string;
  /** Meters whose usage schedule the next reading makes due, with the reading that does. */
  due: { meterId: string; value: number }[];
}

/**
 * The organization, made when missing or of another size (set-based SQL), else put back as seeded: the
 * timed readings, the tasks they made and the meters and schedules they moved. Each usage schedule is
 * due 1 unit past its meter's last reading, so that any reading of 5 more makes it due.
 */
export async function prepareMeterOrganization(
  db: Db,
  size: MeterSize,
  wanted: number,
): Promise<MeterDataset> {
  let [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, METER_ORGANIZATION));
  if (!organization) {
    [organization] = await db
      .insert(organizations)
      .values({ name: METER_ORGANIZATION })
      .returning({ id: organizations.id });
    await db.insert(users).values({
      organizationId: organization!.id,
      email: METER_ADMIN,
      displayName: 'Bench reader',
      passwordHash: await hashPassword(BENCH_PASSWORD),
      isAdmin: true,
    });
  }
  const id = organization!.id;
  // Meters of the usage schedules' assets, plus the sample's 3.
  const meterCount = size.usageSchedules + 3;
  const perMeter = Math.max(2, Math.floor(size.readings / meterCount));
  const last = perMeter * DAILY;
  const counted = (await db.execute(sql`
    select (select count(*)::int from meters where organization_id = ${id}) as meters,
      (select count(*)::int from schedules where organization_id = ${id}) as schedules,
      (select count(*)::int from meter_readings where organization_id = ${id} and read_at <= ${SEEDED_UNTIL}) as readings`)) as unknown as {
    rows: { meters: number; schedules: number; readings: number }[];
  };
  const { meters, schedules, readings } = counted.rows[0]!;
  const seeded =
    meters === meterCount &&
    schedules === size.usageSchedules + size.calendarSchedules &&
    readings === meterCount * perMeter;
  await db.transaction(async (tx) => {
    // What a run changed: its readings, its tasks (with their audit entries and tallies, without the
    // triggers: replica role), then the meters and schedules as seeded.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`delete from meter_readings where organization_id = ${id} and read_at > ${SEEDED_UNTIL}`,
    );
    for (const table of ['audit_log_entries', 'due_task_tallies', 'webhook_deliveries']) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where organization_id = ${id}`);
    }
    // The timed readings' tasks are their schedules'; the year of work (no schedule) stays.
    await tx.execute(
      sql`delete from maintenance_events where organization_id = ${id} and schedule_id is not null`,
    );
    if (!seeded) {
      for (const table of [
        'task_cost_lines',
        'task_time_entries',
        'maintenance_events',
        'schedules',
        'meter_readings',
        'meters',
        'assets',
      ]) {
        await tx.execute(sql`delete from ${sql.identifier(table)} where organization_id = ${id}`);
      }
    }
  });
  if (!seeded) await seedMeters(db, id, size, perMeter);
  await seedWorkHistory(db, id, size.usageSchedules);
  await db.execute(sql`
    update meters set last_value = ${last}, last_usage = ${last}, last_read_at = ${SEEDED_UNTIL},
      daily_rate = ${DAILY}, reading_count = ${perMeter}
    where organization_id = ${id}`);
  await db.execute(sql`
    update schedules set next_due_usage = ${last + 1}, last_done_usage = ${last + 1 - 100}, paused_at = null
    where organization_id = ${id} and meter_id is not null`);
  await db.execute(sql`analyze meters`);
  await db.execute(sql`analyze schedules`);
  const sample = (await db.execute(sql`
    select id from assets where organization_id = ${id} and name = 'Press with 3 meters' limit 1`)) as unknown as {
    rows: { id: string }[];
  };
  const due = (await db.execute(sql`
    select m.id as "meterId" from meters m join schedules s on s.meter_id = m.id
    where m.organization_id = ${id} order by m.id limit ${wanted}`)) as unknown as {
    rows: { meterId: string }[];
  };
  return {
    sampleAssetId: sample.rows[0]!.id,
    due: due.rows.map((row) => ({ meterId: row.meterId, value: last + 5 })),
  };
}

/** Assets, meters, readings and schedules, set-based, a chunk of readings per statement. */
async function seedMeters(db: Db, id: string, size: MeterSize, perMeter: number): Promise<void> {
  await db.execute(sql`
    insert into assets (id, organization_id, name, slug, created_at, updated_at)
    select gen_random_uuid(), ${id}::uuid, 'Compressor ' || i, 'compressor-' || i, now(), now()
    from generate_series(1, ${size.usageSchedules}) as i
    union all select gen_random_uuid(), ${id}::uuid, 'Press with 3 meters', 'press-with-3-meters', now(), now()`);
  await db.execute(sql`
    insert into meters (id, organization_id, asset_id, name, unit, created_at, updated_at)
    select gen_random_uuid(), ${id}::uuid, a.id, 'Running hours', 'h', now(), now()
    from assets a where a.organization_id = ${id} and a.name <> 'Press with 3 meters'
    union all
    select gen_random_uuid(), ${id}::uuid, a.id, m.name, m.unit, now(), now()
    from assets a cross join (values ('Running hours', 'h'), ('Strokes', 'cycles'), ('Oil pumped', 'l')) as m(name, unit)
    where a.organization_id = ${id} and a.name = 'Press with 3 meters'`);
  // A thousand meters' readings per statement: the embedded database's one session stays free between them.
  const ids = (await db.execute(
    sql`select id from meters where organization_id = ${id} order by id`,
  )) as unknown as {
    rows: { id: string }[];
  };
  for (let start = 0; start < ids.rows.length; start += 1000) {
    const chunk = ids.rows.slice(start, start + 1000).map((row) => row.id);
    await db.execute(sql`
      insert into meter_readings (id, organization_id, meter_id, value, usage, read_at, created_at)
      select gen_random_uuid(), ${id}::uuid, m.id, k * ${DAILY}, k * ${DAILY},
        ${SEEDED_UNTIL}::timestamptz - ((${perMeter} - k) || ' days')::interval, now()
      from unnest(${sql.param(chunk)}::uuid[]) as m(id) cross join generate_series(1, ${perMeter}) as k`);
  }
  await db.execute(sql`
    insert into schedules (id, organization_id, asset_id, title, mode, lead_days, starts_on, meter_id,
      usage_every, last_done_usage, next_due_usage, created_at, updated_at)
    select gen_random_uuid(), m.organization_id, m.asset_id, 'Service every 100 h', 'floating', 0, '2025-01-01',
      m.id, 100, 0, 100, now(), now()
    from meters m join assets a on a.id = m.asset_id
    where m.organization_id = ${id} and a.name <> 'Press with 3 meters'`);
  // The calendar schedules beside them: yearly, due far ahead (the engine has nothing to do).
  await db.execute(sql`
    insert into schedules (id, organization_id, asset_id, title, recurrence, rrule, mode, lead_days,
      starts_on, next_due_on, created_at, updated_at)
    select gen_random_uuid(), a.organization_id, a.id, 'Yearly inspection',
      '{"pattern":"interval","every":1,"unit":"year"}'::jsonb, 'FREQ=YEARLY;INTERVAL=1;BYMONTH=1;BYMONTHDAY=1',
      'fixed', 7, '2099-01-01', '2099-01-01', now(), now()
    from (select a.*, row_number() over (order by a.id) as n from assets a where a.organization_id = ${id}) a
    cross join generate_series(1, ${Math.ceil(size.calendarSchedules / Math.max(size.usageSchedules, 1))}) as k
    where (a.n - 1) * ${Math.ceil(size.calendarSchedules / Math.max(size.usageSchedules, 1))} + k <= ${size.calendarSchedules}`);
  await db.execute(sql`analyze meter_readings`);
  await db.execute(sql`analyze assets`);
}

/**
 * The year of completed work (WORK_HISTORY) before now, made when its cost lines are not all there:
 * tasks spread over the last 365 days, their cost lines and time entries completed with them.
 */
async function seedWorkHistory(db: Db, id: string, assets: number): Promise<void> {
  const tasks = assets * WORK_HISTORY.tasksPerAsset;
  const counted = (await db.execute(sql`
    select count(*)::int as lines from task_cost_lines where organization_id = ${id}`)) as unknown as {
    rows: { lines: number }[];
  };
  if (counted.rows[0]!.lines === tasks * WORK_HISTORY.costLines) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const table of ['task_cost_lines', 'task_time_entries']) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where organization_id = ${id}`);
    }
    await tx.execute(
      sql`delete from maintenance_events where organization_id = ${id} and schedule_id is null`,
    );
  });
  const [reader] = await db.select({ id: users.id }).from(users).where(eq(users.email, METER_ADMIN));
  await db.execute(sql`
    insert into maintenance_events (id, organization_id, asset_id, title, performed_at, task_status,
      task_completed_at, task_completed_by_id, down_from, down_to, created_at, updated_at)
    select gen_random_uuid(), ${id}::uuid, a.id, 'Repair', done, 'Completed', done, ${reader!.id}::uuid,
      case when k % ${WORK_HISTORY.downEvery} = 0 then done - interval '3 hours' end,
      case when k % ${WORK_HISTORY.downEvery} = 0 then done end, done, done
    from (select a.id, row_number() over (order by a.id) as n from assets a
          where a.organization_id = ${id} and a.name <> 'Press with 3 meters') a
    cross join generate_series(1, ${WORK_HISTORY.tasksPerAsset}) as k
    cross join lateral (select now() - ((a.n * 7 + k * 91) % 365 || ' days')::interval - interval '1 hour' as done) d`);
  await db.execute(sql`
    insert into task_cost_lines (id, organization_id, event_id, asset_id, position, description, quantity,
      unit_cost_minor, total_minor, incurred_at, created_at)
    select gen_random_uuid(), e.organization_id, e.id, e.asset_id, p, 'Part ' || p, p, 2500, p * 2500,
      e.task_completed_at, e.task_completed_at
    from maintenance_events e cross join generate_series(1, ${WORK_HISTORY.costLines}) as p
    where e.organization_id = ${id} and e.schedule_id is null`);
  await db.execute(sql`
    insert into task_time_entries (id, organization_id, event_id, asset_id, user_id, minutes, incurred_at,
      created_at)
    select gen_random_uuid(), e.organization_id, e.id, e.asset_id, ${reader!.id}::uuid, 90,
      e.task_completed_at, e.task_completed_at
    from maintenance_events e where e.organization_id = ${id} and e.schedule_id is null`);
  for (const table of ['maintenance_events', 'task_cost_lines', 'task_time_entries']) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
}

export async function signInReader(server: RunningProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: METER_ADMIN, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${METER_ADMIN} answered ${response.status}`);
  return `Bearer ${((await response.json()) as { accessToken: string }).accessToken}`;
}

/** Percentiles of a list of durations (milliseconds). */
function percentiles(durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { p50: at(50), p95: at(95), p99: at(99) };
}

/**
 * Readings that each make a usage schedule's task due, sent one after the other (after a few warm-up
 * readings not counted): the time of each from this process, and how many answered with their task.
 */
export async function timeDueReadings(
  server: RunningProcess,
  authorization: string,
  due: MeterDataset['due'],
  warmUp: number,
): Promise<{ p50: number; p95: number; p99: number; count: number; tasks: number; errors: number }> {
  const durations: number[] = [];
  let tasks = 0;
  let errors = 0;
  for (const [index, reading] of due.entries()) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/meters/${reading.meterId}/readings`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ value: reading.value }),
    });
    const answer = (await response.json()) as { triggered?: { taskId: string | null }[] };
    const elapsed = performance.now() - started;
    if (index < warmUp) continue;
    durations.push(elapsed);
    if (!response.ok) errors += 1;
    else if (answer.triggered?.length === 1 && answer.triggered[0]!.taskId) tasks += 1;
  }
  return { ...percentiles(durations), count: durations.length, tasks, errors };
}
