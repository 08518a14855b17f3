import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { isDatabaseUnavailableError } from '../plugins/errors.ts';
import type { Db } from './client.ts';
import { withTransaction } from './every-transaction.ts';

/**
 * `db` (drizzle over `pool`), except that a transaction checks its connection out itself and always
 * gives it back (ADR 147). drizzle-orm 0.45's pooled `transaction()` sends BEGIN before the try/finally
 * that releases the connection, so a BEGIN that fails (a lost connection, a statement past its
 * deadline) kept the connection checked out for the life of the process, and a few such failures
 * emptied the pool (drizzle-orm #6241, open); it also gave back a connection whose ROLLBACK failed as
 * a healthy one. Here drizzle runs the transaction on that one connection (a drizzle handle over a
 * client never releases it), and the connection goes back with the error when the database could not
 * be reached, so that the pool drops it.
 */
export function withPooledTransactions(db: Db, pool: pg.Pool): Db {
  return withTransaction(db, async (work, config) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      // Without the schema: the relational query API (`tx.query`) is not used in transactions, and
      // building its configuration would cost half a millisecond on every transaction.
      const onClient = drizzlePg(client) as unknown as Db;
      return await onClient.transaction(work, config);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.release(isDatabaseUnavailableError(failure) ? (failure as Error) : undefined);
    }
  });
}
