import pg from 'pg';
import { FollowingPool, type FollowingPoolConfig, queryText } from './following-pool.ts';
import { currentScope, type DbScope } from './scope.ts';

/** Sets the session's scope, which the row-level security policies read (ADR 066). */
const SET_SCOPE = "select set_config('app.organization_id', $1, false), set_config('app.scope', $2, false)";

/** A command that may undo an earlier set_config of the session (rolling back a transaction or savepoint). */
const ROLLBACK = /^\s*(rollback|abort)\b/i;

function scopeKey(scope: DbScope): string {
  return `${scope.organizationId ?? ''}|${scope.system ? 'system' : ''}`;
}

// biome-ignore lint/suspicious/noExplicitAny: node-postgres' query() has many overloads; arguments pass through.
type AnyArgs = any[];

/**
 * A connection that, before each query, gives the session the scope of the code that sent it, unless
 * the session has that scope already (the usual case: no extra round trip). The scope is read when
 * query() is called, in the caller's async context.
 */
class ScopedClient extends pg.Client {
  /** The scope the session has, as scopeKey(); undefined when unknown. */
  private applied: string | undefined;
  /** Set by ScopedPool.query around its one query: the scope of its caller. */
  pinned: DbScope | undefined;

  // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs.
  override query(...args: AnyArgs): any {
    const scope = this.pinned ?? currentScope();
    const key = scopeKey(scope);
    if (key !== this.applied) {
      this.applied = key;
      // Queued before the caller's query on this connection, so it runs first.
      super.query(SET_SCOPE, [scope.organizationId ?? '', scope.system ? 'system' : ''], (error) => {
        if (error) this.applied = undefined;
      });
    }
    const text = queryText(args[0]);
    if (text && ROLLBACK.test(text)) this.applied = undefined;
    // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs.
    return (super.query as (...a: AnyArgs) => any)(...args);
  }
}

/**
 * A pool of ScopedClients. Its own query() checks a connection out and sends the query on it with the
 * scope captured at the call: pg-pool runs the checkout callback in the async context of whichever
 * request released the connection, not the caller's.
 */
export class ScopedPool extends FollowingPool {
  constructor(config: FollowingPoolConfig) {
    super(config, ScopedClient);
  }

  // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs.
  override query(...args: AnyArgs): any {
    if (args.some((arg) => typeof arg === 'function')) {
      throw new TypeError('ScopedPool.query takes no callback');
    }
    // A copy: a request's scope object is named in place once its user is known.
    const scope = { ...currentScope() };
    return this.readingAgain(args, () => this.queryInScope(scope, args));
  }

  private async queryInScope(scope: DbScope, args: AnyArgs): Promise<pg.QueryResult> {
    const client = (await this.connect()) as unknown as ScopedClient & pg.PoolClient;
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      client.release(error);
    };
    // A connection lost mid-query emits 'error'; with no listener the process would crash.
    const onError = (error: Error) => release(error);
    client.once('error', onError);
    try {
      client.pinned = scope;
      let result: Promise<pg.QueryResult>;
      try {
        result = client.query(...(args as [string]));
      } finally {
        client.pinned = undefined;
      }
      const answer = await result;
      release();
      return answer;
    } catch (error) {
      // A database's answer (a constraint, a syntax error) leaves the connection usable.
      release(error instanceof pg.DatabaseError ? undefined : (error as Error));
      throw error;
    } finally {
      client.removeListener('error', onError);
    }
  }
}
