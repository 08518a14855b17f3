import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WROTE_COOKIE } from '../plugins/read-replica.ts';
import { createOrganization, createUser } from '../test/fixtures.ts';
import { HttpSession } from '../test/http-session.ts';
import { ReplicaPair, replicaPairMissing } from '../test/replica-pair.ts';
import { killServerProcesses, type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { createTestAppRole, TEST_APP_ROLE } from '../test/test-database.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { assets } from './schema.ts';
import { asOrganization, asSystem } from './scope.ts';

/**
 * Read replicas (ADR 141) on a real streaming replica: a primary made with initdb and a hot standby
 * copied from it with pg_basebackup -R, both started here on loopback ports (test/replica-pair.ts), and
 * two `main.js` processes given DATABASE_READ_URL, querying as the app role under row-level security.
 * The replica's replay is paused to make its view differ from the primary's: what a page shows then
 * says which one answered. Run by `npm run test:resilience` (scripts/test-resilience.ts).
 */
const missing = replicaPairMissing();
const DATABASE = 'mqr';
const MAX_LAG_SECONDS = 30;
const METRICS_TOKEN = randomBytes(16).toString('hex');
const ADMIN = { email: 'admin@example.com', password: `admin-${randomBytes(6).toString('hex')}` };
const MEMBER = { email: 'member@example.com', password: `member-${randomBytes(6).toString('hex')}` };

describe.skipIf(missing !== undefined)('read replica: a streaming standby started by the test', () => {
  let pair: ReplicaPair;
  let servers: ServerProcess[] = [];
  let dataDirs: string[] = [];
  const admin = new HttpSession();
  const member = new HttpSession();
  let organizationId: string;
  let asset: { id: string; slug: string; name: string };

  beforeAll(async () => {
    pair = await ReplicaPair.start();
    await pair.query(pair.primary, 'postgres', `create database ${DATABASE}`);
    const client = await import('pg').then(
      ({ default: pg }) => new pg.Client(pair.url(pair.primary, 'postgres')),
    );
    await client.connect();
    try {
      await createTestAppRole(client);
    } finally {
      await client.end();
    }
    const env = {
      DATABASE_URL: pair.url(pair.primary, DATABASE),
      DATABASE_APP_URL: pair.url(pair.primary, DATABASE, TEST_APP_ROLE),
      // The same role on the replica: row-level security applies there as on the primary.
      DATABASE_READ_URL: pair.url(pair.replica, DATABASE, TEST_APP_ROLE),
      DATABASE_READ_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      METRICS_TOKEN,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_MEMBER_EMAIL: MEMBER.email,
      DEMO_MEMBER_PASSWORD: MEMBER.password,
      LOG_LEVEL: 'info',
    };
    dataDirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'mqr-replica-app-'))));
    servers = [];
    for (const dir of dataDirs) servers.push(await startServerProcess({ ...env, DATA_DIR: dir }));
    await admin.signIn(servers[0]!.url, ADMIN.email, ADMIN.password);
    await member.signIn(servers[0]!.url, MEMBER.email, MEMBER.password);
    const me = await member.expect(200, servers[0]!.url, 'GET', '/api/auth/me');
    organizationId = me.organizationId;
    asset = await admin.expect(201, servers[0]!.url, 'POST', '/api/assets', {
      body: { name: 'Pump before' },
    });
    await pair.caughtUp();
  }, 240_000);

  afterAll(async () => {
    if (process.env.RESILIENCE_LOG_DIR) {
      for (const [i, server] of servers.entries()) {
        await writeFile(
          path.join(process.env.RESILIENCE_LOG_DIR, `replica-server-${i}.log`),
          server.output(),
        );
      }
      await writeFile(path.join(process.env.RESILIENCE_LOG_DIR, 'replica-pair.log'), pair?.output() ?? '');
    }
    killServerProcesses();
    await pair?.stop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  const [A, B] = [0, 1];
  const url = (server: number) => servers[server]!.url;
  const publicPath = () => `/public/orgs/${organizationId}/assets/${asset.slug}`;

  /** A GET (or POST) with the session's token and any cookie given, its status and text. */
  async function fetchText(
    server: number,
    pathname: string,
    options: { session?: HttpSession; cookie?: string; method?: string; body?: unknown } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.session?.token) headers.authorization = `Bearer ${options.session.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(pathname, url(server)), {
      method: options.method ?? 'GET',
      headers,
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  /** The public page's asset name as `server` answers it (anonymous, with `cookie` if given). */
  async function publicName(server: number, cookie?: string): Promise<string> {
    const answer = await fetchText(server, publicPath(), { cookie });
    expect(answer.status).toBe(200);
    return JSON.parse(answer.text).name;
  }

  /** One sample of a metric of `server` (0 when absent). */
  async function metric(server: number, name: string, labels: string): Promise<number> {
    const response = await fetch(`${url(server)}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = (await response.text()).split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
    return line ? Number(line.split(' ').at(-1)) : 0;
  }

  /** The replica's state as `server`'s health check last found it. */
  async function stateOf(server: number): Promise<string | undefined> {
    for (const state of ['up', 'behind', 'down']) {
      if ((await metric(server, 'db_replica_state', `state="${state}"`)) === 1) return state;
    }
    return undefined;
  }

  const answeredBy = async (server: number) => ({
    replica: await metric(server, 'db_replica_reads_total', 'answered_by="replica"'),
    primary:
      (await metric(server, 'db_replica_reads_total', 'answered_by="primary_unusable"')) +
      (await metric(server, 'db_replica_reads_total', 'answered_by="primary_after_failure"')),
  });

  /** Runs `request` on server A; answers where the queries of its heavy reads were answered. */
  async function whereAnswered(request: () => Promise<{ status: number }>) {
    const before = await answeredBy(A);
    const { status } = await request();
    const after = await answeredBy(A);
    return { status, replica: after.replica - before.replica, primary: after.primary - before.primary };
  }

  const labelSheet = { assetIds: () => [asset.id], layout: 'avery-l7160' };

  /** The heavy reads of the member (who wrote nothing) and the administrator, by route. */
  const heavyReads = (): [string, () => Promise<{ status: number; text: string }>][] => [
    ['public asset page', () => fetchText(A, publicPath())],
    ['public history', () => fetchText(A, `${publicPath()}/events`)],
    ['assets export', () => fetchText(A, '/api/exports/assets.csv', { session: member })],
    [
      'history export',
      () =>
        fetchText(A, '/api/exports/events.csv?from=2020-01-01T00:00:00Z&to=2040-01-01T00:00:00Z', {
          session: member,
        }),
    ],
    [
      'calendar month',
      () => fetchText(A, '/api/calendar/days?from=2026-03-01&to=2026-03-31', { session: member }),
    ],
    [
      'calendar agenda',
      () => fetchText(A, '/api/calendar/agenda?from=2026-03-01&to=2026-03-31', { session: member }),
    ],
    [
      'label sheet',
      () =>
        fetchText(A, '/api/labels', {
          session: member,
          method: 'POST',
          body: { assetIds: labelSheet.assetIds(), layout: labelSheet.layout },
        }),
    ],
    ['dashboard analytics', () => fetchText(A, '/api/admin/dashboard/analytics', { session: admin })],
    ['work analytics', () => fetchText(A, '/api/admin/dashboard/work', { session: admin })],
  ];

  it('reads the public pages, exports, analytics, the calendar and label sheets from the replica', async () => {
    // The administrator wrote the asset: their reads go to the primary until the replica's next check
    // finds the write replayed (within a second). Waited for, so every row below reads as anyone does.
    await pair.waitFor('the administrator reads from the replica again', async () => {
      const seen = await whereAnswered(() => fetchText(A, '/api/admin/dashboard/work', { session: admin }));
      return seen.replica > 0 && seen.primary === 0;
    });
    for (const [name, read] of heavyReads()) {
      const seen = await whereAnswered(read);
      expect({ name, ...seen, replica: seen.replica > 0 }).toEqual({
        name,
        status: 200,
        replica: true,
        primary: 0,
      });
    }
    // The replica's connections show under their own name there.
    const { rows } = await pair.query<{ n: number }>(
      pair.replica,
      'postgres',
      "select count(*)::int as n from pg_stat_activity where application_name = 'mqr-read-replica'",
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it("shows a user their own write at once, on another instance too with the browser's cookie; others see the replica's view", async () => {
    await pair.pauseReplay();
    const write = await admin.request(url(A), 'PUT', `/api/assets/${asset.id}`, {
      body: { name: 'Pump after' },
    });
    expect(write.status).toBe(200);
    const cookie = write.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith(`${WROTE_COOKIE}=`));
    expect(cookie).toMatch(new RegExp(`^${WROTE_COOKIE}=[0-9A-F]+/[0-9A-F]+$`));

    // Anyone else: the replica, which has not replayed the change.
    expect(await publicName(B)).toBe('Pump before');
    expect(await publicName(A)).toBe('Pump before');
    expect((await fetchText(A, '/api/exports/assets.csv', { session: member })).text).toContain(
      'Pump before',
    );
    // The writer's browser, on the other instance: the primary.
    expect(await publicName(B, cookie)).toBe('Pump after');
    // The writer on the instance that took the write, without the cookie (a script keeping none).
    const own = await fetchText(A, '/api/exports/assets.csv', { session: admin });
    expect(own.text).toContain('Pump after');
    expect(own.text).not.toContain('Pump before');

    // Too far behind (replay still paused): everyone reads from the primary, without an error.
    // Each instance measures the lag itself, against the positions of the primary it sampled.
    await pair.waitFor(
      'the replica counts as behind on both instances',
      async () => (await stateOf(A)) === 'behind' && (await stateOf(B)) === 'behind',
      (MAX_LAG_SECONDS + 30) * 1000,
    );
    expect(await publicName(B)).toBe('Pump after');
    const routedBehind = await metric(A, 'db_read_routes_total', 'reason="replica-behind"');
    const behind = await whereAnswered(() => fetchText(A, '/api/exports/assets.csv', { session: member }));
    // Sent to the primary's own handle: the replica's was not asked at all.
    expect(behind).toEqual({ status: 200, replica: 0, primary: 0 });
    expect(await metric(A, 'db_read_routes_total', 'reason="replica-behind"')).toBe(routedBehind + 1);

    await pair.resumeReplay();
    await pair.waitFor(
      'the replica is up again on both instances',
      async () => (await stateOf(A)) === 'up' && (await stateOf(B)) === 'up',
    );
    const caughtUp = await whereAnswered(() => fetchText(A, publicPath()));
    expect(caughtUp).toMatchObject({ status: 200, primary: 0 });
    expect(await publicName(A)).toBe('Pump after');
  });

  it('serves every read from the primary while the replica is down, then reads from it again', async () => {
    await pair.stopReplica('immediate');
    // At once, before any check noticed: each read that fails on the replica is answered by the primary.
    const reads: [string, () => Promise<{ status: number }>][] = [
      ...heavyReads(),
      ['public page, instance B', () => fetchText(B, publicPath())],
    ];
    const failed: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const [name, read] of reads) {
        const { status } = await read();
        if (status !== 200) failed.push(`${name}: ${status}`);
      }
    }
    expect(failed).toEqual([]);
    expect(await publicName(B)).toBe('Pump after');
    // The first read that failed marked it down (or a check found it so): still down, it is stopped.
    expect([await stateOf(A), await stateOf(B)]).toEqual(['down', 'down']);

    await pair.startReplica();
    await pair.waitFor('the public page reads from the replica again', async () => {
      const seen = await whereAnswered(() => fetchText(A, publicPath()));
      return seen.status === 200 && seen.replica > 0 && seen.primary === 0;
    });
  });

  describe('row-level security on the replica', () => {
    let handle: DatabaseHandle;
    let otherOrganization: string;

    beforeAll(async () => {
      handle = await openDatabase({
        databaseUrl: pair.url(pair.primary, DATABASE),
        appDatabaseUrl: pair.url(pair.primary, DATABASE, TEST_APP_ROLE),
        readUrl: pair.url(pair.replica, DATABASE, TEST_APP_ROLE),
        readMaxLagMillis: MAX_LAG_SECONDS * 1000,
      });
      const other = await createOrganization(handle.ownerDb, 'Other organization');
      otherOrganization = other.id;
      const otherAdmin = await createUser(handle.ownerDb, other.id, { isAdmin: true });
      const session = new HttpSession();
      await session.signIn(url(A), otherAdmin.email, otherAdmin.password);
      await session.expect(201, url(A), 'POST', '/api/assets', { body: { name: 'Not yours' } });
      await pair.caughtUp();
      await pair.waitFor(
        'the replica is up for the handle',
        async () => handle.replica!.health.state === 'up',
      );
    });

    afterAll(async () => {
      await handle?.close();
    });

    it('shows each organization only its own rows, and no scope nothing, as the primary does', async () => {
      const replica = handle.replica!;
      const before = replica.counts.replica;
      const ownRows = await asOrganization(organizationId, () =>
        replica.db.select({ organizationId: assets.organizationId }).from(assets),
      );
      expect(ownRows.length).toBeGreaterThan(0);
      expect(new Set(ownRows.map((row) => row.organizationId))).toEqual(new Set([organizationId]));
      const others = await asOrganization(otherOrganization, () =>
        replica.db.select({ name: assets.name }).from(assets),
      );
      expect(others.map((row) => row.name)).toEqual(['Not yours']);
      expect(await replica.db.select({ id: assets.id }).from(assets)).toEqual([]);
      const everyone = await asSystem(() => replica.db.select({ id: assets.id }).from(assets));
      expect(everyone.length).toBe(ownRows.length + 1);
      // All four were answered by the replica.
      expect(replica.counts.replica - before).toBe(4);
      // And through the routes: another organization's asset is not found on its page under this one's id.
      const [theirs] = await asSystem(() =>
        handle.ownerDb.select({ slug: assets.slug }).from(assets).where(eq(assets.name, 'Not yours')),
      );
      expect((await fetchText(A, `/public/orgs/${organizationId}/assets/${theirs!.slug}`)).status).toBe(404);
      expect((await fetchText(A, '/api/exports/assets.csv', { session: member })).text).not.toContain(
        'Not yours',
      );
    });

    it('refuses a replica connection whose role row-level security does not restrict: reads go to the primary', async () => {
      const owner = await openDatabase({
        databaseUrl: pair.url(pair.primary, DATABASE),
        appDatabaseUrl: pair.url(pair.primary, DATABASE, TEST_APP_ROLE),
        // The superuser on the replica: every organization's rows would show.
        readUrl: pair.url(pair.replica, DATABASE),
      });
      try {
        const states: string[] = [];
        await owner.replica!.health.probe();
        states.push(owner.replica!.health.state);
        const rows = await asOrganization(otherOrganization, () =>
          owner.replica!.db.select({ name: assets.name }).from(assets),
        );
        expect({ states, rows, counts: owner.replica!.counts }).toEqual({
          states: ['down'],
          rows: [{ name: 'Not yours' }],
          counts: { replica: 0, primaryWhileReplicaUnusable: 1, primaryAfterReplicaFailed: 0 },
        });
      } finally {
        await owner.close();
      }
    });
  });
});
