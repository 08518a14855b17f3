import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A drizzle query that can run as a named prepared statement. */
interface Preparable<T> {
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * Runs a hot, key-led query as a named prepared statement (ADR 038): each connection parses it once and,
 * after a few runs, reuses one generic plan, where planning was most of the cost of these small queries
 * (the asset detail's statements: 900 → 2,850 sets/s at a million assets). Only for queries whose best
 * plan is the same for every organization (led by a key or an id); searches and counts are planned for
 * their parameters, unnamed. A name must always stand for the same SQL text: node-postgres refuses a
 * name reused for another text on a connection.
 */
export function runPrepared<T>(name: string, query: Preparable<T>): Promise<T> {
  return query.prepare(name).execute();
}

/**
 * `column = any($n)` with the ids as one array parameter: the same SQL text whatever the number of ids
 * (an `in ($2, $3, …)` list is a new text, and a new statement, for each length).
 */
export function isAnyOf(column: AnyPgColumn, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::uuid[])`;
}
