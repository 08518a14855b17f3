import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_MESSAGES } from '@mqr/contracts';
import { startTestSmtp, type TestSmtp } from '@mqr/smtp-testing';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE_DEFAULTS } from './lib/login-throttle.ts';
import { PNG } from './modules/requests/report-fixtures.ts';
import { S3FileStorage } from './storage/s3.ts';
import { HttpSession } from './test/http-session.ts';
import { type DecodedOutcome, LOAD_SUCCESS, type MixedLoad, startMixedLoad } from './test/mixed-load.ts';
import { multipart, type Part } from './test/multipart-body.ts';
import { type OutageEnvironment, startOutageEnvironment } from './test/outage-environment.ts';
import { testPostgresMissing } from './test/postgres-server.ts';
import { testRedisMissing } from './test/redis-server.ts';
import { runSoak, SOAK_MEMORY_GROWTH } from './test/soak.ts';
import { startWebhookReceiver, type TestWebhookReceiver } from './test/webhook-receiver.ts';

/**
 * Every dependency's outage under load (issue 37, ADR 139 and 140): two `main.js` processes, each
 * dependency of their own started here (PostgreSQL, Redis, S3, a mail server, a webhook receiver),
 * and a load of mixed reads and writes from a process of its own. Redis stops for 60 s; S3 stops; the
 * mail server and the webhook receiver stop; each comes back, and what the users and the servers did
 * meanwhile is judged. Then the soak: 200 connections for 2 minutes, resident memory flat, no error.
 * Run by `npm run test:resilience` (scripts/test-resilience.ts).
 */
const missing = testPostgresMissing() ?? testRedisMissing();
const REDIS_OUTAGE_MS = 60_000;
/** The public pages' limit per address and minute in this test: small, so the test reaches it. */
const PUBLIC_LIMIT = 30;
const SOAK = { connections: 200, seconds: 120, warmupSeconds: 30 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 250 ms until true; answers how long it took, throws after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      if (await check()) return Date.now() - started;
    } catch {
      // Not yet.
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(250);
  }
}

/** The answers that were not their kind's success (none while all is well). */
const failures = (outcomes: DecodedOutcome[]) => outcomes.filter((o) => o.status !== LOAD_SUCCESS[o.kind]);
const summary = (outcomes: DecodedOutcome[]) => {
  const counts = new Map<string, number>();
  for (const o of outcomes)
    counts.set(`${o.kind} ${o.status}`, (counts.get(`${o.kind} ${o.status}`) ?? 0) + 1);
  return Object.fromEntries([...counts].sort());
};

