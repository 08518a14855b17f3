import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema.ts';

/** The one database type the rest of the server sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; queries accept either a Db or a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database (PGlite only); absent = in memory. */
  pgliteDir?: string | undefined;
  /** PGlite only: hold an exclusive lock file `<pgliteDir>.lock` while open (default true). */
  lock?: boolean;
  /** Called with errors of idle pool connections, which must never crash the process. */
  onPoolError?: (error: Error) => void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onPoolError)
    : openPglite(options.pgliteDir, options.lock ?? true);
}

function openPostgres(connectionString: string, onPoolError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (PostgreSQL restart) emits here; without a listener Node would crash.
  pool.on('error', (error) => onPoolError?.(error));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * PGlite's settings where PostgreSQL's defaults are far too big for one embedded backend (ADR 033):
 * initdb writes shared_buffers = 128MB, and PGlite zero-fills its whole shared memory when it opens, so
 * those 128 MB were resident from the start, idle or not. 16 MB holds a small organization's working
 * set; pages beyond it come from the data files through the operating system's cache.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

async function openPglite(dataDir: string | undefined, lock: boolean): Promise<DatabaseHandle> {
  // Loaded here, so that a server on PostgreSQL does not carry the embedded database's modules.
  const [{ PGlite }, { btree_gin }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gin'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  let dirLock: { release(): void } | undefined;
  if (dataDir) {
    const absolute = path.resolve(dataDir);
    mkdirSync(absolute, { recursive: true });
    // PGlite is one process's database: a second process opening the same folder would corrupt it.
    if (lock) dirLock = acquireDataDirLock(`${absolute}.lock`, path.dirname(absolute));
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, {
      extensions: { pg_trgm, btree_gin },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
  } catch (error) {
    dirLock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        dirLock?.release();
      }
    },
  };
}
