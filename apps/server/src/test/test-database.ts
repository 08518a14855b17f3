import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

/** What the global setup hands to every test file (see global-setup.ts). */
export type TestDatabaseTemplate =
  | { kind: 'pglite'; templateDir: string; copiesDir: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string; prefix: string };

declare module 'vitest' {
  interface ProvidedContext {
    mqrTestDatabase: TestDatabaseTemplate;
  }
}

/** The connection string `url` pointing at database `name`. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The role the app queries as in tests on PostgreSQL: it owns nothing, so row-level security applies (ADR 066). */
export const TEST_APP_ROLE = 'mqr_test_app';

/** The connection string `url` as the test app role (the test server trusts local connections). */
export function appRoleUrl(url: string): string {
  const u = new URL(url);
  u.username = TEST_APP_ROLE;
  u.password = '';
  return u.toString();
}

/** Creates the test app role unless it exists (roles belong to the whole server, shared by test runs). */
export async function createTestAppRole(client: pg.Client): Promise<void> {
  try {
    await client.query(`CREATE ROLE ${TEST_APP_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS`);
  } catch (error) {
    // 42710 duplicate_object; 23505 when another run created it at the same instant.
    const code = (error as { code?: string }).code;
    if (code !== '42710' && code !== '23505') throw error;
  }
}

export function randomSuffix(): string {
  return randomBytes(6).toString('hex');
}

function template(): TestDatabaseTemplate | undefined {
  try {
    return inject('mqrTestDatabase');
  } catch {
    return undefined;
  }
}

/**
 * A fresh, migrated, empty database for one test file (or one test). Copies the template made once by
 * the global setup: a PGlite folder, or `CREATE DATABASE ... TEMPLATE` when TEST_DATABASE_URL is set.
 * `close()` gives it back: a PGlite copy is emptied and lent to the next test file of the worker (or
 * deleted when a test changed its schema), a PostgreSQL copy is dropped.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const t = template();
  if (t?.kind === 'postgres') return createPostgresCopy(t);
  if (t?.kind === 'pglite') return createPgliteCopy(t);
  // Outside the vitest global setup: migrate a new in-memory database (slower).
  const handle = await openDatabase({});
  await handle.migrate();
  return handle;
}

/**
 * Embedded databases this test worker has emptied and may lend again. The server project runs its
 * files one after another in each worker (`isolate: false`): starting PGlite on a fresh copy of the
 * template costs seconds, emptying a database the last file used costs milliseconds.
 */
const spare: DatabaseHandle[] = [];

async function createPgliteCopy(
  t: Extract<TestDatabaseTemplate, { kind: 'pglite' }>,
): Promise<DatabaseHandle> {
  const database = spare.pop() ?? (await openPgliteCopy(t));
  let closed = false;
  return {
    ...database,
    close: async () => {
      if (closed) return;
      closed = true;
      if (await emptyForReuse(database)) spare.push(database);
      else await database.close();
    },
  };
}

/** A new copy of the template (under copiesDir, which the global teardown removes with the spares in it). */
async function openPgliteCopy(t: Extract<TestDatabaseTemplate, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  const parent = await mkdtemp(path.join(t.copiesDir, 'db-'));
  const dir = path.join(parent, 'db');
  await cp(t.templateDir, dir, { recursive: true });
  const handle = await openDatabase({ pgliteDir: dir, lock: false });
  templateSignature ??= await schemaSignature(handle);
  return deletedOnClose(handle, () => rm(parent, { recursive: true, force: true }));
}

/** The handle, whose close() deletes the copy (`remove`) once the database is closed. */
function deletedOnClose(handle: DatabaseHandle, remove: () => Promise<void>): DatabaseHandle {
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await remove();
      }
    },
  };
}

/** The schema as the migrations made it: tables, columns, indexes, constraints, triggers and functions. */
const SCHEMA_SIGNATURE = sql`
  select md5(string_agg(item, ',' order by item)) as signature from (
    select format('relation %s %s', relname, relkind) as item
      from pg_class where relnamespace = 'public'::regnamespace
    union all
    select format('column %s.%s %s %s %s', attrelid::regclass, attname, format_type(atttypid, atttypmod),
        attnotnull, pg_get_expr(adbin, adrelid))
      from pg_attribute
      join pg_class on pg_class.oid = attrelid and relnamespace = 'public'::regnamespace
      left join pg_attrdef on adrelid = attrelid and adnum = attnum
      where attnum > 0 and not attisdropped
    union all
    select format('constraint %s.%s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select format('trigger %s.%s', tgrelid::regclass, tgname) from pg_trigger where not tgisinternal
    union all
    select format('function %s', oid::regprocedure) from pg_proc where pronamespace = 'public'::regnamespace
  ) items`;

/** The schema signature of the template, taken from the first copy this worker opens (before any test ran on it). */
let templateSignature: string | undefined;

async function schemaSignature(database: DatabaseHandle): Promise<string> {
  const result = (await database.db.execute(SCHEMA_SIGNATURE)) as unknown as {
    rows: { signature: string }[];
  };
  return result.rows[0]!.signature;
}

/**
 * Deletes every row, so the database is as the template left it; false when a test changed the
 * schema itself (a trigger, a constraint...) or the database no longer answers: it is not lent again.
 */
async function emptyForReuse(database: DatabaseHandle): Promise<boolean> {
  try {
    if ((await schemaSignature(database)) !== templateSignature) return false;
    const tables = (await database.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    )) as unknown as { rows: { tablename: string }[] };
    const names = tables.rows.map((row) => sql.identifier(row.tablename));
    await database.db.execute(sql`truncate ${sql.join(names, sql`, `)} restart identity cascade`);
    return true;
  } catch {
    return false;
  }
}

async function createPostgresCopy(
  t: Extract<TestDatabaseTemplate, { kind: 'postgres' }>,
): Promise<DatabaseHandle> {
  const name = `${t.prefix}${randomSuffix()}`;
  await adminQuery(t.adminUrl, async (client) => {
    // Two files may copy the template at the same instant; PostgreSQL refuses one, so retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${t.templateName}"`);
        return;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const url = withDatabaseName(t.adminUrl, name);
  const handle = await openDatabase({
    databaseUrl: url,
    appDatabaseUrl: appRoleUrl(url),
    onPoolError: () => {},
  });
  return deletedOnClose(handle, () => dropDatabase(t.adminUrl, name));
}

export async function adminQuery<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
