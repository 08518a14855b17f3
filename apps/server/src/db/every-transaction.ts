import type { Db, Tx } from './client.ts';

/** Runs a transaction's work (`work`) inside `tx`, with whatever the caller adds around it. */
export type AroundTransaction = <T>(tx: Tx, work: () => Promise<T>) => Promise<T>;

/**
 * `db`, except that every transaction begun on it runs its work through `around`, inside the
 * transaction (a savepoint, `tx.transaction`, does not). A wrapper: `db` itself is left as it is.
 */
export function withEveryTransaction(db: Db, around: AroundTransaction): Db {
  return withTransaction(db, (work, config) => db.transaction((tx) => around(tx, () => work(tx)), config));
}

/** `db` with `transaction` in place of its own; everything else is `db`'s. */
export function withTransaction(db: Db, transaction: Db['transaction']): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      return property === 'transaction' ? transaction : Reflect.get(target, property, receiver);
    },
  });
}
