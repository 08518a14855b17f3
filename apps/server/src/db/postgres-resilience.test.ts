import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { accessScope } from '../plugins/access-scopes.ts';
import { UNAVAILABLE_MESSAGE } from '../plugins/errors.ts';
import { testConfig } from '../test/build-test-app.ts';
import { SilentProxy } from '../test/silent-proxy.ts';
import { adminQuery, createTestDatabase, withDatabaseName } from '../test/test-database.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';

/** The app plus two test routes that use the database: one slow, one quick. */
async function appWithDbRoutes(database: DatabaseHandle, dataDir: string): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(dataDir), { database, logger: false, bootstrap: false });
  await app.register(
    accessScope('public', async (scope) => {
      scope.get('/api/test/slow', async () => {
        await app.db.execute(sql`select pg_sleep(5)`);
        return { ok: true };
      });
      scope.get('/api/test/quick', async () => {
        const result = (await app.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
        return { ok: result.rows.length === 1 };
      });
      // A connection checked out for a transaction goes back to the pool without an error, whatever happened.
      scope.get('/api/test/in-transaction', async () => {
        const rows = await app.db.transaction(async (tx) => {
          const result = (await tx.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
          return result.rows;
        });
        return { ok: rows.length === 1 };
      });
    }),
  );
  await app.ready();
  return app;
}

describe('database unreachable', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-pg-down-'));
    // Nothing listens on port 1: every query fails with ECONNREFUSED.
    database = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/nothing',
      onPoolError: () => {},
    });
    app = await appWithDbRoutes(database, dataDir);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 UNAVAILABLE for requests that need it, 503 on /readyz, and 200 on /healthz', async () => {
    const res = await app.inject('/api/test/quick');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'whatever1' },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json().code).toBe('UNAVAILABLE');
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL restart (TEST_DATABASE_URL)', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-pg-restart-'));
    const copy = await createTestDatabase();
    expect(copy.kind).toBe('postgres');
    database = copy;
    app = await appWithDbRoutes(database, dataDir);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function terminateBackends(): Promise<number> {
    const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const name = result.rows[0]!.name;
    return adminQuery(process.env.TEST_DATABASE_URL!, async (client) => {
      const { rows } = await client.query(
        'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return rows.length;
    });
  }

  it('fails requests in flight with 503, then serves the next ones without a restart', async () => {
    // Warm the pool with several connections.
    const warm = await Promise.all([1, 2, 3].map(() => app.inject('/api/test/quick')));
    for (const r of warm) expect(r.statusCode).toBe(200);

    const inFlight = app.inject('/api/test/slow');
    await new Promise((r) => setTimeout(r, 300));
    expect(await terminateBackends()).toBeGreaterThanOrEqual(1);

    const failed = await inFlight;
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE });

    // Idle connections were killed too. A request may still pick one whose close the pool has not
    // heard of yet (like a request in flight, it answers 503); the pool then replaces them and the
    // process is still here.
    let recovered = false;
    for (let attempt = 0; attempt < 20 && !recovered; attempt++) {
      const probe = await app.inject('/api/test/quick');
      recovered = probe.statusCode === 200;
      if (!recovered) {
        expect(probe.statusCode).toBe(503);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(recovered).toBe(true);
    for (let i = 0; i < 5; i++) {
      const next = await app.inject('/api/test/quick');
      expect(next.statusCode).toBe(200);
      expect(next.json()).toEqual({ ok: true });
    }
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL that stops answering (TEST_DATABASE_URL)', () => {
  /** A deadline short enough for a test (DATABASE_QUERY_TIMEOUT_SECONDS; 30 s by default). */
  const DEADLINE_MS = 500;
  let dataDir: string;
  let copy: DatabaseHandle;
  let proxy: SilentProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-pg-silent-'));
    copy = await createTestDatabase();
    const name = (
      (await copy.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]!.name;
    const server = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await SilentProxy.start({ host: server.hostname, port: Number(server.port || 5432) });
    server.port = String(proxy.port);
    database = await openDatabase({
      databaseUrl: withDatabaseName(server.toString(), name),
      queryDeadlineMillis: DEADLINE_MS,
      onPoolError: () => {},
    });
    app = await appWithDbRoutes(database, dataDir);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await proxy.close();
    await copy.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives up a statement unanswered past its deadline with 503, and lends that connection no more', async () => {
    const routes = ['/api/test/quick', '/api/test/in-transaction'];
    const warm = await Promise.all([...routes, ...routes].map((url) => app.inject(url)));
    for (const r of warm) expect(r.statusCode).toBe(200);

    proxy.silence();
    const started = performance.now();
    const cutOff = await Promise.all(routes.map((url) => app.inject(url)));
    // Before the deadline the wait was the kernel's (about 15 minutes); the pool's wait for a new
    // connection would be 5 s.
    expect(performance.now() - started).toBeLessThan(4000);
    for (const r of cutOff) {
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
    }

    proxy.restore();
    // The connections that waited were given up; had the transaction's gone back to the pool, the
    // next requests (which take the connection released last) would wait behind its lost statement.
    for (let i = 0; i < 6; i++) {
      for (const url of routes) {
        const next = await app.inject(url);
        expect(next.statusCode, `${url}, round ${i}`).toBe(200);
      }
    }
    // Every connection came back, the transaction's whose BEGIN got no answer too. The app's job
    // runner looks for work every second on the same pool, so a connection may be out for its look
    // at this moment: a leaked one never comes back, a look's does within its deadline.
    await vi.waitFor(
      () => {
        const { total, idle } = database.poolStats();
        expect(total - idle).toBe(0);
      },
      { timeout: 5000, interval: 50 },
    );
  });
});
