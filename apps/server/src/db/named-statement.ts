import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client.ts';

const dialect = new PgDialect();

/**
 * A name stands for one text on a connection (node-postgres refuses it for another), and drizzle
 * writes a text per shape of the values (`default` for a column left out): each text gets a name of
 * its own, its hash after the caller's name, up to this many texts a name. A text beyond them runs
 * unnamed: statements prepared on every connection must stay few.
 */
export const TEXTS_PER_NAME = 8;
/** The statement name of each text seen, and how many texts each caller's name has. */
const statementNames = new Map<string, string>();
const textsOfName = new Map<string, number>();

/** The statement name of `text` under the caller's `name`; undefined past TEXTS_PER_NAME (unnamed). */
export function statementName(name: string, text: string): string | undefined {
  const known = statementNames.get(text);
  if (known !== undefined) return known;
  const count = textsOfName.get(name) ?? 0;
  if (count >= TEXTS_PER_NAME) return undefined;
  textsOfName.set(name, count + 1);
  const named = `${name}_${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
  statementNames.set(text, named);
  return named;
}

/**
 * Dates and times as the text PostgreSQL sends, as drizzle's own queries answer them (its
 * node-postgres session parses these types no further), so a row reads the same either way.
 */
const AS_SENT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
]);
const types = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    AS_SENT.has(typeId)
      ? (value: string) => value
      : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/**
 * The rows of `query`, a statement written with drizzle's `sql` that the query builders cannot
 * express (data-modifying CTEs, ADR 146), run as the named prepared statement `name` on the handle's
 * pool (ADR 148): parsed once per connection and, after a few runs, planned once. Statements reach
 * the embedded database unnamed otherwise, and each was planned again on every run (ADR 104, amended).
 * Only for statements whose best plan is the same for every organization (led by keys), with their
 * values in parameters (TEXTS_PER_NAME). Inside a transaction (a handle of its own, on its
 * connection) it runs unnamed, as any other statement there.
 */
export async function namedStatementRows<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const client = '$client' in db ? (db as { $client: unknown }).$client : undefined;
  if (!(client instanceof pg.Pool)) {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name: statementName(name, text), text, values: params, types });
  return result.rows as T[];
}
