import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailableError } from '../plugins/errors.ts';
import type { Db } from './client.ts';
import { FollowingPool } from './following-pool.ts';
import { NOT_A_STANDBY_CODE, READ_ONLY_CODE } from './host-list.ts';
import {
  type Lsn,
  type PositionSample,
  parseLsn,
  type ReplicaState,
  type ReplicaView,
  replicaLag,
} from './read-routing.ts';
import * as schema from './schema.ts';
import { ScopedPool } from './scoped-pool.ts';

// biome-ignore lint/suspicious/noExplicitAny: node-postgres' query() and connect() have many overloads; arguments pass through.
type AnyArgs = any[];

/** How often the health check asks the primary and the replica where they are. */
export const REPLICA_PROBE_MS = 1000;

/** Where the primary has inserted WAL up to: at or past the end of every transaction committed. */
export const PRIMARY_POSITION_QUERY = 'select pg_current_wal_insert_lsn()::text as lsn';

/** Whether the replica still replays a primary (not promoted), and how far it has. */
const REPLICA_POSITION_QUERY = 'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn';

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

export interface ReplicaHealthOptions {
  /** The app's pool on the primary. */
  primary: Pick<pg.Pool, 'query'>;
  /** The replica's own pool. */
  replica: Pick<pg.Pool, 'query'>;
  /** Past this lag the replica is 'behind' and reads go to the primary. */
  maxLagMillis: number;
  probeMillis?: number;
  /** Called when the state changes, with what was found (for the log). */
  onChange?: (state: ReplicaState, detail: string) => void;
  now?: () => number;
}

/**
 * What the server knows of the replica, asked every REPLICA_PROBE_MS (ADR 141): the primary's WAL
 * position (kept as samples over time) and the replica's replayed position, from which its lag. A
 * replica that fails to answer, or that answers as a primary, is 'down'; one whose lag is past the
 * maximum is 'behind'. A read that fails on the replica marks it down at once (`markDown`), until the
 * next check finds it answering.
 */
export class ReplicaHealth {
  state: ReplicaState = 'down';
  replayed: Lsn | null = null;
  /** Milliseconds, as of the last check; null before the replica answered once. */
  lagMillis: number | null = null;
  private samples: PositionSample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;
  private readonly options: ReplicaHealthOptions;
  private readonly now: () => number;

  constructor(options: ReplicaHealthOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  view(): ReplicaView {
    return { state: this.state, replayed: this.replayed };
  }

  /** Checks now, then every probe interval until stopped (the timer does not keep the process up). */
  start(): void {
    if (this.timer) return;
    void this.probe();
    this.timer = setInterval(() => void this.probe(), this.options.probeMillis ?? REPLICA_PROBE_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One check (never two at once); never throws. */
  probe(): Promise<void> {
    this.probing ??= this.check().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  /** A read failed on the replica for the replica's sake: reads go to the primary until it answers again. */
  markDown(error: unknown): void {
    this.set('down', `a read failed on it: ${(error as Error)?.message ?? String(error)}`);
  }

  private async check(): Promise<void> {
    // The primary first: the replica is then compared with a position the primary had before it was asked.
    try {
      const { rows } = await this.options.primary.query<{ lsn: string }>(PRIMARY_POSITION_QUERY);
      const lsn = parseLsn(rows[0]?.lsn);
      if (lsn !== undefined) this.sample(lsn);
    } catch {
      // The primary's own trouble: the replica is compared with the positions sampled before.
    }
    let answer: { standby: boolean; lsn: string | null } | undefined;
    try {
      answer = (
        await this.options.replica.query<{ standby: boolean; lsn: string | null }>(REPLICA_POSITION_QUERY)
      ).rows[0];
    } catch (error) {
      this.set('down', (error as Error).message);
      return;
    }
    const replayed = parseLsn(answer?.lsn);
    if (!answer?.standby || replayed === undefined) {
      this.set('down', 'it is not a standby (not in recovery)');
      return;
    }
    this.replayed = replayed;
    this.lagMillis = replicaLag(this.samples, replayed, this.now());
    const behind = this.lagMillis > this.options.maxLagMillis;
    this.set(
      behind ? 'behind' : 'up',
      `${(this.lagMillis / 1000).toFixed(1)} s behind the primary (at most ${this.options.maxLagMillis / 1000} s accepted)`,
    );
  }

  /** Keeps the primary's positions of the last maximum lag and a few checks more. */
  private sample(lsn: Lsn): void {
    const at = this.now();
    this.samples.push({ at, lsn });
    const keepFrom = at - this.options.maxLagMillis - 5 * (this.options.probeMillis ?? REPLICA_PROBE_MS);
    // One older sample stays: the replica may hold exactly its position.
    while (this.samples.length > 2 && this.samples[1]!.at < keepFrom) this.samples.shift();
  }

  private set(state: ReplicaState, detail: string): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onChange?.(state, detail);
  }
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
  const db = withTransactionsOnPrimaryAfterFailure(
    drizzlePg(routing, { schema }) as unknown as Db,
    drizzlePg(options.primary, { schema }) as unknown as Db,
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
  const transaction: Db['transaction'] = async (work, config) => {
    const onReplica = health.state === 'up';
    try {
      return await db.transaction(work, config);
    } catch (error) {
      if (!onReplica || !goesToPrimary(error)) throw error;
      if (!isRecoveryConflict(error)) health.markDown(error);
      counts.primaryAfterReplicaFailed++;
      return primary.transaction(work, config);
    }
  };
  return new Proxy(db, {
    get(target, property, receiver) {
      return property === 'transaction' ? transaction : Reflect.get(target, property, receiver);
    },
  });
}
