import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** Values for a prepared query's `sql.placeholder(name)`s, by name. */
export type PlaceholderValues = Record<string, unknown>;

interface Prepared<T> {
  execute(values?: PlaceholderValues): Promise<T>;
}

interface Preparable<T> {
  prepare(name: string): Prepared<T>;
}

/**
 * A hot, key-led read, built once per database handle with `sql.placeholder`s for its values and run
 * as the named prepared statement `name` (ADR 038). Building a query with drizzle on every request
 * was over a third of the asset detail's JavaScript; a named statement is parsed once per connection
 * and, after a few runs, keeps one generic plan, where planning was most of PostgreSQL's work for
 * these small queries. Only for queries whose best plan is the same for every organization (led by a
 * key or an id); searches and counts are planned for their parameters, unnamed. A name must always
 * stand for the same SQL text: node-postgres refuses a name reused for another text on a connection.
 */
export function preparedQuery<T>(
  name: string,
  build: (db: DbOrTx) => Preparable<T>,
): (db: DbOrTx, values: PlaceholderValues) => Promise<T> {
  // A transaction is a handle of its own: its query is built for it, on its connection. Drizzle's own
  // prepared query runs it (and maps its rows), as every other query.
  const built = new WeakMap<DbOrTx, (values: PlaceholderValues) => Promise<T>>();
  return (db, values = {}) => {
    let execute = built.get(db);
    if (!execute) {
      const prepared = build(db).prepare(name);
      execute = (values) => prepared.execute(values);
      built.set(db, execute);
    }
    return execute(values);
  };
}

/**
 * `column = any($n)` with the ids as one array parameter, the placeholder `name`: the same SQL text
 * whatever the number of ids (an `in ($2, $3, …)` list is a new text, and a new statement, per length).
 */
export function isAnyOf(column: AnyPgColumn | SQL, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::uuid[])`;
}
