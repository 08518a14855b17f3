import type { TLanguage } from '@mqr/contracts';
import { and, count, eq, getTableColumns, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import { apiTokens, organizations, users } from '#server/db/schema.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type ApiTokenInsert = typeof apiTokens.$inferInsert;

/** A listed token, with its owner (the administrators' list shows who it belongs to). */
export type ListedApiTokenRow = Omit<ApiTokenRow, 'secretHash' | 'organizationId' | 'revokedAt'> & {
  ownerEmail: string;
  ownerDisplayName: string;
};

const listedColumns = {
  id: apiTokens.id,
  userId: apiTokens.userId,
  name: apiTokens.name,
  scope: apiTokens.scope,
  hint: apiTokens.hint,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  ownerEmail: users.email,
  ownerDisplayName: users.displayName,
};

/**
 * A request's token with its user and the organization's time zone, by the secret's hash (unique
 * index): the one statement of a request made with an API token, as the user's row is for a
 * sign-in token. Revoked or not: the caller decides. The only lookup of tokens without an
 * organization id, like the user lookup of a sign-in token: the secret names its token.
 */
export type TokenAuthRow = {
  token: Pick<ApiTokenRow, 'id' | 'organizationId' | 'scope' | 'expiresAt' | 'lastUsedAt' | 'revokedAt'>;
  user: typeof users.$inferSelect & { timeZone: string; organizationLanguage: TLanguage; currency: string };
};

const tokenForAuth = preparedQuery('api_token_for_auth', (db) =>
  db
    .select({
      token: {
        id: apiTokens.id,
        organizationId: apiTokens.organizationId,
        scope: apiTokens.scope,
        expiresAt: apiTokens.expiresAt,
        lastUsedAt: apiTokens.lastUsedAt,
        revokedAt: apiTokens.revokedAt,
      },
      user: {
        ...getTableColumns(users),
        timeZone: organizations.timeZone,
        organizationLanguage: organizations.defaultLanguage,
        currency: organizations.currency,
      },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(apiTokens.secretHash, sql.placeholder('hash')))
    .limit(1),
);

export async function findTokenForAuth(db: DbOrTx, secretHash: string): Promise<TokenAuthRow | undefined> {
  const [row] = await tokenForAuth(db, { hash: secretHash });
  return row;
}

/** Marks the token used `now`, unless another request did since `olderThan` (no write then). */
export async function touchToken(db: DbOrTx, id: string, now: Date, olderThan: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, olderThan))));
}

/** Locks the user's row until the transaction ends: two creations for one user take turns. */
export async function lockTokenOwner(tx: DbOrTx, organizationId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)))
    .for('update');
  return row !== undefined;
}

/** The user's tokens that were not revoked (the per-user cap counts these). */
export async function countLiveTokens(tx: DbOrTx, organizationId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.organizationId, organizationId),
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function insertToken(tx: DbOrTx, values: ApiTokenInsert): Promise<ApiTokenRow> {
  const [row] = await tx.insert(apiTokens).values(values).returning();
  return row!;
}

/**
 * Whose live tokens: the organization's, one user's (`userId`), and without super administrators'
 * (`ownersNotSuperAdmins`: what an organization administrator reaches, ADR 084).
 */
export interface TokenScope {
  organizationId: string;
  userId?: string;
  ownersNotSuperAdmins?: boolean;
}

/**
 * One page of live tokens, newest first: the organization's (indexes api_tokens_org_created_idx)
 * or one user's (api_tokens_org_user_created_idx).
 */
export async function listLiveTokens(
  db: DbOrTx,
  scope: TokenScope,
  page: { page: number; pageSize: number },
): Promise<{ rows: ListedApiTokenRow[]; total: number }> {
  const where = liveTokensOf(scope);
  const [totalRow] = await db
    .select({ total: count() })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(where);
  const rows = await db
    .select(listedColumns)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(where)
    .orderBy(sql`${apiTokens.createdAt} desc`, sql`${apiTokens.id} desc`)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

/** The live tokens of the scope (with `ownersNotSuperAdmins`, the statement joins `users` on the owner). */
function liveTokensOf(scope: TokenScope): SQL | undefined {
  return and(
    eq(apiTokens.organizationId, scope.organizationId),
    scope.userId === undefined ? undefined : eq(apiTokens.userId, scope.userId),
    scope.ownersNotSuperAdmins ? eq(users.isSuperAdmin, false) : undefined,
    isNull(apiTokens.revokedAt),
  );
}

/**
 * Revokes a live token of the organization (of one user when `userId` is given); its row as it was,
 * with its owner's email, or undefined when there is no such live token.
 */
export async function revokeToken(
  tx: DbOrTx,
  scope: TokenScope,
  id: string,
): Promise<(ApiTokenRow & { ownerEmail: string }) | undefined> {
  const [row] = await tx
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .from(users)
    .where(and(liveTokensOf(scope), eq(apiTokens.id, id), eq(users.id, apiTokens.userId)))
    .returning({ ...getTableColumns(apiTokens), ownerEmail: users.email });
  return row;
}

/** Revokes every live token of a user (their deactivation); how many. */
export async function revokeUserTokens(tx: DbOrTx, organizationId: string, userId: string): Promise<number> {
  const rows = await tx
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(liveTokensOf({ organizationId, userId }))
    .returning({ id: apiTokens.id });
  return rows.length;
}
