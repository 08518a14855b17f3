import type { TLanguage } from '@mqr/contracts';
import { and, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { descNullsLast } from '#server/db/order.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import { organizations, users } from '#server/db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;

/** What the admin screen shows of a user: never the password hash or the token version. */
export interface AdminUserRow {
  id: string;
  email: string;
  displayName: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  isActive: boolean;
  organizationId: string;
  organizationName: string | null;
  canEditCompletedMaintenanceEvents: boolean;
  createdAt: Date;
}

const adminUserColumns = {
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  isAdmin: users.isAdmin,
  isSuperAdmin: users.isSuperAdmin,
  isActive: users.isActive,
  organizationId: users.organizationId,
  organizationName: organizations.name,
  canEditCompletedMaintenanceEvents: users.canEditCompletedMaintenanceEvents,
  createdAt: users.createdAt,
};

// Sign-in and token checks are the only lookups of users without an organization id: emails are
// unique across the product and a token names its user. Both use a unique index. The super
// administrators' list of every user (listAllUsers) is the one other, by design.

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

const userById = preparedQuery('user_by_id', (db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1),
);

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db, { id });
  return row;
}

/** A user with their organization's time zone and language: the one statement of every signed-in request. */
export type AuthUserRow = UserRow & { timeZone: string; organizationLanguage: TLanguage; currency: string };

const userForAuth = preparedQuery('user_for_auth', (db) =>
  db
    .select({
      ...getTableColumns(users),
      timeZone: organizations.timeZone,
      organizationLanguage: organizations.defaultLanguage,
      currency: organizations.currency,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1),
);

export async function findUserForAuth(db: DbOrTx, id: string): Promise<AuthUserRow | undefined> {
  const [row] = await userForAuth(db, { id });
  return row;
}

/** A user of the organization, its row locked until the transaction ends. */
export async function findUserForUpdate(
  tx: DbOrTx,
  organizationId: string,
  id: string,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
    .limit(1)
    .for('update');
  return row;
}

async function listUsers(
  db: DbOrTx,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const [totalRow] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where)
    .orderBy(descNullsLast(users.createdAt), descNullsLast(users.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

/** One page of an organization's users, newest first (index users_organization_created_idx). */
export function listOrganizationUsers(
  db: DbOrTx,
  organizationId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  return listUsers(db, eq(users.organizationId, organizationId), page);
}

/** One page of every user of the product, newest first (index users_created_idx). Super administrators only. */
export function listAllUsers(
  db: DbOrTx,
  page: { page: number; pageSize: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  return listUsers(db, undefined, page);
}

/** The organization's active users by name (case-insensitive), at most `limit`: choices in a form. */
export function listActiveUserOptions(
  db: DbOrTx,
  organizationId: string,
  limit: number,
): Promise<{ id: string; displayName: string }[]> {
  return db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.isActive, true)))
    .orderBy(sql`lower(${users.displayName})`, users.id)
    .limit(limit);
}

/** A user of the organization as the admin screen shows it. */
export async function findAdminUser(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
    .limit(1);
  return row;
}

/** Inserts a user; a taken email throws the unique violation of users_email_unique. */
export async function insertUser(db: DbOrTx, values: UserInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<Omit<UserInsert, 'id' | 'organizationId'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
    .returning();
  return row!;
}
