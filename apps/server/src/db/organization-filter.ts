import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = organization` as a filter that PostgreSQL does not use to choose an index (ADR 073), for
 * rows read by their primary key: a just-imported tenant has no statistics yet, and the planner would
 * take an (organization, …) index for as good as the key and walk all of the tenant's rows per lookup.
 */
export function inOrganization(column: AnyPgColumn | SQL, organization: unknown): SQL {
  return sql`(${column} = ${organization}) is true`;
}
