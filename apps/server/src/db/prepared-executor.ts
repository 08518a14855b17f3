import { Column, is, SQL } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { fillPlaceholders } from 'drizzle-orm/sql';
import { DescribedStatementQuery, type TypeParsers, takesSubmittable } from './described-statement-query.ts';

/** What drizzle's node-postgres prepared query holds (its fields are internal, hence checked at run time). */
interface NodePgPrepared {
  execute(values?: Record<string, unknown>): Promise<unknown>;
  client?: { query(config: unknown, params?: unknown[]): Promise<{ rows: unknown[][] }> };
  params?: unknown[];
  queryConfig?: { name?: string; text: string; rowMode?: string; types?: TypeParsers };
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  logger?: { logQuery(text: string, params: unknown[]): void };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** The decoder drizzle's mapResultRow would pick for a selected field, or undefined for a shape it is not. */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) return field;
  // An SQL's decoder is internal in drizzle's types.
  const sqlOf = is(field, SQL) ? field : (field as { sql?: unknown }).sql;
  return is(sqlOf, SQL) ? (sqlOf as unknown as { decoder: Decoder }).decoder : undefined;
}

/**
 * Runs a prepared select as drizzle does (same statement name, text, parameters and values), without
 * its per-run layers: tracing spans, the cache check, and a row mapper that inspects every field of
 * every row. Its decoders are picked once. Queries of another shape (nested or nullable joins, a custom
 * mapper, another driver) run through drizzle itself. On the asset detail these layers were the
 * largest part of drizzle's share of a request (ADR 079); node-postgres' own per-run work is trimmed
 * by DescribedStatementQuery (ADR 081).
 */
export function leanExecutor(query: NodePgPrepared): (values: Record<string, unknown>) => Promise<unknown> {
  const { client, params, queryConfig, fields, logger } = query;
  const flat = fields?.every((f) => f.path.length === 1 && decoderOf(f.field) !== undefined);
  if (
    !client ||
    !params ||
    !queryConfig ||
    queryConfig.rowMode !== 'array' ||
    !fields ||
    !flat ||
    query.customResultMapper
  ) {
    return (values) => query.execute(values);
  }
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field)!);
  const mapRow = (row: unknown[]) => {
    const mapped: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      mapped[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
    }
    return mapped;
  };
  const { name, text, types } = queryConfig;
  // A named statement on node-postgres runs as a DescribedStatementQuery (ADR 081); another client
  // (a test's, a driver's) gets the config as drizzle gives it.
  const run: (filled: unknown[]) => Promise<unknown[][]> =
    name && types && takesSubmittable(client)
      ? async (filled) =>
          (await (client.query(
            new DescribedStatementQuery(name, text, filled, types),
          ) as unknown)) as unknown[][]
      : async (filled) => (await client.query(queryConfig, filled)).rows;
  return async (values) => {
    const filled = fillPlaceholders(params, values);
    logger?.logQuery(text, filled);
    let rows: unknown[][];
    try {
      rows = await run(filled);
    } catch (error) {
      throw new DrizzleQueryError(text, filled, error as Error);
    }
    return rows.map(mapRow);
  };
}
