import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@mqr/contracts';
import { startTestSmtp, type TestSmtp } from '@mqr/smtp-testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_THROTTLE_DEFAULTS } from './lib/login-throttle.ts';
import { DIGEST_COMPOSE_QUEUE } from './modules/reminders/jobs.ts';
import { type HttpAnswer, HttpSession } from './test/http-session.ts';
import { TEST_REDIS_URL } from './test/redis.ts';
import { startRoundRobinLoad } from './test/round-robin-load.ts';
import { s3Environment, startTestS3, type TestS3 } from './test/s3rver.ts';
import { killServerProcesses, type ServerProcess, startServerProcess } from './test/server-process.ts';
import {
  adminQuery,
  appRoleUrl,
  createTestAppRole,
  dropDatabase,
  withDatabaseName,
} from './test/test-database.ts';
import { startWebhookReceiver } from './test/webhook-receiver.ts';
import { checkWebhooksFairShare } from './test/webhooks-fair-share-check.ts';

/**
 * The deployment with several instances, as real processes (ADR 069): two `main.js` processes on one new
 * PostgreSQL database, files in S3 (s3rver), sign-in limits in Redis, one mail server. The browser
 * alternates between them; then one of them is stopped (SIGTERM) under load and started again.
 * Run by `npm run test:instances` (scripts/test-two-instances.ts), which needs PostgreSQL and Redis.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const suffix = randomBytes(4).toString('hex');
const ADMIN = { email: `admin-${suffix}@example.com`, password: `admin-password-${suffix}` };
const MEMBER = { email: `member-${suffix}@example.com`, password: `member-password-${suffix}` };

describe.runIf(Boolean(adminUrl))('two server processes on one PostgreSQL, S3 and Redis', () => {
  const databaseName = `mqr_instances_${suffix}`;
  let databaseUrl: string;
  let db: pg.Pool;
  let s3: TestS3;
  let smtp: TestSmtp;
  let dataDirs: string[] = [];
  let env: Record<string, string>[] = [];
  /** The two instances; [0] is the one restarted. */
  let servers: [ServerProcess, ServerProcess];
  /** Every process started, for the checks on their logs (a restarted instance is a new process). */
  const started: ServerProcess[] = [];
  const urls = () => servers.map((s) => s.url);

  beforeAll(async () => {
    await adminQuery(adminUrl!, async (client) => {
      await client.query(`CREATE DATABASE "${databaseName}"`);
      await createTestAppRole(client);
    });
    databaseUrl = withDatabaseName(adminUrl!, databaseName);
    db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    s3 = await startTestS3('instances');
    smtp = await startTestSmtp();
    const shared = {
      DATABASE_URL: databaseUrl,
      // As production is advised to run: queries as a role that owns nothing, under row-level security (ADR 066).
      DATABASE_APP_URL: appRoleUrl(databaseUrl),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ...s3Environment(s3.s3),
      REDIS_URL: TEST_REDIS_URL,
      // As behind a load balancer: the client's address comes from X-Forwarded-For.
      TRUST_PROXY: 'true',
      TEST_CLOCK: 'true',
      // The webhooks' receiver is on loopback; a failed attempt is retried after 1 s.
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOKS_FIRST_RETRY_SECONDS: '1',
      SMTP_URL: smtp.url,
      SMTP_FROM: 'reminders@example.com',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_MEMBER_EMAIL: MEMBER.email,
      DEMO_MEMBER_PASSWORD: MEMBER.password,
      // Requests are logged with their id: the rolling restart tells which ones reached an instance.
      LOG_LEVEL: 'info',
    };
    dataDirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'mqr-instance-'))));
    env = dataDirs.map((dir) => ({ ...shared, DATA_DIR: dir }));
    // Both at once on the empty database, as two replicas of a first deployment start.
    servers = (await Promise.all(env.map((e) => startServerProcess(e)))) as [ServerProcess, ServerProcess];
    started.push(...servers);
  }, 120_000);

  afterAll(async () => {
    killServerProcesses();
    await db?.end();
    await smtp?.close();
    await s3?.close();
    const redis = new Redis(TEST_REDIS_URL);
    await redis.del(`mqr:login:email:${MEMBER.email}`, `mqr:login:email:${ADMIN.email}`).catch(() => {});
    await redis.quit();
    if (adminUrl) await dropDatabase(adminUrl, databaseName);
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  const count = async (query: string, params: unknown[] = []) =>
    Number((await db.query<{ n: string }>(query, params)).rows[0]!.n);

  it('start at once on an empty database: the migrations run once and one demo organization is made', async () => {
    const journal = JSON.parse(
      await readFile(new URL('./db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] };
    expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(
      journal.entries.length,
    );
    expect(await count('select count(*) as n from organizations')).toBe(1);
    expect(await count('select count(*) as n from users where email = $1', [ADMIN.email])).toBe(1);
    const printed = servers.filter((s) =>
      s.output().includes('first start. A demo organization was created.'),
    );
    expect(printed).toHaveLength(1);
    for (const url of urls()) expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('sign in on one, act on the other: uploads go to S3 through presigned URLs and come back from either', async () => {
    const [one, two] = urls() as [string, string];
    const browser = new HttpSession();
    await browser.signIn(one, ADMIN.email, ADMIN.password);
    // The token and the XSRF cookie of the first instance are good on the second.
    const asset = await browser.expect(201, two, 'POST', '/api/assets', { body: { name: 'Chiller' } });
    const bytes = randomBytes(64 * 1024);
    const presigned = await browser.expect(200, one, 'POST', '/api/uploads/presign', {
      body: { fileName: 'nameplate.bin', contentType: 'application/octet-stream' },
    });
    expect(presigned.uploadUrl.startsWith(`${s3.s3.endpoint}/`)).toBe(true);
    const put = await fetch(presigned.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    const event = await browser.expect(201, two, 'POST', `/api/assets/${asset.id}/events`, {
      body: { title: 'Nameplate', files: [{ objectKey: presigned.objectKey, fileName: 'nameplate.bin' }] },
    });
    const page = await browser.expect(200, one, 'GET', `/api/assets/${asset.id}/events`);
    expect(page.events.map((e: { id: string }) => e.id)).toEqual([event.id]);
    for (const url of [one, two]) {
      const served = await fetch(new URL(event.files[0].publicUrl, url), { redirect: 'manual' });
      expect(served.status).toBe(302);
      const download = await fetch(served.headers.get('location')!);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }

    // Sessions live in the database: a password changed on one ends the old token on the other.
    const other = new HttpSession();
    await other.signIn(two, MEMBER.email, MEMBER.password);
    const changed = await other.expect(200, one, 'PUT', '/api/auth/me', {
      body: { currentPassword: MEMBER.password, newPassword: `${MEMBER.password}-2` },
    });
    const old = other.token;
    expect((await other.request(two, 'GET', '/api/auth/me')).status).toBe(401);
    other.token = changed.accessToken;
    expect((await other.request(two, 'GET', '/api/auth/me')).status).toBe(200);
    other.token = old;
    MEMBER.password = `${MEMBER.password}-2`;
  });

  it('count failed sign-ins together in Redis: refused at the same attempt as with one instance', async () => {
    const address = `203.0.113.${randomBytes(1)[0]! % 250}`;
    const attempt = (url: string, password: string) =>
      new HttpSession().request(url, 'POST', '/api/auth/login', {
        body: { email: MEMBER.email, password },
        headers: { 'x-forwarded-for': address },
      });
    const answers: HttpAnswer[] = [];
    // One instance refuses the sign-in after `limit` failures (10 per email); here they alternate.
    const limit = LOGIN_THROTTLE_DEFAULTS.maxFailuresPerEmail;
    for (let i = 0; i < limit; i++) answers.push(await attempt(urls()[i % 2]!, 'wrong password'));
    expect(answers.map((a) => a.status)).toEqual(Array(limit).fill(401));
    for (const url of urls()) {
      const refused = await attempt(url, MEMBER.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.get(`mqr:login:email:${MEMBER.email}`)).toBe(String(limit));
      // The forwarded client address (TRUST_PROXY) is counted once per failure too, whichever instance.
      expect(await redis.get(`mqr:login:ip:${address}`)).toBe(String(limit));
      await redis.del(`mqr:login:email:${MEMBER.email}`, `mqr:login:ip:${address}`);
    } finally {
      await redis.quit();
    }
  });

  it('count guesses sent at once to both in Redis: no more passwords checked than the limit', async () => {
    const limit = LOGIN_THROTTLE_DEFAULTS.maxFailuresPerEmail;
    const guesses = 4 * limit;
    // Each from its own forwarded address, so only the account's limit applies.
    const addresses = Array.from({ length: guesses }, (_, i) => `198.51.100.${i + 1}`);
    const answers = await Promise.all(
      addresses.map((address, i) =>
        new HttpSession().request(urls()[i % 2]!, 'POST', '/api/auth/login', {
          body: { email: MEMBER.email, password: `guess ${i}` },
          headers: { 'x-forwarded-for': address },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(guesses - limit);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.get(`mqr:login:email:${MEMBER.email}`)).toBe(String(limit));
      await redis.del(`mqr:login:email:${MEMBER.email}`, ...addresses.map((a) => `mqr:login:ip:${a}`));
    } finally {
      await redis.quit();
    }
  });

  it('run the scheduled jobs once between them: each due task made once, each digest and webhook sent once', async () => {
    const [one, two] = urls() as [string, string];
    const admin = new HttpSession();
    await admin.signIn(two, ADMIN.email, ADMIN.password);
    const setClocks = (now: string) =>
      Promise.all(
        urls().map((url) =>
          admin.expect(200, url, 'PUT', '/api/test/clock', { body: { now, freeze: true } }),
        ),
      );
    await setClocks('2026-06-01T05:00:00Z');
    // The instances started on the real time: past 07:00 UTC their first run composed that day's
    // (empty) digests, a date after the test's. The organization starts the test's days uncomposed.
    await db.query('update organizations set digest_composed_on = null');
    const users: { id: string; email: string }[] = await admin.expect(200, one, 'GET', '/api/admin/users');
    const memberId = users.find((u) => u.email === MEMBER.email)!.id;
    const assets = [];
    for (let i = 0; i < 12; i++) {
      assets.push(
        await admin.expect(201, urls()[i % 2]!, 'POST', '/api/assets', { body: { name: `Pump ${i}` } }),
      );
    }
    const daily = {
      title: 'Daily check',
      recurrence: { pattern: 'interval', every: 1, unit: 'day' },
      startsOn: '2026-06-02',
    };
    const ids = assets.map((a: { id: string }) => a.id);
    await admin.expect(201, one, 'POST', '/api/admin/schedules/apply', {
      body: { ...daily, assetId: ids[0], assigneeId: memberId, assetIds: ids.slice(0, 6) },
    });
    await admin.expect(201, two, 'POST', '/api/admin/schedules/apply', {
      body: { ...daily, assetId: ids[6], assetIds: ids.slice(6) },
    });

    // Both clocks move at once, and each engine runs as it moves: 12 tasks, one per schedule.
    await setClocks('2026-06-02T07:05:00Z');
    await setClocks('2026-06-02T07:06:00Z');
    expect(await count('select count(*) as n from maintenance_events where schedule_id is not null')).toBe(
      12,
    );

    // The digests' repeating job runs every minute on whichever instance claims it: hurried again and
    // again, both runners polling, each person still gets one digest (the member's six tasks; the
    // administrator the six nobody's).
    const hurry = () =>
      db.query(`update jobs set run_after = now() where queue = $1 and state = 'queued'`, [
        DIGEST_COMPOSE_QUEUE,
      ]);
    await vi.waitFor(
      async () => {
        await hurry();
        expect(smtp.received.length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 20_000, interval: 500 },
    );
    for (let i = 0; i < 3; i++) {
      await hurry();
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual([ADMIN.email, MEMBER.email].sort());
    expect(smtp.received).toHaveLength(2);

    await webhookDeliveredOnce();
  });

  /**
   * "Webhooks run once": subscribed on one instance, assets made on both, a first attempt failed and
   * retried by whichever instance claims it: each event reaches the receiver once, signed.
   */
  async function webhookDeliveredOnce(): Promise<void> {
    const [one, two] = urls() as [string, string];
    const admin = new HttpSession();
    await admin.signIn(two, ADMIN.email, ADMIN.password);
    const receiver = await startWebhookReceiver();
    try {
      const endpoint: { secret: string } = await admin.expect(201, one, 'POST', '/api/admin/webhooks', {
        body: { url: receiver.url, events: ['asset.created'] },
      });
      receiver.secret = endpoint.secret;
      receiver.failNext = [500];
      const names = ['Boiler 1', 'Boiler 2', 'Boiler 3', 'Boiler 4'];
      for (const [i, name] of names.entries()) {
        await admin.expect(201, urls()[i % 2]!, 'POST', '/api/assets', { body: { name } });
      }
      const received = await receiver.waitFor(names.length, 30_000);
      // Settled: nothing more comes (the retry's delay is 1 s here).
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(received.map((m) => m.data.name).sort()).toEqual(names);
      expect(new Set(receiver.verifiedIds).size).toBe(names.length);
      expect(receiver.verifiedIds).toHaveLength(names.length);
      expect(receiver.requests).toBe(names.length + 1);
      expect(receiver.rejected).toBe(0);
    } finally {
      await receiver.close();
    }
  }

  // ADR 087: jobs take turns between organizations on every instance.
  it("one organization's endpoints that never answer delay no other organization's delivery by more than 2 s", () =>
    checkWebhooksFairShare(urls(), db, ADMIN));

  it('a rolling restart: SIGTERM one under load, every request that reached it is answered, and it rejoins', async () => {
    const [one] = urls() as [string, string];
    const admin = new HttpSession();
    await admin.signIn(one, ADMIN.email, ADMIN.password);
    const signedIn = {
      authorization: `Bearer ${admin.token}`,
      cookie: `${XSRF_COOKIE}=${admin.xsrf}`,
      [XSRF_HEADER]: admin.xsrf!,
    };
    // Quick reads, writes (with an Idempotency-Key, as the web app sends) and slow sign-ins (argon2).
    const load = startRoundRobinLoad({
      urls,
      workers: 6,
      next: (n) => {
        if (n % 3 === 0) {
          return {
            method: 'POST',
            path: '/api/assets',
            headers: { ...signedIn, 'idempotency-key': `load-${suffix}-${n}` },
            body: { name: `Load ${n}` },
          };
        }
        if (n % 3 === 1) return { method: 'GET', path: '/api/assets?pageSize=20', headers: signedIn };
        return {
          method: 'POST',
          path: '/api/auth/login',
          body: { email: ADMIN.email, password: ADMIN.password },
        };
      },
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const logged = (id: string) => started.some((s) => s.output().includes(`"reqId":"${id}"`));
    await sleep(1500);

    // Sign-ins known to be in the first instance's hands when the signal comes.
    const inFlight = [0, 1, 2].map((i) =>
      fetch(`${one}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': `in-flight-${i}` },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      }),
    );
    await vi.waitFor(() => expect([0, 1, 2].every((i) => logged(`in-flight-${i}`))).toBe(true), {
      timeout: 10_000,
      interval: 5,
    });
    const stopping = servers[0];
    const stoppedAt = Date.now();
    stopping.child.kill('SIGTERM');
    expect(await stopping.exited).toBe(0);
    const stopSeconds = (Date.now() - stoppedAt) / 1000;
    expect(stopSeconds).toBeLessThan(5);
    expect(stopping.output()).toContain('shutting down: finishing requests in flight');
    for (const response of await Promise.all(inFlight)) expect(response.status).toBe(200);

    // While it is down, the other instance serves; then it starts again on its port and rejoins.
    await sleep(500);
    servers[0] = await startServerProcess(env[0]!, { port: stopping.port });
    started.push(servers[0]);
    const rejoinedAt = Date.now();
    await sleep(2000);
    const results = await load.stop();

    const attempts = results.flatMap((r) => r.attempts);
    const answered = attempts.filter((a) => a.status !== undefined);
    // Every request got its answer, and none was a server error.
    expect(results.filter((r) => r.attempts.at(-1)?.status === undefined)).toEqual([]);
    expect(answered.filter((a) => a.status! >= 500)).toEqual([]);
    expect(answered.filter((a) => a.status !== 200 && a.status !== 201)).toEqual([]);
    // A try that got no answer never reached an instance: no instance logged its id.
    const unanswered = attempts.filter((a) => a.error !== undefined);
    expect(unanswered.filter((a) => logged(a.id))).toEqual([]);
    // The second instance served while the first was down; the first serves again after its restart.
    const servedBy = (target: number, from: number, to = Number.POSITIVE_INFINITY) =>
      answered.filter((a) => a.target === target && a.sentAt >= from && a.sentAt < to).length;
    expect(servedBy(1, stoppedAt, rejoinedAt)).toBeGreaterThan(0);
    expect(servedBy(0, rejoinedAt)).toBeGreaterThan(0);
    // Each asset created once, retried or not.
    const creates = results.filter((r) => r.request.method === 'POST' && r.request.path === '/api/assets');
    expect(await count(`select count(*) as n from assets where name like 'Load %'`)).toBe(creates.length);
    const errors = new Map<string, number>();
    for (const a of unanswered) errors.set(a.error!, (errors.get(a.error!) ?? 0) + 1);
    console.info(
      `rolling restart: ${results.length} requests, ${unanswered.length} tries with no answer (retried: ${[...errors].map(([e, n]) => `${n} ${e}`).join(', ')}), ` +
        `${servedBy(1, stoppedAt, rejoinedAt)} answered by the other instance while one was down, ` +
        `${servedBy(0, rejoinedAt)} by the restarted one; it stopped in ${stopSeconds} s`,
    );
  });
});
