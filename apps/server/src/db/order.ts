import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Descending order matching the indexes drizzle-kit generates: `.desc()` in the schema is
 * `DESC NULLS LAST`, while drizzle's `desc()` in a query is plain `DESC` (NULLS FIRST), and
 * PostgreSQL reads an index in order only when both agree. On NOT NULL columns the rows come out
 * the same either way; only the plan changes (an index scan instead of sorting every row).
 */
export function descNullsLast(column: AnyColumn): SQL {
  return sql`${column} desc nulls last`;
}
