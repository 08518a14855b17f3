import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

/** What the global setup hands to every test file (see global-setup.ts). */
export type TestDatabaseTemplate =
  | { kind: 'pglite'; templateDir: string }
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
 * `close()` closes it and deletes it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const t = template();
  if (t?.kind === 'postgres') return createPostgresCopy(t);
  if (t?.kind === 'pglite') return createPgliteCopy(t.templateDir);
  // Outside the vitest global setup: migrate a new in-memory database (slower).
  const handle = await openDatabase({});
  await handle.migrate();
  return handle;
}

async function createPgliteCopy(templateDir: string): Promise<DatabaseHandle> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'mqr-test-db-'));
  const dir = path.join(parent, 'db');
  await cp(templateDir, dir, { recursive: true });
  const handle = await openDatabase({ pgliteDir: dir, lock: false });
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await rm(parent, { recursive: true, force: true });
      }
    },
  };
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
  const handle = await openDatabase({
    databaseUrl: withDatabaseName(t.adminUrl, name),
    onPoolError: () => {},
  });
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await dropDatabase(t.adminUrl, name);
      }
    },
  };
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
