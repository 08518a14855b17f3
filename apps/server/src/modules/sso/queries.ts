import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { organizations, ssoSettings } from '#server/db/schema.ts';

export type SsoSettingsRow = typeof ssoSettings.$inferSelect;
export type SsoSettingsValues = Omit<
  typeof ssoSettings.$inferInsert,
  'organizationId' | 'createdAt' | 'updatedAt'
>;

/** The organization's settings, if it has any (its primary key). */
export async function findSsoSettings(
  db: DbOrTx,
  organizationId: string,
): Promise<SsoSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoSettings)
    .where(eq(ssoSettings.organizationId, organizationId))
    .limit(1);
  return row;
}

/** The settings and the organization's name, in one statement (the sign-in page and its return). */
export async function findSsoSettingsWithOrganization(
  db: DbOrTx,
  organizationId: string,
): Promise<(SsoSettingsRow & { organizationName: string }) | undefined> {
  const [row] = await db
    .select({ settings: ssoSettings, organizationName: organizations.name })
    .from(ssoSettings)
    .innerJoin(organizations, eq(organizations.id, ssoSettings.organizationId))
    .where(eq(ssoSettings.organizationId, organizationId))
    .limit(1);
  return row ? { ...row.settings, organizationName: row.organizationName } : undefined;
}

/** The settings row locked until the end of the transaction (saves are serialised). */
export async function lockSsoSettings(
  tx: DbOrTx,
  organizationId: string,
): Promise<SsoSettingsRow | undefined> {
  const [row] = await tx
    .select()
    .from(ssoSettings)
    .where(eq(ssoSettings.organizationId, organizationId))
    .for('update');
  return row;
}

/** Inserts or replaces the organization's settings. */
export async function upsertSsoSettings(
  tx: DbOrTx,
  organizationId: string,
  values: SsoSettingsValues,
): Promise<SsoSettingsRow> {
  const [row] = await tx
    .insert(ssoSettings)
    .values({ ...values, organizationId })
    .onConflictDoUpdate({ target: ssoSettings.organizationId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
