import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { FollowingPool } from './following-pool.ts';
import { parseHostList } from './host-list.ts';
import { PgliteThread } from './pglite-thread.ts';
import { withPooledTransactions } from './pooled-transactions.ts';
import { openReadReplica, type ReadReplica } from './read-replica.ts';
import type { ReplicaState } from './read-routing.ts';
import * as schema from './schema.ts';
import { asSystem } from './scope.ts';
import { ScopedPool } from './scoped-pool.ts';

/** The one database type the rest of the server sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; queries accept either a Db or a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
  /** What the app queries with: with an app role (DATABASE_APP_URL), row-level security applies (ADR 066). */
  db: Db;
  /** The tables' owner, whom row-level security does not restrict: migrations, and tests' own setup. */
  ownerDb: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL given a list of hosts (or read-write): the pools follow the primary through failovers (ADR 132). */
  followsPrimary: boolean;
  /**
   * PostgreSQL with DATABASE_READ_URL: the read replica the heavy reads may go to (ADR 141), with its
   * health; undefined otherwise (every read goes to `db`).
   */
  replica: ReadReplica | undefined;
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /** The connection pool now (metrics): PostgreSQL's up to 10 connections, the embedded database's PGLITE_CONNECTIONS (sharing its one session). */
  poolStats(): PoolStats;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface DatabaseOptions {
  /**
   * PostgreSQL connection string, with one host or a list that the pools follow the primary of
   * (`postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write`, ADR 132); when absent the
   * embedded PGlite in `dataDir` is used.
   */
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL only: the connection string of a role that does not own the tables, which the app then
   * queries as, under row-level security (ADR 066); `databaseUrl` (the owner) only migrates and grants.
   */
  appDatabaseUrl?: string | undefined;
  /** Folder of the embedded database (PGlite only); absent = in memory. */
  pgliteDir?: string | undefined;
  /** PGlite only: hold an exclusive lock file `<pgliteDir>.lock` while open (default true). */
  lock?: boolean;
  /** Called with errors of idle pool connections, which must never crash the process. */
  onPoolError?: (error: Error) => void;
  /**
   * PostgreSQL only: a standby's connection string (one host or a list, the first standby of which is
   * read from), as the app role when `appDatabaseUrl` is set (ADR 141).
   */
  readUrl?: string | undefined;
  /** How far behind the primary the replica may be and still be read from (default 5 s). */
  readMaxLagMillis?: number;
  /** Called when the replica goes up, down or behind, with what was found (the log). */
  onReplicaChange?: (state: ReplicaState, detail: string) => void;
  /**
   * PostgreSQL only: how long a query's answer is waited for before its connection is given up (ADR
   * 147; DEFAULT_QUERY_DEADLINE_MS by default, 0 for none). Migrations have none: an index on a big
   * table may take minutes.
   */
  queryDeadlineMillis?: number;
}

/**
 * DATABASE_QUERY_TIMEOUT_SECONDS' default, in milliseconds (ADR 147): how long a statement's answer is
 * waited for (node-postgres' `query_timeout`) before its connection is given up. A server that dies
 * or is cut off without closing its connections (a host powered off, a network partition) answers
 * nothing, and nothing tells the client: the kernel retries the unacknowledged bytes for about 15
 * minutes, and every request on those connections waited as long.
 */
export const DEFAULT_QUERY_DEADLINE_MS = 30_000;

/** DATABASE_READ_MAX_LAG_SECONDS' default, in milliseconds. */
export const DEFAULT_READ_MAX_LAG_MS = 5000;

/**
 * How long a PostgreSQL connection stays open unused (pg-pool's default is 10 s). A burst after a
 * quiet moment would otherwise open its connections while it arrives, and each new backend costs
 * PostgreSQL its start, its catalog caches and the statements it prepares again: 200 reports a second
 * after 12 s idle answered in 400–600 ms for their first half-second, a round's p95 12–14 ms with
 * the connections kept (ADR 150). A minute stays under the idle limits of common NATs and load
 * balancers.
 */
export const POOL_IDLE_MS = 60_000;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  if (options.readUrl) throw new Error('A read replica (DATABASE_READ_URL) needs PostgreSQL (DATABASE_URL).');
  return openPglite(options.pgliteDir, options.lock ?? true, options.onPoolError);
}

