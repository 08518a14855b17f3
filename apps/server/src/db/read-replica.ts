import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailableError } from '../plugins/errors.ts';
import type { Db } from './client.ts';
import { withTransaction } from './every-transaction.ts';
import { FollowingPool } from './following-pool.ts';
import { NOT_A_STANDBY_CODE, READ_ONLY_CODE } from './host-list.ts';
import { withPooledTransactions } from './pooled-transactions.ts';
import type { ReplicaState } from './read-routing.ts';
import { ReplicaHealth } from './replica-health.ts';
import * as schema from './schema.ts';
import { ScopedPool } from './scoped-pool.ts';

// biome-ignore lint/suspicious/noExplicitAny: node-postgres' query() and connect() have many overloads; arguments pass through.
type AnyArgs = any[];

/**
 * A role that row-level security does not restrict: a superuser, a role that bypasses it, or one that
 * owns the tables. The replica's pool refuses such a connection when the app queries under row-level
 * security (ADR 066): its reads must see what the app role sees, no more.
 */
const UNRESTRICTED_ROLE_QUERY = `select rolsuper or rolbypassrls or exists (
    select 1 from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')
      and pg_has_role(current_user, relowner, 'USAGE')) as unrestricted
  from pg_roles where rolname = current_user`;

/** What a connection to the replica fails with when its role is not restricted by row-level security. */
export const UNRESTRICTED_READ_ROLE_CODE = 'MQR_READ_ROLE_UNRESTRICTED';

/** SQLSTATEs of a statement the replica cancelled because of its replay (a recovery conflict). */
const RECOVERY_CONFLICT_CODES = new Set(['40001', '40P01']);

/** The error's code, or its cause's (drizzle wraps the driver's errors in a DrizzleQueryError). */
function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const isRecoveryConflict = (error: unknown) => RECOVERY_CONFLICT_CODES.has(codeOf(error) ?? '');

/**
 * An error on the replica after which the same read goes to the primary: the replica is unreachable
 * or gone, is not a standby (promoted), refuses the role, or cancelled the statement for its replay.
 * Reads only are sent through the replica's handle, so sending one again is safe.
 */
export function goesToPrimary(error: unknown): boolean {
  const code = codeOf(error);
  // A write sent to the replica (read-only there): a mistake of the code, not hidden by the primary.
  if (code === READ_ONLY_CODE) return false;
  if (code === NOT_A_STANDBY_CODE || code === UNRESTRICTED_READ_ROLE_CODE || isRecoveryConflict(error)) {
    return true;
  }
  return isDatabaseUnavailableError(error);
}
/** Queries sent through the replica's handle, by where they were answered. */
export interface ReadCounts {
  replica: number;
  /** Sent to the primary because the replica was not up when asked. */
  primaryWhileReplicaUnusable: number;
  /** Tried on the replica, failed there (goesToPrimary), answered by the primary. */
  primaryAfterReplicaFailed: number;
}

/**
 * The pool under the replica's drizzle handle: each query (and each connection, for a transaction)
 * goes to the replica while its health check says it is up, and to the primary otherwise or when it
 * fails there as `goesToPrimary` says. It opens no connection of its own (ending it ends neither
 * pool: the primary's is the app's, the replica's is ended with it by openReadReplica). A pg.Pool
 * subclass only so that drizzle treats it as a pool (a transaction takes a connection from it).
 */
export class ReplicaRoutingPool extends pg.Pool {
  readonly counts: ReadCounts = { replica: 0, primaryWhileReplicaUnusable: 0, primaryAfterReplicaFailed: 0 };
  private readonly replica: pg.Pool;
  private readonly primary: pg.Pool;
  private readonly health: Pick<ReplicaHealth, 'state' | 'markDown'>;

  constructor(replica: pg.Pool, primary: pg.Pool, health: Pick<ReplicaHealth, 'state' | 'markDown'>) {
    super({ max: 1 });
    this.replica = replica;
    this.primary = primary;
    this.health = health;
  }

  // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs.
  override query(...args: AnyArgs): any {
    if (args.some((arg) => typeof arg === 'function')) {
      throw new TypeError('the read replica takes no callback');
    }
    const send = (pool: pg.Pool) => (pool.query as (...a: AnyArgs) => Promise<pg.QueryResult>)(...args);
    return this.route(send);
  }

  // biome-ignore lint/suspicious/noExplicitAny: see AnyArgs.
  override connect(...args: AnyArgs): any {
    if (args.length > 0) throw new TypeError('the read replica takes no callback');
    return this.route((pool) => pool.connect());
  }

