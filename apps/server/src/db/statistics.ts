import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Refreshes the planner's statistics of `tables` (ADR 145): after a bulk load, what they say of an
 * organization can be far off (a new organization's 50,000 imported events taken for one), and
 * autovacuum's threshold, a tenth of the table, is not reached by a large import into a larger table.
 * ANALYZE samples at most 30,000 rows a table, whatever its size. `ownerDb`: only a table's owner may
 * analyze it (the app role of ADR 066 owns nothing).
 */
export async function analyzeTables(ownerDb: Db, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    // Names from the code, quoted as identifiers: ANALYZE takes no parameters.
    await ownerDb.execute(sql`analyze ${sql.identifier(table)}`);
  }
}
