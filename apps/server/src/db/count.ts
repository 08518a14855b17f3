import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * How many rows of `table` match, counting no further than `cap`: an index walk of at most `cap`
 * entries, where an exact count of a big tenant walks all of them (ADR 030). With `order`, the walk
 * follows that order (a list's own, whose index its page reads): PostgreSQL may otherwise stop a
 * sequential scan at `cap` rows, and a sequential scan of a big table starts wherever another scan of
 * it has got to, sometimes before every other tenant's rows (ADR 106).
 */
export async function countUpTo(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
  order: SQL[] = [],
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

/** How long a count that reached its cap is taken to reach it still (ADR 076). */
export const REACHED_CAP_MEMORY_MS = 60_000;
const REACHED_CAP_KEYS = 1000;
/** When each key's count last reached its cap, oldest first. */
const reachedCap = new Map<string, number>();

/**
 * `count()` (a countUpTo of `cap`), except that a count that reached its cap answers the cap again
 * for a minute without counting, on this instance: past the cap a list says "10,000+" whatever its
 * length, and a list that long does not fall below it within a minute. Under the cap it counts at
 * every call (ADR 076).
 */
export async function countUpToRemembered(
  key: string,
  cap: number,
  count: () => Promise<number>,
  now = Date.now(),
): Promise<number> {
  const at = reachedCap.get(key);
  if (at !== undefined && now - at < REACHED_CAP_MEMORY_MS) return cap;
  const counted = await count();
  reachedCap.delete(key);
  if (counted >= cap) {
    reachedCap.set(key, now);
    if (reachedCap.size > REACHED_CAP_KEYS) reachedCap.delete(reachedCap.keys().next().value!);
  }
  return counted;
}