  private async route<T>(send: (pool: pg.Pool) => Promise<T>): Promise<T> {
    if (this.health.state !== 'up') {
      this.counts.primaryWhileReplicaUnusable++;
      return send(this.primary);
    }
    try {
      const answer = await send(this.replica);
      this.counts.replica++;
      return answer;
    } catch (error) {
      if (!goesToPrimary(error)) throw error;
      // A recovery conflict cancels one statement: the replica itself is fine.
      if (!isRecoveryConflict(error)) this.health.markDown(error);
      this.counts.primaryAfterReplicaFailed++;
      return send(this.primary);
    }
  }
}

export interface ReadReplicaOptions {
  /** DATABASE_READ_URL: one host or a list, the first standby of which is read from. */
  readUrl: string;
  /** The app queries under row-level security (DATABASE_APP_URL): so do the replica's connections. */
  scoped: boolean;
  /** The app's pool on the primary: reads go there when the replica cannot take them. */
  primary: pg.Pool;
  maxLagMillis: number;
  probeMillis?: number;
  onChange?: (state: ReplicaState, detail: string) => void;
  onPoolError?: (error: Error) => void;
  /** How long a query's answer is waited for before its connection is given up (ADR 147). */
  queryDeadlineMillis: number;
}

/** The read replica of ADR 141: its pool, its health and the drizzle handle the routes read with. */
export interface ReadReplica {
  /** Reads on the replica while it is up, on the primary otherwise (ReplicaRoutingPool). */
  db: Db;
  health: ReplicaHealth;
  counts: ReadCounts;
  close(): Promise<void>;
}

/** The name the replica's connections show in pg_stat_activity. */
export const READ_REPLICA_APPLICATION_NAME = 'mqr-read-replica';

/**
 * Opens the replica's pool (as many connections as the primary's, a short connection timeout: a
 * replica that does not answer is not waited for) and starts its health check.
 */
export function openReadReplica(options: ReadReplicaOptions): ReadReplica {
  const config = {
    connectionString: options.readUrl,
    role: 'standby' as const,
    max: 10,
    connectionTimeoutMillis: 2000,
    query_timeout: options.queryDeadlineMillis,
    application_name: READ_REPLICA_APPLICATION_NAME,
    ...(options.scoped
      ? {
          onConnect: async (client: pg.ClientBase) => {
            const { rows } = await client.query<{ unrestricted: boolean }>(UNRESTRICTED_ROLE_QUERY);
            if (rows[0]?.unrestricted === false) return;
            throw Object.assign(
              new Error(
                'DATABASE_READ_URL: its role is a superuser, bypasses row-level security or owns the tables; with DATABASE_APP_URL it must be the app role (README, Production)',
              ),
              { code: UNRESTRICTED_READ_ROLE_CODE },
            );
          },
        }
      : {}),
  };
  const replicaPool = options.scoped ? new ScopedPool(config) : new FollowingPool(config);
  // A connection to a replica that stops emits here; without a listener Node would crash.
  replicaPool.on('error', (error) =>
    options.onPoolError?.(new Error(`read replica: ${error.message}`, { cause: error })),
  );
  const health = new ReplicaHealth({
    primary: options.primary,
    replica: replicaPool,
    maxLagMillis: options.maxLagMillis,
    probeMillis: options.probeMillis,
    onChange: options.onChange,
  });
  const routing = new ReplicaRoutingPool(replicaPool, options.primary, health);
  // Each transaction gives its connection back, on either pool (ADR 147).
  const db = withTransactionsOnPrimaryAfterFailure(
    withPooledTransactions(drizzlePg(routing, { schema }) as unknown as Db, routing),
    withPooledTransactions(drizzlePg(options.primary, { schema }) as unknown as Db, options.primary),
    health,
    routing.counts,
  );
  health.start();
  return {
    db,
    health,
    counts: routing.counts,
    close: async () => {
      health.stop();
      await health.probe().catch(() => {});
      await Promise.all([routing.end(), replicaPool.end()]);
    },
  };
}

/**
 * `db` (the replica's handle), except that a transaction that fails on the replica for the replica's
 * sake (its connection lost mid-way, a recovery conflict) runs again on the primary: its work only
 * reads, so running it twice changes nothing (the dashboard's figures read in one snapshot, ADR 034).
 */
export function withTransactionsOnPrimaryAfterFailure(
  db: Db,
  primary: Db,
  health: Pick<ReplicaHealth, 'state' | 'markDown'>,
  counts: ReadCounts,
): Db {
  return withTransaction(db, async (work, config) => {
    const onReplica = health.state === 'up';
    try {
      return await db.transaction(work, config);
    } catch (error) {
      if (!onReplica || !goesToPrimary(error)) throw error;
      if (!isRecoveryConflict(error)) health.markDown(error);
      counts.primaryAfterReplicaFailed++;
      return primary.transaction(work, config);
    }
  });
}
