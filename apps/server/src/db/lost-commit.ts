import { sql } from 'drizzle-orm';
import { isDatabaseUnavailableError } from '../plugins/errors.ts';
import type { Db } from './client.ts';

/** How long a transaction whose COMMIT lost its answer waits for the database to say whether it committed. */
const RESOLVE_MS = 20_000;
const POLL_MS = 250;

/** Rows of db.execute() on node-postgres. */
type Rows<T> = { rows: T[] };

/**
 * `db`, except that a transaction whose COMMIT was sent but whose answer was lost (the primary died
 * then: ADR 132) asks the database, once it answers again (the standby promoted), whether it committed,
 * by its transaction id (`txid_status`, PostgreSQL's way to settle exactly this): committed, the
 * transaction's result is returned as if the answer had come; aborted or unknown, the error is thrown.
 * Synchronous replication makes a commit the primary acknowledged present on the standby; one it had
 * not acknowledged may be there or not, and this tells which, so that a write is never answered 503
 * while it is stored (its retry would find its Idempotency-Key taken with no answer kept).
 * Costs one round trip per transaction: used only when DATABASE_URL lists hosts to follow.
 */
export function withLostCommitsResolved(db: Db): Db {
  const transaction: Db['transaction'] = async (work, config) => {
    let txid: string | null = null;
    let result: Awaited<ReturnType<typeof work>> | undefined;
    try {
      return await db.transaction(async (tx) => {
        result = await work(tx);
        const answer = (await tx.execute(
          sql`select txid_current_if_assigned()::text as txid`,
        )) as unknown as Rows<{ txid: string | null }>;
        txid = answer.rows[0]?.txid ?? null;
        return result;
      }, config);
    } catch (error) {
      // A transaction that wrote nothing (no id) has nothing to settle.
      if (txid !== null && isDatabaseUnavailableError(error) && (await committed(db, txid))) {
        return result as Awaited<ReturnType<typeof work>>;
      }
      throw error;
    }
  };
  return new Proxy(db, {
    get(target, property, receiver) {
      return property === 'transaction' ? transaction : Reflect.get(target, property, receiver);
    },
  });
}

/** Whether transaction `txid` committed, asked until the database answers (false when it never does). */
async function committed(db: Db, txid: string): Promise<boolean> {
  const deadline = Date.now() + RESOLVE_MS;
  while (Date.now() < deadline) {
    try {
      const answer = (await db.execute(
        sql`select txid_status(${txid}::bigint) as status`,
      )) as unknown as Rows<{ status: string | null }>;
      const status = answer.rows[0]?.status;
      // 'in progress': the old primary's transaction, still being settled by the promotion.
      if (status !== 'in progress') return status === 'committed';
    } catch (error) {
      if (!isDatabaseUnavailableError(error)) return false;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}
