// The calendar at size (ADR 059): an organization of a million assets and 100,000 schedules with half a
// year of their tasks, the calendar's answers timed and every statement's plan printed.
//
//   DATABASE_URL=postgres://… node apps/server/scripts/bench/calendar-plans.ts [--assets N] [--schedules N] [--runs N]
//
// The organization is made once with set-based SQL (a rerun of the same size reuses it).
import { parseArgs } from 'node:util';
import { addDays, type TAgenda, type TCalendarDays, type TRecurrence } from '@mqr/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { organizations, users } from '#server/db/schema.ts';
import { SettableClock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { getAgenda, getCalendarDays, renderFeed } from '#server/modules/calendar/service.ts';
import { occurrencesBetween, toRRuleText } from '#server/modules/schedules/recurrence.ts';
import { fail, openCliDatabase } from '../cli-database.ts';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '1000000' },
    schedules: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '20' },
  },
});
const ASSETS = Number(values.assets);
const SCHEDULES = Number(values.schedules);
const RUNS = Number(values.runs);
if (!(SCHEDULES > 0 && ASSETS >= SCHEDULES && RUNS > 0))
  fail('Use --assets N --schedules M (N ≥ M > 0) --runs R.');

/** Monday 15 June 2026: half a year of tasks behind it. */
const TODAY = '2026-06-15';
const FIRST_START = '2026-01-01';
const MEMBERS = 20;

interface Kind {
  share: number;
  mode: 'fixed' | 'floating';
  recurrence: TRecurrence;
  /** Days after FIRST_START a schedule of this kind may start (its phase). */
  phases: number;
  leadDays: number;
}

/** As an organization would have them: monthly inspections on every day, weekly rounds, quarterly, yearly, floating services. */
const KINDS: Kind[] = [
  {
    share: 0.5,
    mode: 'fixed',
    recurrence: { pattern: 'interval', every: 1, unit: 'month' },
    phases: 28,
    leadDays: 7,
  },
  {
    share: 0.2,
    mode: 'fixed',
    recurrence: { pattern: 'interval', every: 1, unit: 'week' },
    phases: 7,
    leadDays: 2,
  },
  {
    share: 0.1,
    mode: 'fixed',
    recurrence: { pattern: 'interval', every: 3, unit: 'month' },
    phases: 90,
    leadDays: 14,
  },
  {
    share: 0.1,
    mode: 'fixed',
    recurrence: { pattern: 'interval', every: 1, unit: 'year' },
    phases: 365,
    leadDays: 30,
  },
  {
    share: 0.1,
    mode: 'floating',
    recurrence: { pattern: 'interval', every: 6, unit: 'month' },
    phases: 120,
    leadDays: 7,
  },
];

/** The kind of the i-th schedule: the kinds in their shares, interleaved. */
function kindOf(i: number): Kind {
  let left = (i % 1000) / 1000;
  for (const kind of KINDS) {
    left -= kind.share;
    if (left < 0) return kind;
  }
  return KINDS[0]!;
}

const organizationName = () => `Calendar bench: ${ASSETS} assets, ${SCHEDULES} schedules`;

/** A schedule's plan: its rule, its tasks' due dates up to today + lead, and its next due date. */
function planOf(kind: Kind, startsOn: string) {
  const rrule = toRRuleText(kind.recurrence, startsOn, null);
  const horizon = addDays(TODAY, kind.leadDays);
  if (kind.mode === 'floating') {
    // One task, completed on its due date when past; the next counts from it (or it is still open).
    const due = startsOn;
    return {
      rrule,
      dues: [due],
      completedUpTo: addDays(TODAY, -1),
      nextDueOn: due < TODAY ? addDays(due, 182) : null,
    };
  }
  const dues = occurrencesBetween(rrule, startsOn, { from: startsOn, to: horizon }, 400);
  const after = occurrencesBetween(
    rrule,
    startsOn,
    { from: addDays(horizon, 1), to: addDays(horizon, 400) },
    1,
  );
  return { rrule, dues, completedUpTo: addDays(TODAY, -1), nextDueOn: after[0] ?? null };
}