describe.skipIf(missing !== undefined)("every dependency's outage under load, two instances", () => {
  let env: OutageEnvironment;
  const figures: Record<string, unknown> = {};
  /** Every load started: one a failed test left running is killed before the next test. */
  const loads: Promise<MixedLoad>[] = [];

  afterEach(async () => {
    for (const load of loads.splice(0)) (await load).child.kill('SIGKILL');
  });

  beforeAll(async () => {
    env = await startOutageEnvironment({
      env: {
        PUBLIC_RATE_LIMIT_PER_MINUTE: String(PUBLIC_LIMIT),
        // The retry schedules shortened (production: about 3 h of retries each, ADR 140).
        WEBHOOKS_FIRST_RETRY_SECONDS: '1',
        JOBS_FIRST_RETRY_SECONDS: '1',
        // Report challenges solved at once (a real one asks a second or two of a phone).
        REPORT_CHALLENGE_COUNTER_MAX: '10',
      },
    });
  }, 180_000);

  afterAll(async () => {
    if (process.env.RESILIENCE_LOG_DIR && env) {
      for (const [i, server] of env.servers.entries()) {
        await writeFile(
          path.join(process.env.RESILIENCE_LOG_DIR, `outages-server-${i}.log`),
          server.output(),
        );
      }
    }
    await env?.close();
    console.log(`Outage figures: ${JSON.stringify(figures)}`);
  });

  /** A load of mixed reads and writes, 8 connections, the kinds weighed for the outage rehearsed. */
  function outageLoad(
    prefix: string,
    weights: Parameters<typeof startMixedLoad>[0]['weights'],
  ): Promise<MixedLoad> {
    const load = startMixedLoad({
      urls: env.urls,
      token: env.member.session.token!,
      connections: 8,
      weights,
      organizationId: env.organizationId,
      assets: env.assets,
      files: env.files,
      login: { email: env.member.email, password: env.member.password },
      prefix,
    });
    loads.push(load);
    return load;
  }

  /** A problem reported on an asset through its public form, over HTTP as the page sends it. */
  async function report(
    url: string,
    asset: { slug: string },
    fields: Record<string, string>,
    options: { photos?: Part[]; address: string },
  ): Promise<Response> {
    const page = `${url}/public/orgs/${env.organizationId}/assets/${asset.slug}`;
    const headers = { 'x-forwarded-for': options.address };
    const challenge = (await (await fetch(`${page}/report-challenge`, { headers })).json()) as Parameters<
      typeof solveChallenge
    >[0]['challenge'];
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const body = multipart([
      ...Object.entries({ ...fields, altcha }).map(([name, data]) => ({ name, data })),
      ...(options.photos ?? []),
    ]);
    return fetch(`${page}/reports`, {
      method: 'POST',
      headers: { ...headers, 'content-type': body.contentType },
      body: body.payload,
    });
  }

  /** A report with a photo (its bytes stored in S3 before the report's transaction). */
  const reportWithPhoto = (url: string, asset: { slug: string }, description: string, address: string) =>
    report(
      url,
      asset,
      { description, urgency: 'works' },
      {
        photos: [{ name: 'photos', fileName: 'leak.png', contentType: 'image/png', data: PNG }],
        address,
      },
    );

  it('Redis stops for 60 s: sign-in limits per instance at their share, public pages per instance at the whole limit, nothing else fails, and they count together again when it returns', async () => {
    const load = await outageLoad('redis', {
      list: 20,
      asset: 15,
      public: 20,
      create: 10,
      event: 10,
      file: 5,
      login: 3,
    });
    const [one, two] = env.urls as [string, string];
    const signIn = (url: string, email: string, password: string, address: string) =>
      new HttpSession().request(url, 'POST', '/api/auth/login', {
        body: { email, password },
        headers: { 'x-forwarded-for': address },
      });
    const publicPage = (url: string, address: string) =>
      fetch(`${url}/public/orgs/${env.organizationId}/assets/${env.assets[1]!.slug}`, {
        headers: { 'x-forwarded-for': address },
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    await sleep(3000);

    await env.redis.stop();
    const stoppedAt = Date.now();
    let restartedAt = 0;
    try {
      // Sign-in: each instance counts alone, with its share of the limit (10 per account / 2 instances):
      // together no more guesses are checked than with Redis (ADR 139).
      const share = LOGIN_THROTTLE_DEFAULTS.maxFailuresPerEmail / 2;
      const guessed = `nobody-redis-down@example.com`;
      for (const url of [one, two]) {
        const answers: number[] = [];
        for (let i = 0; i <= share; i++)
          answers.push((await signIn(url, guessed, 'wrong password', '203.0.113.7')).status);
        expect(answers, url).toEqual([...Array(share).fill(401), 429]);
      }
      // The right password still signs in, on either instance.
      for (const url of [one, two]) {
        expect((await signIn(url, env.member.email, env.member.password, '203.0.113.8')).status).toBe(200);
      }
      // The public pages: open per instance, each still refusing an address past the whole limit alone.
      for (const url of [one, two]) {
        const statuses: number[] = [];
        for (let i = 0; i <= PUBLIC_LIMIT; i++) statuses.push(await publicPage(url, '203.0.113.9'));
        expect(statuses, url).toEqual([...Array(PUBLIC_LIMIT).fill(200), 429]);
      }

      await sleep(Math.max(0, stoppedAt + REDIS_OUTAGE_MS - Date.now()));
    } finally {
      await env.redis.restart();
      restartedAt = Date.now();
    }

    // Both instances count in Redis again: a failed sign-in on each is one count of the same key.
    const redis = new Redis(env.redis.url);
    let probe = 0;
    try {
      const rejoinedMs = await waitFor('both instances count in Redis again', async () => {
        const email = `rejoin-${probe++}@example.com`;
        await signIn(one, email, 'wrong', '203.0.113.10');
        await signIn(two, email, 'wrong', '203.0.113.10');
        return (await redis.get(`mqr:login:email:${email}`)) === '2';
      });
      // Shared again: the limit holds across the instances as one.
      const limit = LOGIN_THROTTLE_DEFAULTS.maxFailuresPerEmail;
      const shared = 'nobody-redis-back@example.com';
      const answers: number[] = [];
      for (let i = 0; i <= limit; i++)
        answers.push((await signIn(env.urls[i % 2]!, shared, 'wrong password', '203.0.113.11')).status);
      expect(answers).toEqual([...Array(limit).fill(401), 429]);
      expect(await redis.get(`mqr:login:email:${shared}`)).toBe(String(limit));
      const statuses: number[] = [];
      for (let i = 0; i <= PUBLIC_LIMIT; i++)
        statuses.push(await publicPage(env.urls[i % 2]!, '203.0.113.12'));
      expect(statuses).toEqual([...Array(PUBLIC_LIMIT).fill(200), 429]);
      figures.redis = { outageMs: restartedAt - stoppedAt, rejoinedAfterRestartMs: rejoinedMs };
    } finally {
      await redis.quit();
    }

    const outcomes = await load.stop();
    // Nothing else failed: every request of the load got its success, before, during and after.
    expect(failures(outcomes)).toEqual([]);
    const during = outcomes.filter((o) => o.sentAt >= stoppedAt && o.answeredAt < restartedAt);
    expect(during.filter((o) => o.kind === 'login').length).toBeGreaterThan(0);
    expect(during.filter((o) => o.kind === 'public').length).toBeGreaterThan(0);
    figures.redis = { ...(figures.redis as object), requests: outcomes.length, during: summary(during) };
  }, 240_000);

  it('S3 stops: uploads and downloads answer 503 with Retry-After and a message, nothing half-written remains, and all works again when it returns', async () => {
    const load = await outageLoad('s3', { list: 20, asset: 10, public: 10, create: 10, event: 10, file: 20 });
    const member = env.member.session;
    const [one, two] = env.urls as [string, string];
    const asset = env.assets[2]!;
    // Uploaded before the outage, saved during it.
    const presigned = await member.expect(200, one, 'POST', '/api/uploads/presign', {
      body: { fileName: 'before.txt', contentType: 'text/plain' },
    });
    const bytes = Buffer.from('uploaded before S3 stopped');
    expect(
      (
        await fetch(presigned.uploadUrl, {
          method: 'PUT',
          headers: { 'content-type': 'text/plain' },
          body: bytes,
        })
      ).status,
    ).toBe(200);
    await sleep(2000);

    await env.s3.stop();
    const stoppedAt = Date.now();
    let restartedAt = 0;
    try {
      const unavailable = (
        answer: { status: number; headers: Headers; body: { message: string } },
        message: string,
      ) => {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('30');
        expect(answer.body.message).toBe(message);
      };
      for (const url of [one, two]) {
        unavailable(
          await member.request(url, 'POST', '/api/uploads/presign', {
            body: { fileName: 'during.txt', contentType: 'text/plain' },
          }),
          API_MESSAGES.storageUnavailable,
        );
        unavailable(
          await member.request(url, 'POST', `/api/assets/${asset.id}/events`, {
            body: {
              title: 'With the file',
              files: [{ objectKey: presigned.objectKey, fileName: 'before.txt' }],
            },
            headers: { 'idempotency-key': `s3-save-${url}` },
          }),
          API_MESSAGES.storageUnavailable,
        );
        unavailable(await member.request(url, 'GET', env.files[0]!), API_MESSAGES.fileUnavailable);
      }
      // A report with a photo from the public page: not stored either.
      const reported = await reportWithPhoto(one, asset, 'Leaking during the S3 outage', '203.0.113.20');
      expect(reported.status).toBe(503);
      expect(((await reported.json()) as { message: string }).message).toBe(API_MESSAGES.storageUnavailable);
      await sleep(8000);
    } finally {
      await env.s3.restart();
      restartedAt = Date.now();
    }
    const recoveredMs = await waitFor('uploads are taken again on both', async () => {
      for (const url of [one, two]) {
        const answer = await member.request(url, 'POST', '/api/uploads/presign', {
          body: { fileName: 'after.txt', contentType: 'text/plain' },
        });
        if (answer.status !== 200) return false;
      }
      return true;
    });
    // The same save goes through now, and the file downloads from either instance.
    const saved = await member.expect(201, two, 'POST', `/api/assets/${asset.id}/events`, {
      body: { title: 'With the file', files: [{ objectKey: presigned.objectKey, fileName: 'before.txt' }] },
      headers: { 'idempotency-key': 's3-save-after' },
    });
    const fileUrl = new URL(saved.files[0].publicUrl, one).pathname;
    for (const url of [one, two]) {
      const served = await member.request(url, 'GET', fileUrl);
      expect(served.status).toBe(302);
      expect(Buffer.from(await (await fetch(served.headers.get('location')!)).arrayBuffer())).toEqual(bytes);
    }
    const reportedAfter = await reportWithPhoto(two, asset, 'Leaking after the S3 outage', '203.0.113.21');
    expect(reportedAfter.status).toBe(201);
    // The saves refused during the outage made no event: only the one after it did, with its file.
    const { rows: withFile } = await env.db.query<{ files: string }>(
      `select (select count(*) from files f where f.event_id = e.id) as files
         from maintenance_events e where e.title = 'With the file'`,
    );
    expect(withFile).toEqual([{ files: '1' }]);

    const outcomes = await load.stop();
    // Only downloads failed, and only while S3 was away (answered 503, never 500); the rest went on.
    const failed = failures(outcomes);
    expect(failed.filter((o) => o.kind !== 'file' || o.status !== 503)).toEqual([]);
    expect(failed.filter((o) => o.sentAt > restartedAt + recoveredMs || o.answeredAt < stoppedAt)).toEqual(
      [],
    );
    expect(failed.length).toBeGreaterThan(0);

    // Nothing half-written: every file and photo the database names is in S3.
    const storage = new S3FileStorage(env.s3.s3);
    try {
      const { rows } = await env.db.query<{ key: string }>(
        'select object_key as key from files union all select object_key from request_photos',
      );
      const absent = [];
      for (const { key } of rows) if (!(await storage.stat(key))) absent.push(key);
      expect(absent).toEqual([]);
      expect(rows.length).toBeGreaterThanOrEqual(3);
    } finally {
      storage.close();
    }
    figures.s3 = {
      outageMs: restartedAt - stoppedAt,
      uploadsBackAfterRestartMs: recoveredMs,
      requests: outcomes.length,
      during: summary(outcomes.filter((o) => o.sentAt >= stoppedAt && o.answeredAt < restartedAt)),
    };
  }, 180_000);

  it('the mail server and the webhook receiver are down: mails and webhooks are delivered once each when they return', async () => {
    const admin = env.admin.session;
    const [one, two] = env.urls as [string, string];
    const receiver = await startWebhookReceiver();
    const endpoint = await admin.expect(201, one, 'POST', '/api/admin/webhooks', {
      body: { url: receiver.url, events: ['asset.created', 'request.created'] },
    });
    receiver.secret = endpoint.secret;
    const port = Number(new URL(receiver.url).port);
    const load = await outageLoad('hooks', { list: 20, asset: 10, public: 10, create: 20, event: 10 });
    await sleep(2000);

    // Both go down as servers shut down cleanly: what was under way is answered, nothing new is taken.
    await receiver.stop();
    await env.smtp.close();
    const stoppedAt = Date.now();
    let restartedAt = 0;
    // Reports whose reporters get a confirmation, unsafe ones alerting the administrator at once.
    const reporters = [0, 1, 2].map((i) => `reporter-${i}-${Date.now()}@example.com`);
    let smtp: TestSmtp;
    let back: TestWebhookReceiver;
    try {
      for (const [i, email] of reporters.entries()) {
        const answer = await report(
          env.urls[i % 2]!,
          env.assets[3 + i]!,
          { description: `Sparks from the panel, report ${i}`, urgency: 'unsafe', email },
          { address: `203.0.113.${30 + i}` },
        );
        expect(answer.status).toBe(201);
      }
      await sleep(15_000);
    } finally {
      // Both come back on their ports.
      smtp = await startTestSmtp({ port: env.smtp.port });
      back = await startWebhookReceiver({ port });
      back.secret = endpoint.secret;
      restartedAt = Date.now();
    }
    try {
      const outcomes = await load.stop();
      const created = outcomes.filter((o) => o.kind === 'create' && o.status === 201);
      expect(failures(outcomes)).toEqual([]);

      // Every asset created while subscribed and every report reach the receiver (before it went
      // down, or after it came back), each once.
      const received = () => [...receiver.received, ...back.received];
      const notReceived = () => {
        const names = new Set(received().flatMap((m) => (m.type === 'asset.created' ? [m.data.name] : [])));
        return created.filter((o) => !names.has(o.detail)).map((o) => o.detail);
      };
      // Waited for together, each timed from the return of its receiver.
      const sinceReturn = async (wait: Promise<number>) => {
        await wait;
        return Date.now() - restartedAt;
      };
      const [deliveredMs, mailedMs] = await Promise.all([
        sinceReturn(
          waitFor(
            'every webhook delivered',
            async () => {
              const { rows } = await env.db.query<{ pending: string }>(
                `select count(*) filter (where state <> 'delivered') as pending from webhook_deliveries where endpoint_id = $1`,
                [endpoint.endpoint.id],
              );
              const reports = received().filter((m) => m.type === 'request.created').length;
              return notReceived().length === 0 && reports >= reporters.length && rows[0]!.pending === '0';
            },
            120_000,
          ),
        ),
        sinceReturn(
          waitFor(
            'every mail sent',
            async () => {
              const { rows } = await env.db.query<{ waiting: string }>(
                `select count(*) filter (where state <> 'sent') as waiting from email_outbox where created_at >= $1`,
                [new Date(stoppedAt)],
              );
              return rows[0]!.waiting === '0' && smtp.received.length >= reporters.length * 2;
            },
            120_000,
          ),
        ),
      ]);
      // The log of the endpoint says the same: every delivery delivered, those of the outage after tries.
      const { rows: log } = await env.db.query<{ state: string; attempts: number }>(
        'select state, attempts from webhook_deliveries where endpoint_id = $1',
        [endpoint.endpoint.id],
      );
      expect(log.length).toBe(created.length + reporters.length);
      expect(log.filter((d) => d.state !== 'delivered')).toEqual([]);
      expect(log.filter((d) => d.attempts > 1).length).toBeGreaterThan(0);
      // Settled: nothing more comes.
      await sleep(3000);
      expect(notReceived()).toEqual([]);
      expect(received().filter((m) => m.type === 'request.created')).toHaveLength(reporters.length);
      // Once: no webhook-id came twice, to either receiver.
      const verified = [...receiver.verifiedIds, ...back.verifiedIds];
      expect(verified).toHaveLength(new Set(verified).size);
      expect(receiver.rejected + back.rejected).toBe(0);
      // Later: those of the outage came to the receiver that came back.
      expect(back.received.filter((m) => m.type === 'request.created')).toHaveLength(reporters.length);
      for (const email of reporters)
        expect(
          smtp.received.filter((m) => m.to.includes(email)),
          email,
        ).toHaveLength(1);
      const alerts = smtp.received.filter(
        (m) => m.to.includes(env.admin.email) && /Sparks from the panel/.test(m.mail.text ?? ''),
      );
      expect(alerts).toHaveLength(reporters.length);
      const { rows: failedMail } = await env.db.query(`select id from email_outbox where state = 'failed'`);
      expect(failedMail).toEqual([]);

      await admin.expect(204, two, 'DELETE', `/api/admin/webhooks/${endpoint.endpoint.id}`);
      figures.mailAndWebhooks = {
        outageMs: restartedAt - stoppedAt,
        webhooks: received().length,
        webhooksAfterReturn: back.received.length,
        webhookRequestsAfterReturn: back.requests,
        mails: smtp.received.length,
        webhooksDeliveredAfterReturnMs: deliveredMs,
        mailsSentAfterReturnMs: mailedMs,
      };
    } finally {
      await back.close();
      await smtp.close();
    }
  }, 240_000);

  it(`a soak: ${SOAK.connections} connections of mixed reads and writes for ${SOAK.seconds / 60} minutes, no error, resident memory flat`, async () => {
    const soak = await runSoak({ environment: env, ...SOAK, prefix: 'soak' });
    figures.soak = { ...soak, errors: soak.errors.length, firstErrors: soak.errors.slice(0, 5) };
    expect(soak.errors).toEqual([]);
    for (const server of soak.memory)
      expect(server.growth, `server ${server.server}`).toBeLessThanOrEqual(SOAK_MEMORY_GROWTH);
  }, 240_000);
});
