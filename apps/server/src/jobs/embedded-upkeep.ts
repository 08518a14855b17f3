import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { JobRunner } from './job-runner.ts';

/**
 * The embedded database has no autovacuum process (PGlite runs PostgreSQL as one single-user
 * backend), so nothing would ever refresh its statistics or vacuum its tables: after a bulk load the
 * planner takes a table for a handful of rows, and index-only scans read the heap again for every
 * entry. This job applies autovacuum's own default thresholds (ADR 065).
 */
export const EMBEDDED_UPKEEP_QUEUE = 'embedded-database-upkeep';
export const EMBEDDED_UPKEEP_EVERY_MS = 60_000;

/** PostgreSQL's defaults: autovacuum_(vacuum|vacuum_insert|analyze)_(threshold|scale_factor). */
const VACUUM = { threshold: 50, scale: 0.2 };
const VACUUM_INSERT = { threshold: 1000, scale: 0.2 };
const ANALYZE = { threshold: 50, scale: 0.1 };

interface TableActivity {
  table: string;
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

export type Upkeep = { table: string; work: 'vacuum' | 'analyze' };

const over = (count: number, live: number, rule: { threshold: number; scale: number }) =>
  count > rule.threshold + rule.scale * live;

/** What each table needs by autovacuum's rules: VACUUM (ANALYZE), ANALYZE alone, or nothing. */
export function upkeepOf(activity: TableActivity[]): Upkeep[] {
  return activity.flatMap((table): Upkeep[] => {
    if (over(table.dead, table.live, VACUUM) || over(table.insertedSinceVacuum, table.live, VACUUM_INSERT))
      return [{ table: table.table, work: 'vacuum' }];
    if (over(table.modifiedSinceAnalyze, table.live, ANALYZE))
      return [{ table: table.table, work: 'analyze' }];
    return [];
  });
}

/** Vacuums and analyzes the tables that need it, one at a time; answers what it did. */
export async function keepUpEmbeddedDatabase(db: Db): Promise<Upkeep[]> {
  // The counters reach pg_stat_user_tables when the backend flushes them, which it does at its own pace.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const { rows } = (await db.execute(sql`
    select relname as "table", n_live_tup::int as live, n_dead_tup::int as dead,
      n_ins_since_vacuum::int as "insertedSinceVacuum", n_mod_since_analyze::int as "modifiedSinceAnalyze"
    from pg_stat_user_tables where schemaname = 'public'`)) as unknown as { rows: TableActivity[] };
  const work = upkeepOf(rows);
  for (const { table, work: kind } of work) {
    // Names from the catalogue, quoted: VACUUM takes no parameters. Outside a transaction, as it must be.
    const name = sql.identifier(table);
    await db.execute(kind === 'vacuum' ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
  }
  return work;
}

export function defineEmbeddedUpkeep(jobs: JobRunner, db: Db, log: FastifyBaseLogger): void {
  const settings = { everyMs: EMBEDDED_UPKEEP_EVERY_MS, lockSeconds: 600, timeoutSeconds: 60 * 60 };
  jobs.repeat(EMBEDDED_UPKEEP_QUEUE, settings, async () => {
    const done = await keepUpEmbeddedDatabase(db);
    if (done.length > 0) log.debug({ done }, 'embedded database: statistics and vacuum kept up');
  });
}