function openPostgres(connectionString: string, databaseOptions: DatabaseOptions): DatabaseHandle {
  const { appDatabaseUrl: appConnectionString, onPoolError } = databaseOptions;
  const options = { max: 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: POOL_IDLE_MS };
  const query_timeout = databaseOptions.queryDeadlineMillis ?? DEFAULT_QUERY_DEADLINE_MS;
  // A list of hosts to follow (ADR 132).
  const hosts = parseHostList(appConnectionString ?? connectionString);
  const follows = hosts.urls.length > 1 || hosts.readWrite;
  const pool = appConnectionString
    ? new ScopedPool({ ...options, query_timeout, connectionString: appConnectionString })
    : new FollowingPool({ ...options, query_timeout, connectionString });
  // The owner's pool is for migrations (and tests' setup), without a deadline: it opens connections
  // only when used. With one role, migrations still get a pool of their own, for that deadline.
  const owner = appConnectionString ? new FollowingPool({ ...options, max: 2, connectionString }) : undefined;
  const migrator = owner ?? new FollowingPool({ ...options, max: 1, connectionString });
  const replica = databaseOptions.readUrl
    ? openReadReplica({
        readUrl: databaseOptions.readUrl,
        scoped: Boolean(appConnectionString),
        primary: pool,
        maxLagMillis: databaseOptions.readMaxLagMillis ?? DEFAULT_READ_MAX_LAG_MS,
        queryDeadlineMillis: query_timeout,
        onChange: databaseOptions.onReplicaChange,
        onPoolError,
      })
    : undefined;
  // The replica first: its health check asks the primary's pool.
  const end = async () => {
    await replica?.close();
    await Promise.all([pool.end(), migrator.end()]);
  };
  return overPool(pool, 'postgres', onPoolError, end, { owner, migrator, follows, replica });
}

/**
 * The advisory lock of migrations: instances starting at once on one database (a first deployment, or
 * a rolling one with a new migration) would each create the same tables and all but one fail.
 */
export const MIGRATION_LOCK_KEY = 7_151_100_001;

/** Migrates on one connection holding MIGRATION_LOCK_KEY: the others wait, then find nothing to do. */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A connection whose unlock failed is dropped: its session (and the lock) ends with it.
    client.release(broken);
  }
}

/** The one code path over a `pg` pool, for PostgreSQL and for the embedded database's thread alike. */
function overPool(
  pool: pg.Pool,
  kind: DatabaseHandle['kind'],
  onPoolError: ((error: Error) => void) | undefined,
  end: () => Promise<unknown>,
  {
    owner,
    migrator = pool,
    follows = false,
    replica,
  }: {
    owner?: pg.Pool | undefined;
    migrator?: pg.Pool;
    follows?: boolean;
    replica?: ReadReplica | undefined;
  } = {},
): DatabaseHandle {
  // An idle client losing its connection (PostgreSQL restart) emits here; without a listener Node would crash.
  pool.on('error', (error) => onPoolError?.(error));
  if (migrator !== pool) migrator.on('error', (error) => onPoolError?.(error));
  const db = withPooledTransactions(drizzlePg(pool, { schema }) as unknown as Db, pool);
  let closed = false;
  return {
    db,
    ownerDb: owner ? withPooledTransactions(drizzlePg(owner, { schema }) as unknown as Db, owner) : db,
    kind,
    followsPrimary: follows,
    replica,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    migrate: async () => {
      await migrateUnderLock(migrator);
      if (owner) await grantToAppRole(owner, pool);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await end();
    },
  };
}

/**
 * Lets the app's role read and write every table (idempotent: after each migration, so new tables are
 * included), after checking that it is a role row-level security restricts (ADR 066).
 */
async function grantToAppRole(owner: pg.Pool, app: pg.Pool): Promise<void> {
  const { rows } = await asSystem(() =>
    app.query<{ name: string; unrestricted: boolean; owns: number }>(
      `select current_user as name, rolsuper or rolbypassrls as unrestricted,
         (select count(*)::int from pg_class where relnamespace = 'public'::regnamespace
            and relkind in ('r', 'p') and pg_has_role(current_user, relowner, 'USAGE')) as owns
       from pg_roles where rolname = current_user`,
    ),
  );
  const role = rows[0]!;
  if (role.unrestricted || role.owns > 0) {
    throw new Error(
      `DATABASE_APP_URL: the role "${role.name}" ${role.unrestricted ? 'is a superuser or bypasses row-level security' : 'owns the tables'}; it must be a role of its own (README, Production)`,
    );
  }
  const client = await owner.connect();
  try {
    const name = client.escapeIdentifier(role.name);
    await client.query('begin');
    // Instances starting together: one grants at a time (concurrent GRANTs on a table can fail).
    await client.query(`select pg_advisory_xact_lock(hashtext('mqr: grants to the app role'))`);
    await client.query(`grant usage on schema public to ${name}`);
    await client.query(`grant select, insert, update, delete on all tables in schema public to ${name}`);
    await client.query(`grant usage, select on all sequences in schema public to ${name}`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * PGlite runs on a worker thread of its own (ADR 036), so a slow query never blocks the event loop; the
 * main thread reaches it with node-postgres, as it reaches PostgreSQL.
 */
async function openPglite(
  dataDir: string | undefined,
  lock: boolean,
  onPoolError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  let dirLock: { release(): void } | undefined;
  if (dataDir) {
    const absolute = path.resolve(dataDir);
    mkdirSync(absolute, { recursive: true });
    // PGlite is one process's database: a second process opening the same folder would corrupt it.
    if (lock) dirLock = acquireDataDirLock(`${absolute}.lock`, path.dirname(absolute));
  }
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.start({ dataDir });
  } catch (error) {
    dirLock?.release();
    throw error;
  }
  const pool = thread.pool();
  return overPool(pool, 'pglite', onPoolError, async () => {
    try {
      await pool.end().catch(() => {});
      await thread.close();
    } finally {
      dirLock?.release();
    }
  });
}
