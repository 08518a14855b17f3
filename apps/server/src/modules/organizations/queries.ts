import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import { organizations } from '#server/db/schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

const organizationById = preparedQuery('organization_by_id', (db) =>
  db
    .select()
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('id')))
    .limit(1),
);

/** An organization by its id (a prepared statement: every public page and sign-in reads it, ADR 038). */
export async function findOrganizationById(db: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await organizationById(db, { id });
  return row;
}

const organizationTimeZone = preparedQuery('organization_time_zone', (db) =>
  db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('id')))
    .limit(1),
);

/** An organization's time zone (a prepared statement: the public history's older pages ask it). */
export async function findOrganizationTimeZone(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await organizationTimeZone(db, { id });
  return row?.timeZone;
}

/** Up to `limit` organizations with exactly this name, oldest first. */
export async function findOrganizationsByName(
  db: DbOrTx,
  name: string,
  limit: number,
): Promise<OrganizationRow[]> {
  return db
    .select()
    .from(organizations)
    .where(eq(organizations.name, name))
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
    .limit(limit);
}

/** The organization row locked until the end of the transaction (logo changes are serialised). */
export async function lockOrganization(db: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).for('update');
  return row;
}

/** One page of every organization, by name then id (super administrators). */
export async function listOrganizations(
  db: DbOrTx,
  paging: { page: number; pageSize: number },
): Promise<{ rows: OrganizationRow[]; total: number }> {
  const [totalRow] = await db.select({ total: count() }).from(organizations);
  const rows = await db
    .select()
    .from(organizations)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

export async function insertOrganization(db: DbOrTx, name: string): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values({ name }).returning();
  return row!;
}

export async function updateOrganization(
  db: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      OrganizationRow,
      'name' | 'logoObjectKey' | 'logoContentType' | 'timeZone' | 'dailyDigest' | 'defaultLanguage'
    >
  >,
): Promise<OrganizationRow> {
  const [row] = await db
    .update(organizations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  return row!;
}

/** Whether the database knows this time zone by this name (its dates use it too). */
export async function isKnownTimeZone(db: DbOrTx, name: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists (select 1 from pg_timezone_names where name = ${name}) as known`,
  )) as unknown as { rows: { known: boolean }[] };
  return result.rows[0]?.known === true;
}
