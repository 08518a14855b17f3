import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows the database shows the code running now (row-level security, ADR 066): one
 * organization's, every organization's (`system`), or, when nothing says, none at all.
 */
export type DbScope = { organizationId: string | null; system: boolean };

const storage = new AsyncLocalStorage<DbScope>();

const NONE: Readonly<DbScope> = Object.freeze({ organizationId: null, system: false });

/** The scope of the code running now; none outside a request or an `asSystem`/`asOrganization` call. */
export function currentScope(): Readonly<DbScope> {
  return storage.getStore() ?? NONE;
}

/**
 * Runs `fn` seeing every organization's rows: for code that crosses organizations on purpose (the job
 * runner, sign-in lookups, super administrators). Each use is listed in ADR 066; code that forgets it
 * sees no tenant rows (fail closed).
 */
export function asSystem<T>(fn: () => T | PromiseLike<T>): Promise<T> {
  return runIn({ organizationId: null, system: true }, fn);
}

/** Runs `fn` seeing only organization `organizationId`'s rows (a lookup a signed URL or token names). */
export function asOrganization<T>(organizationId: string, fn: () => T | PromiseLike<T>): Promise<T> {
  return runIn({ organizationId, system: false }, fn);
}

/**
 * Calls `fn` and, still in `scope`, the `then` of what it returns: a drizzle query is lazy, and would
 * otherwise run when awaited, after the scope has ended.
 */
function runIn<T>(scope: DbScope, fn: () => T | PromiseLike<T>): Promise<T> {
  return storage.run(scope, () => {
    try {
      const result = fn();
      return new Promise<T>((resolve, reject) => {
        if (isThenable(result)) result.then(resolve, reject);
        else resolve(result);
      });
    } catch (error) {
      return Promise.reject(error);
    }
  });
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * Runs `fn` with a scope the caller may still change in place (a request: it starts with none and
 * the auth plugin sets its organization once the user is known).
 */
export function withScope<T>(scope: DbScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/**
 * Names the organization of the request running now, once its user is known (the auth plugin). Throws
 * outside a request's scope (plugins/db-scope.ts), which would otherwise leave the request seeing nothing.
 */
export function setRequestOrganization(organizationId: string): void {
  const scope = storage.getStore();
  if (!scope || scope.system) throw new Error('setRequestOrganization: not in a request scope');
  scope.organizationId = organizationId;
}

/** Lets the request running now see every organization (super-administrator screens; ADR 066). */
export function setRequestSystem(): void {
  const scope = storage.getStore();
  if (!scope) throw new Error('setRequestSystem: not in a request scope');
  scope.organizationId = null;
  scope.system = true;
}
