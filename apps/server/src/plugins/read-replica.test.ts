import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DatabaseHandle, Db } from '../db/client.ts';
import type { ReadReplica } from '../db/read-replica.ts';
import { type Lsn, parseLsn, type ReplicaState } from '../db/read-routing.ts';
import type { ReplicaHealth } from '../db/replica-health.ts';
import { createAssetViaApi } from '../test/asset-fixtures.ts';
import { buildTestApp, testConfig } from '../test/build-test-app.ts';
import { promtoolCheckMetrics, shouldRunPromtool } from '../test/promtool.ts';
import { createTenants, type Tenants } from '../test/tenant-world.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { WROTE_COOKIE } from './read-replica.ts';

/**
 * Which handle the routes read with (ADR 141), on the embedded database: the "replica" here is the
 * same database behind a handle of its own that counts its use, and a health the test sets. What a
 * real standby does is in db/read-replica.resilience.test.ts.
 */
const METRICS_TOKEN = 'replica-metrics-token-0123456789';

describe('readDb: the routes that may read from the replica, and read-your-own-writes', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;
  let tenants: Tenants;
  let slug: string;
  let assetId: string;
  const health = { state: 'up' as ReplicaState, replayed: null as Lsn | null };
  let replicaUses = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-read-replica-'));
    database = await createTestDatabase();
    // Every property read of the replica's handle (select, execute, transaction...) counts as a use.
    const replicaDb = new Proxy(database.db, {
      get(target, property, receiver) {
        replicaUses++;
        return Reflect.get(target, property, receiver);
      },
    }) as Db;
    const replica: ReadReplica = {
      db: replicaDb,
      health: { view: () => ({ ...health }), state: 'up', lagMillis: 0 } as unknown as ReplicaHealth,
      counts: { replica: 7, primaryWhileReplicaUnusable: 2, primaryAfterReplicaFailed: 1 },
      close: async () => {},
    };
    app = await buildApp(testConfig(dataDir, { databaseReadMaxLagSeconds: 5, metricsToken: METRICS_TOKEN }), {
      logger: false,
      bootstrap: false,
      sweepUploads: false,
      scheduleEngine: false,
      database: { ...database, replica },
    });
    await app.ready();
    tenants = await createTenants({ app, db: database.ownerDb });
    const asset = await createAssetViaApi(app, tenants.headers.adminA, { name: 'Replica pump' });
    slug = asset.slug;
    assetId = asset.id;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    health.state = 'up';
    health.replayed = 0xffff_ffff_ffffn;
  });

  /** The request, and whether it read through the replica's handle. */
  async function read(
    url: string,
    options: { headers?: Record<string, string>; method?: 'GET' | 'POST'; payload?: object } = {},
  ) {
    const before = replicaUses;
    const response = await app.inject({ method: options.method ?? 'GET', url, ...options });
    return { response, onReplica: replicaUses > before };
  }

  const publicPage = () => `/public/orgs/${tenants.orgA.organization.id}/assets/${slug}`;
  const wroteCookie = (response: LightMyRequestResponse) =>
    response.cookies.find((cookie) => cookie.name === WROTE_COOKIE);

  it('reads the public pages, exports, analytics, the calendar and label sheets from the replica while it is up', async () => {
    const { memberA, adminA } = tenants.headers;
    const reads: [string, Parameters<typeof read>[1]][] = [
      [publicPage(), {}],
      [`${publicPage()}/events`, {}],
      [`/api/exports/assets.csv`, { headers: memberA }],
      [`/api/exports/events.csv?from=2024-01-01T00:00:00Z&to=2030-01-01T00:00:00Z`, { headers: memberA }],
      [`/api/admin/dashboard/analytics`, { headers: adminA }],
      [`/api/admin/dashboard/work`, { headers: adminA }],
      [`/api/calendar/days?from=2026-01-01&to=2026-01-31`, { headers: memberA }],
      [`/api/calendar/assignees`, { headers: memberA }],
      [
        `/api/labels`,
        { headers: memberA, method: 'POST', payload: { assetIds: [assetId], layout: 'avery-l7160' } },
      ],
    ];
    for (const [url, options] of reads) {
      const { response, onReplica } = await read(url, options);
      expect(response.statusCode, url).toBe(200);
      expect(onReplica, url).toBe(true);
      // A label sheet is a POST that writes nothing: it leaves no write position.
      expect(wroteCookie(response), url).toBeUndefined();
    }
    expect(app.readRoutes!.replica).toBeGreaterThanOrEqual(reads.length);
  });

  it('reads from the primary while the replica is down or behind', async () => {
    for (const state of ['down', 'behind'] as const) {
      health.state = state;
      const before = app.readRoutes![`replica-${state}`];
      const { response, onReplica } = await read(publicPage());
      expect(response.statusCode).toBe(200);
      expect(onReplica, state).toBe(false);
      expect(app.readRoutes![`replica-${state}`]).toBe(before + 1);
    }
  });

  it("after a write, the writer's reads go to the primary until the replica has replayed it; others' do not", async () => {
    const { memberA, adminA } = tenants.headers;
    const write = await app.inject({
      method: 'PUT',
      url: `/api/assets/${assetId}`,
      headers: memberA,
      payload: { name: 'Renamed pump' },
    });
    expect(write.statusCode).toBe(200);
    const cookie = wroteCookie(write)!;
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict', maxAge: 35 });
    const wrote = parseLsn(cookie.value)!;
    expect(wrote).toBeGreaterThan(0n);

    // The replica has not replayed the write yet.
    health.replayed = wrote - 1n;
    const calendar = '/api/calendar/assignees';
    // The writer (known by the user, without the cookie: a client that keeps none) reads from the primary...
    expect((await read(calendar, { headers: memberA })).onReplica).toBe(false);
    // ...and so does any browser that sends the cookie back (another instance would too), signed in or not.
    const withCookie = { cookie: `${WROTE_COOKIE}=${cookie.value}` };
    expect((await read(publicPage(), { headers: withCookie })).onReplica).toBe(false);
    // Someone else reads from the replica; so does a cookie that is not a position.
    expect((await read(calendar, { headers: adminA })).onReplica).toBe(true);
    expect((await read(publicPage())).onReplica).toBe(true);
    expect((await read(publicPage(), { headers: { cookie: `${WROTE_COOKIE}=everything` } })).onReplica).toBe(
      true,
    );

    // Replayed: the writer reads from the replica again.
    health.replayed = wrote;
    expect((await read(calendar, { headers: memberA })).onReplica).toBe(true);
    expect((await read(publicPage(), { headers: withCookie })).onReplica).toBe(true);
    expect(app.readRoutes!['own-write']).toBe(2);
  });

  it('keeps the later position in the cookie when a browser sends an earlier one back', async () => {
    const { memberA } = tenants.headers;
    const later = 'FFFFFFFF/FFFFFFF0';
    const write = await app.inject({
      method: 'PUT',
      url: `/api/assets/${assetId}`,
      headers: { ...memberA, cookie: `${WROTE_COOKIE}=${later}` },
      payload: { name: 'Pump again' },
    });
    expect(write.statusCode).toBe(200);
    expect(wroteCookie(write)!.value).toBe(later);
  });

  it("shows the replica's state, lag and reads in the metrics, in Prometheus' format", async () => {
    const scrape = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);
    const samples = scrape.body.split('\n').filter((line) => /^db_(replica|read)_/.test(line));
    expect(samples).toEqual(
      expect.arrayContaining([
        'db_replica_state{state="up"} 1',
        'db_replica_state{state="down"} 0',
        'db_replica_lag_seconds 0',
        'db_replica_reads_total{answered_by="replica"} 7',
        'db_replica_reads_total{answered_by="primary_unusable"} 2',
        'db_replica_reads_total{answered_by="primary_after_failure"} 1',
        `db_read_routes_total{reason="replica"} ${app.readRoutes!.replica}`,
      ]),
    );
    if (await shouldRunPromtool()) {
      const checked = await promtoolCheckMetrics(scrape.body);
      expect(checked.output).toBe('');
      expect(checked.code).toBe(0);
    }
  });

  it('leaves no position after a refused write', async () => {
    const write = await app.inject({
      method: 'PUT',
      url: `/api/assets/${assetId}`,
      headers: tenants.headers.memberB,
      payload: { name: 'Not theirs' },
    });
    expect(write.statusCode).toBe(404);
    expect(wroteCookie(write)).toBeUndefined();
  });
});

describe('without a read replica', () => {
  it('reads everything from the primary and leaves no write position', async () => {
    const t = await buildTestApp();
    try {
      const { headers } = await createTenants(t);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/assets',
        headers: headers.memberA,
        payload: { name: 'Plain pump' },
      });
      expect(write.statusCode).toBe(201);
      expect(write.cookies.find((cookie) => cookie.name === WROTE_COOKIE)).toBeUndefined();
      expect(t.app.readRoutes).toBeNull();
    } finally {
      await t.close();
    }
  });
});
