import { and, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { idempotencyKeys } from '#server/db/schema.ts';

/** Whose key: keys are per user and per organization. */
export interface KeyOwner {
  organizationId: string;
  userId: string;
  key: string;
}

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

const ownedBy = (owner: KeyOwner) =>
  and(
    eq(idempotencyKeys.organizationId, owner.organizationId),
    eq(idempotencyKeys.userId, owner.userId),
    eq(idempotencyKeys.key, owner.key),
  );

/** The key's row while it has not expired. */
export async function findKey(db: DbOrTx, owner: KeyOwner): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(ownedBy(owner), sql`${idempotencyKeys.expiresAt} > now()`))
    .limit(1);
  return row;
}

/**
 * Inserts the key in the transaction of the change it stands for. False when a row is already there
 * (on PostgreSQL this waits for a concurrent transaction holding the same key, then sees its commit);
 * an expired row of the same key is replaced.
 */
export async function insertKey(
  tx: DbOrTx,
  owner: KeyOwner,
  fingerprint: string,
  ttlHours: number,
): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({
      ...owner,
      fingerprint,
      expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.organizationId, idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        fingerprint,
        statusCode: null,
        contentType: null,
        body: null,
        createdAt: sql`now()`,
        expiresAt: sql`now() + make_interval(hours => ${ttlHours})`,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= now()`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/**
 * Stores the first answer of the key's request. One that holds a secret (`secretMinutes`) is stored
 * as the caller sealed it, replayed for that many minutes, then erased (eraseShownSecrets).
 */
export async function saveAnswer(
  db: DbOrTx,
  owner: KeyOwner,
  answer: { statusCode: number; contentType: string | null; body: string; secretMinutes?: number },
): Promise<void> {
  const { secretMinutes, ...stored } = answer;
  await db
    .update(idempotencyKeys)
    .set({
      ...stored,
      ...(secretMinutes === undefined
        ? {}
        : { secretUntil: sql`now() + make_interval(mins => ${secretMinutes})` }),
    })
    .where(and(ownedBy(owner), isNull(idempotencyKeys.statusCode)));
}

/** Erases up to `limit` sealed secret answers whose replay time is over; answers how many. */
export async function eraseShownSecrets(db: DbOrTx, now: Date, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    update ${idempotencyKeys} set body = null where (organization_id, user_id, key) in (
      select organization_id, user_id, key from ${idempotencyKeys}
      where secret_until is not null and body is not null and ${lte(idempotencyKeys.secretUntil, now)}
      limit ${limit})`)) as unknown as { rowCount: number | null };
  return result.rowCount ?? 0;
}

/** Deletes up to `limit` expired keys; answers how many went. */
export async function deleteExpiredKeys(db: DbOrTx, now: Date, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    delete from ${idempotencyKeys} where (organization_id, user_id, key) in (
      select organization_id, user_id, key from ${idempotencyKeys}
      where ${lt(idempotencyKeys.expiresAt, now)}
      limit ${limit})`)) as unknown as { rowCount: number | null };
  return result.rowCount ?? 0;
}
