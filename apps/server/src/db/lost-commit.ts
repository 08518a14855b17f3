import { isDatabaseUnavailableError } from '../plugins/errors.ts';
import type { Db } from './client.ts';

/** How long a transaction whose COMMIT lost its answer waits for the database to say whether it committed. */
const RESOLVE_MS = 20_000;
const POLL_MS = 250;

/**
 * For the transaction that just lost its COMMIT's answer, in its caller's context: a question that
 * tells from the database whether it committed (a row only it writes), or undefined when there is none.
 */
export type CommitQuestion = () => ((db: Db) => Promise<boolean>) | undefined;

/**
 * `db`, except that a transaction whose COMMIT was sent but whose answer was lost (the primary died
 * then: ADR 132) asks `question`, once the database answers again (the standby promoted), whether it
 * committed: committed, the transaction's result is returned as if the answer had come; not, or no
 * question, or no answer within 20 s: the error stands (503). Synchronous replication makes a commit the
 * primary acknowledged present on the standby; one it had not acknowledged may be there or not, and
 * this tells which, so that a write with an Idempotency-Key is never answered 503 while it is stored
 * (its retry would find the key taken with no answer kept). The transaction id is no such question:
 * a transaction none of whose WAL reached the standby leaves its id free, and the new primary gives it
 * to another transaction, whose commit `txid_status` would then report.
 */
export function withLostCommitsResolved(db: Db, question: CommitQuestion): Db {
  const transaction: Db['transaction'] = async (work, config) => {
    let worked = false;
    let result: Awaited<ReturnType<typeof work>> | undefined;
    try {
      return await db.transaction(async (tx) => {
        result = await work(tx);
        worked = true;
        return result;
      }, config);
    } catch (error) {
      // The work was done: what failed is the COMMIT (or its answer).
      const ask = worked && isDatabaseUnavailableError(error) ? question() : undefined;
      if (ask && (await answered(db, ask))) return result as Awaited<ReturnType<typeof work>>;
      throw error;
    }
  };
  return new Proxy(db, {
    get(target, property, receiver) {
      return property === 'transaction' ? transaction : Reflect.get(target, property, receiver);
    },
  });
}

/** `ask`'s answer, asked until the database answers; false when it never does. */
async function answered(db: Db, ask: (db: Db) => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + RESOLVE_MS;
  while (Date.now() < deadline) {
    try {
      return await ask(db);
    } catch (error) {
      if (!isDatabaseUnavailableError(error)) return false;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}
