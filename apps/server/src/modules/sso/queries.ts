import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { organizations, ssoIdentities, ssoSettings } from '#server/db/schema.ts';

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

/** An identity at an organization's provider: its issuer and subject. */
export interface ProviderIdentity {
  organizationId: string;
  issuer: string;
  subject: string;
}

/** The id of the user this identity is linked to in the organization, if any. */
export async function findLinkedUserId(db: DbOrTx, identity: ProviderIdentity): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(
      and(
        eq(ssoIdentities.organizationId, identity.organizationId),
        eq(ssoIdentities.issuer, identity.issuer),
        eq(ssoIdentities.subject, identity.subject),
      ),
    )
    .limit(1);
  return row?.userId;
}

/**
 * Fills the subject of the user's link to this issuer that has none (an account single sign-on
 * created before identities were kept, ADR 082). True when there was one to fill.
 */
export async function claimLinkWithoutSubject(
  db: DbOrTx,
  userId: string,
  identity: ProviderIdentity,
): Promise<boolean> {
  const claimed = await db
    .update(ssoIdentities)
    .set({ subject: identity.subject })
    .where(
      and(
        eq(ssoIdentities.organizationId, identity.organizationId),
        eq(ssoIdentities.userId, userId),
        eq(ssoIdentities.issuer, identity.issuer),
        isNull(ssoIdentities.subject),
      ),
    )
    .returning({ id: ssoIdentities.id });
  return claimed.length > 0;
}

/** Links the user to this identity; their link to the same issuer with another subject is replaced. */
export async function linkIdentity(tx: DbOrTx, userId: string, identity: ProviderIdentity): Promise<void> {
  await tx
    .insert(ssoIdentities)
    .values({ ...identity, userId })
    .onConflictDoUpdate({
      target: [ssoIdentities.organizationId, ssoIdentities.userId, ssoIdentities.issuer],
      set: { subject: identity.subject },
    });
}