async function seed(db: Db): Promise<string> {
  const [found] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, organizationName()));
  if (found) return found.id;
  const started = Date.now();
  const [organization] = await db.insert(organizations).values({ name: organizationName() }).returning();
  const id = organization!.id;
  await db.insert(users).values(
    Array.from({ length: MEMBERS + 1 }, (_, i) => ({
      organizationId: id,
      email: `calendar-bench-${id.slice(0, 8)}-${i}@example.com`,
      displayName: i === 0 ? 'Bench admin' : `Technician ${String(i).padStart(2, '0')}`,
      passwordHash: 'not-used',
      isAdmin: i === 0,
    })),
  );
  await db.execute(sql`
    insert into assets (id, organization_id, name, slug, created_at, updated_at)
    select gen_random_uuid(), ${id}::uuid, 'Asset ' || i, 'asset-' || i, now(), now()
    from generate_series(1, ${ASSETS}) as i`);
  process.stdout.write(`assets: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  const assetIds = (
    (await db.execute(
      sql`select id from assets where organization_id = ${id} order by id limit ${SCHEDULES}`,
    )) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  const people = (
    (await db.execute(
      sql`select id from users where organization_id = ${id} and not is_admin order by email`,
    )) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  const plans = new Map<string, ReturnType<typeof planOf>>();
  const CHUNK = 5000;
  let made = 0;
  for (let start = 0; start < SCHEDULES; start += CHUNK) {
    const schedulesChunk: Record<string, unknown[]> = {
      id: [],
      asset: [],
      rrule: [],
      recurrence: [],
      mode: [],
      lead: [],
      assignee: [],
      starts: [],
      next: [],
    };
    const eventsChunk: Record<string, unknown[]> = {
      schedule: [],
      asset: [],
      due: [],
      status: [],
      completed: [],
      assignee: [],
    };
    for (let i = start; i < Math.min(start + CHUNK, SCHEDULES); i++) {
      const kind = kindOf(i);
      const startsOn = addDays(FIRST_START, (i * 7919) % kind.phases);
      const key = `${KINDS.indexOf(kind)}|${startsOn}`;
      let plan = plans.get(key);
      if (!plan) {
        plan = planOf(kind, startsOn);
        plans.set(key, plan);
      }
      const scheduleId = crypto.randomUUID();
      const assignee = i % (MEMBERS + 1) === MEMBERS ? null : people[i % (MEMBERS + 1)]!;
      schedulesChunk.id!.push(scheduleId);
      schedulesChunk.asset!.push(assetIds[i]);
      schedulesChunk.rrule!.push(plan.rrule);
      schedulesChunk.recurrence!.push(JSON.stringify(kind.recurrence));
      schedulesChunk.mode!.push(kind.mode);
      schedulesChunk.lead!.push(kind.leadDays);
      schedulesChunk.assignee!.push(assignee);
      schedulesChunk.starts!.push(startsOn);
      schedulesChunk.next!.push(plan.nextDueOn);
      plan.dues.forEach((due, n) => {
        const open =
          n === plan.dues.length - 1 && (kind.mode === 'floating' ? plan.nextDueOn === null : due >= TODAY);
        eventsChunk.schedule!.push(scheduleId);
        eventsChunk.asset!.push(assetIds[i]);
        eventsChunk.due!.push(due);
        eventsChunk.status!.push(open ? 'Pending' : 'Completed');
        eventsChunk.completed!.push(open ? null : `${due}T15:00:00Z`);
        eventsChunk.assignee!.push(assignee);
      });
    }
    const s = schedulesChunk;
    await db.execute(sql`
      insert into schedules (id, organization_id, asset_id, title, recurrence, rrule, mode, lead_days, assignee_id,
        starts_on, next_due_on, created_at, updated_at)
      select u.id, ${id}::uuid, u.asset, 'Inspection', u.recurrence::jsonb, u.rrule, u.mode, u.lead, u.assignee,
        u.starts, u.next, now(), now()
      from unnest(${sql.param(s.id)}::uuid[], ${sql.param(s.asset)}::uuid[], ${sql.param(s.rrule)}::text[],
        ${sql.param(s.recurrence)}::text[], ${sql.param(s.mode)}::text[], ${sql.param(s.lead)}::int[],
        ${sql.param(s.assignee)}::uuid[], ${sql.param(s.starts)}::date[], ${sql.param(s.next)}::date[])
        as u(id, asset, rrule, recurrence, mode, lead, assignee, starts, next)`);
    const e = eventsChunk;
    await db.execute(sql`
      insert into maintenance_events (id, organization_id, asset_id, title, performed_at, task_status, task_completed_at,
        due_on, schedule_id, assignee_id, created_at, updated_at)
      select gen_random_uuid(), ${id}::uuid, u.asset, 'Inspection', u.due::timestamp, u.status, u.completed, u.due,
        u.schedule, u.assignee, u.due::timestamp - interval '7 days', now()
      from unnest(${sql.param(e.schedule)}::uuid[], ${sql.param(e.asset)}::uuid[], ${sql.param(e.due)}::date[],
        ${sql.param(e.status)}::text[], ${sql.param(e.completed)}::timestamptz[], ${sql.param(e.assignee)}::uuid[])
        as u(schedule, asset, due, status, completed, assignee)`);
    made += e.due!.length;
  }
  await db.execute(sql`analyze`);
  process.stdout.write(
    `seeded in ${((Date.now() - started) / 1000).toFixed(0)} s: ${SCHEDULES} schedules, ${made} tasks\n`,
  );
  return id;
}

/** The database handle with every raw statement explained (analyze, buffers) before it runs. */
function explaining(db: Db, print: (plan: string) => void): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (query: Parameters<Db['execute']>[0]) => {
        const plan = (await target.execute(
          sql`explain (analyze, buffers, costs off, summary on) ${query}`,
        )) as unknown as { rows: Record<string, string>[] };
        print(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
        return target.execute(query);
      };
    },
  });
}

async function timed<T>(label: string, run: () => Promise<T>, describe: (answer: T) => string) {
  const times: number[] = [];
  let answer: T | undefined;
  for (let n = 0; n < RUNS; n++) {
    const started = performance.now();
    answer = await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  process.stdout.write(`${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${describe(answer!)})\n`);
}

async function main() {
  const { config, database } = await openCliDatabase('the calendar benchmark');
  if (database.kind !== 'postgres') fail('Run it on PostgreSQL: DATABASE_URL=postgres://…');
  try {
    const db = database.db;
    const organizationId = await seed(db);
    type Person = { id: string; email: string; displayName: string };
    const person = async (admin: boolean) =>
      (
        (await db.execute(sql`select id, email, display_name as "displayName" from users
        where organization_id = ${organizationId} and is_admin = ${admin} order by email limit 1`)) as unknown as {
          rows: Person[];
        }
      ).rows[0]!;
    const admin = await person(true);
    const member = await person(false);
    const clock = new SettableClock();
    clock.freeze(new Date(`${TODAY}T09:00:00Z`));
    const actor = (user: Person, isAdmin: boolean): AuthUser => ({
      ...user,
      organizationId,
      isAdmin,
      isSuperAdmin: false,
      canEditCompletedMaintenanceEvents: false,
      timeZone: 'UTC',
      dailyDigest: true,
    });
    const asAdmin = { actor: actor(admin, true), now: clock.now() };
    const asMember = { actor: actor(member, false), now: clock.now() };
    const month = { from: '2026-06-01', to: '2026-07-12' };
    const week = { from: '2026-06-15', to: '2026-06-21' };
    const dayCount = (answer: never) => describeDays(answer);
    const describeDays = (answer: TCalendarDays) =>
      `${answer.days.length} days, ${answer.days.reduce((n, d) => n + d.total, 0)} items, ${answer.days.reduce((n, d) => n + d.items.length, 0)} listed`;
    const pageCount = (answer: never) => `${(answer as TAgenda).items.length} items`;
    const cases: [string, (d: Db) => Promise<unknown>, (answer: never) => string][] = [
      [
        'month, everyone, 3 a day',
        (d) => getCalendarDays(d, asAdmin, { ...month, assignee: 'all', perDay: 3 }),
        dayCount,
      ],
      [
        'month, one technician, 3 a day',
        (d) => getCalendarDays(d, asMember, { ...month, assignee: 'me', perDay: 3 }),
        dayCount,
      ],
      [
        'month, unassigned, 3 a day',
        (d) => getCalendarDays(d, asMember, { ...month, assignee: 'unassigned', perDay: 3 }),
        dayCount,
      ],
      [
        'week, everyone, 10 a day',
        (d) => getCalendarDays(d, asAdmin, { ...week, assignee: 'all', perDay: 10 }),
        dayCount,
      ],
      [
        'agenda, everyone, first 50',
        (d) => getAgenda(d, asAdmin, { ...month, assignee: 'all', limit: 50 }),
        pageCount,
      ],
      [
        'agenda, one technician, first 50',
        (d) => getAgenda(d, asMember, { ...month, assignee: 'me', limit: 50 }),
        pageCount,
      ],
    ];
    for (const [label, run, describe] of cases) await timed(label, () => run(db) as Promise<never>, describe);
    // The feed of one technician: their open tasks and 90 days of planned occurrences.
    const token = 'x'.repeat(43);
    await db.execute(
      sql`insert into calendar_feeds (user_id, organization_id, token_hash) values (${member.id}, ${organizationId}, encode(sha256(${token}::bytea), 'hex')) on conflict (user_id) do update set token_hash = excluded.token_hash`,
    );
    await timed(
      'feed, one technician',
      () => renderFeed(db, `${token}.ics`, clock.now(), config.publicBaseUrl),
      (ics) =>
        `${(ics ?? '').split('BEGIN:VEVENT').length - 1} events, ${Math.round((ics ?? '').length / 1024)} KiB`,
    );
    process.stdout.write('\nPlans (one run of each, EXPLAIN ANALYZE):\n');
    const print = (plan: string) => process.stdout.write(`${plan}\n---\n`);
    for (const [label, run] of cases) {
      process.stdout.write(`\n=== ${label}\n`);
      await run(explaining(db, print));
    }
    process.stdout.write('\n=== feed, one technician\n');
    await renderFeed(explaining(db, print), `${token}.ics`, clock.now(), config.publicBaseUrl);
  } finally {
    await database.close();
  }
}

await main();
