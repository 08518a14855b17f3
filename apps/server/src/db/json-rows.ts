import { type SQL, sql } from 'drizzle-orm';

/**
 * `coalesce((select json_agg(object order by order) from …), '[]')`: the rows of `from` as one JSON
 * column of a statement, so a page's related rows come in the same trip to the database (ADR 041).
 */
export const jsonRows = (object: SQL, from: SQL, order: SQL): SQL =>
  sql`coalesce((select json_agg(${object} order by ${order}) ${from}), '[]'::json)`;

/** A row's timestamps as JSON gives them: ISO strings. */
export type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };
