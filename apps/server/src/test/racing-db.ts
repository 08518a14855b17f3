import type { Db } from '../db/client.ts';

/**
 * The database, except that every `transaction(...)` first runs `step` outside it: a way to make a
 * "simultaneous" request win the race between a service's check and its write, deterministically.
 */
export function runBeforeEachTransaction(db: Db, step: () => Promise<unknown>): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Db['transaction']>) => {
        await step();
        return target.transaction(...args);
      };
    },
  });
}
