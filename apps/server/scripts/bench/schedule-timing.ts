// The schedules benchmark (docs/goals.md): the engine creating the due tasks of N schedules (100,000 at full
// size) in an organization of their own, timed through the real server's test clock (TEST_CLOCK), while
// the big tenant's asset list is loaded, beside its p95 at rest.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { organizations, users } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { BENCH_PASSWORD } from './dataset.ts';
import { type LoadOptions, type LoadResult, runLoad, runLoadWhile } from './load.ts';
import type { RunningProcess } from './processes.ts';

const SCHEDULE_ORGANIZATION = 'Bench schedules';
const SCHEDULE_ADMIN = 'bench-schedules@example.com';
/** The schedules fall due on this date, 7 days ahead: the clock moves to the day their tasks appear. */
const DUE_ON = '2031-01-01';
const CLOCK_AT = '2030-12-25T12:00:00Z';
/** Four rules, as an organization would have them: a few distinct computations for the engine. */
const RULES = [
  {
    recurrence: { pattern: 'interval', every: 1, unit: 'month' },
    rrule: 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1',
  },
  {
    recurrence: { pattern: 'interval', every: 3, unit: 'month' },
    rrule: 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1',
  },
  { recurrence: { pattern: 'monthDay', every: 6, day: 1 }, rrule: 'FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=1' },
  {
    recurrence: { pattern: 'interval', every: 1, unit: 'year' },
    rrule: 'FREQ=YEARLY;INTERVAL=1;BYMONTH=1;BYMONTHDAY=1',
  },
] as const;

/**
 * The organization of `count` assets with one schedule each, all due on DUE_ON with a 7-day lead, made
 * when missing (or of another size) with set-based SQL; a rerun empties the tasks an earlier run
 * created (events, their audit entries and tallies, without the triggers: replica role) and puts the
 * schedules back before their due date. Its administrator is a super administrator (the test clock's
 * route is theirs).
 */
export async function prepareScheduleOrganization(db: Db, count: number): Promise<void> {
  let [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, SCHEDULE_ORGANIZATION));
  if (!organization) {
    [organization] = await db
      .insert(organizations)
      .values({ name: SCHEDULE_ORGANIZATION })
      .returning({ id: organizations.id });
    await db.insert(users).values({
      organizationId: organization!.id,
      email: SCHEDULE_ADMIN,
      displayName: 'Bench planner',
      passwordHash: await hashPassword(BENCH_PASSWORD),
      isAdmin: true,
      isSuperAdmin: true,
    });
  }
  const id = organization!.id;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const table of ['audit_log_entries', 'maintenance_events', 'due_task_tallies']) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where organization_id = ${id}`);
    }
  });
  const existing = (await db.execute(
    sql`select count(*)::int as n from schedules where organization_id = ${id}`,
  )) as unknown as { rows: { n: number }[] };
  if (existing.rows[0]!.n === count) {
    await db.execute(
      sql`update schedules set next_due_on = ${DUE_ON}, paused_at = null where organization_id = ${id}`,
    );
    return;
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from schedules where organization_id = ${id}`);
    await tx.execute(sql`delete from assets where organization_id = ${id}`);
    await tx.execute(sql`
      insert into assets (id, organization_id, name, slug, created_at, updated_at)
      select gen_random_uuid(), ${id}::uuid, 'Extinguisher ' || i, 'extinguisher-' || i, now(), now()
      from generate_series(1, ${count}) as i`);
    const rules = RULES.map((rule) => sql`(${JSON.stringify(rule.recurrence)}::jsonb, ${rule.rrule})`);
    await tx.execute(sql`
      insert into schedules (id, organization_id, asset_id, title, recurrence, rrule, mode, lead_days,
        starts_on, next_due_on, created_at, updated_at)
      select gen_random_uuid(), a.organization_id, a.id, 'Inspection', r.recurrence, r.rrule, 'fixed', 7,
        ${DUE_ON}, ${DUE_ON}, now(), now()
      from (select id, organization_id, row_number() over (order by id) as n from assets where organization_id = ${id}) as a
      join (select *, row_number() over () - 1 as k from (values ${sql.join(rules, sql`, `)}) as v(recurrence, rrule)) as r
        on r.k = a.n % ${RULES.length}`);
  });
  await db.execute(sql`analyze schedules`);
}

async function signInPlanner(server: RunningProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SCHEDULE_ADMIN, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${SCHEDULE_ADMIN} answered ${response.status}`);
  return `Bearer ${((await response.json()) as { accessToken: string }).accessToken}`;
}

/**
 * The asset list's p95 at rest, then the engine run (the test clock moved to the day every schedule's
 * task appears) timed while the same list is loaded, until the organization holds `count` open tasks,
 * and the clock put back. The timed call's answer counts only the tasks it made: the engine's repeating
 * job, polling on the same moved clock, makes some of them and may still be finishing its last chunk,
 * so the tasks are counted through the API (the due counts, exact: ADR 107), which both databases
 * answer while the server holds them, before the clock goes back (on the real date the schedules are
 * not due yet and the engine would stop).
 */
export async function timeScheduleEngine(
  server: RunningProcess,
  assetList: Omit<LoadOptions, 'seconds'>,
  seconds: number,
  count: number,
): Promise<{ seconds: number; tasksCreated: number; atRest: LoadResult; during: LoadResult }> {
  const authorization = await signInPlanner(server);
  const call = (method: string, path: string, body?: object) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { authorization, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const atRest = await runLoad({ ...assetList, seconds });
  const started = performance.now();
  const engine = call('PUT', '/api/test/clock', { now: CLOCK_AT, freeze: true }).then(async (response) => {
    if (!response.ok)
      throw new Error(`PUT /api/test/clock answered ${response.status}: ${await response.text()}`);
    return openTasksOnceSettled(() => call('GET', '/api/tasks/due-counts'), count);
  });
  const during = await runLoadWhile(assetList, engine);
  const tasksCreated = await engine;
  const engineSeconds = (performance.now() - started) / 1000;
  await call('DELETE', '/api/test/clock');
  return { seconds: engineSeconds, tasksCreated, atRest, during };
}

/** Polls the due counts until `expected` tasks are open (or `timeoutMs` passes); answers the count. */
async function openTasksOnceSettled(
  dueCounts: () => Promise<Response>,
  expected: number,
  timeoutMs = 60_000,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await dueCounts();
    if (!response.ok) throw new Error(`GET /api/tasks/due-counts answered ${response.status}`);
    const counts = (await response.json()) as { overdue: number; dueNext7Days: number };
    const open = counts.overdue + counts.dueNext7Days;
    if (open >= expected || performance.now() - started > timeoutMs) return open;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
