import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * How many rows of `table` match, counting no further than `cap`: an index walk of at most `cap`
 * entries, where an exact count of a big tenant walks all of them (ADR 030).
 */
export async function countUpTo(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(table).where(where).limit(cap).as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}
