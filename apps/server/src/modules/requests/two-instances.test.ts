import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { createTwoOrganizations, loginAs } from '#server/test/fixtures.ts';
import { multipart } from '#server/test/multipart-body.ts';
import { shouldRunRedisTests, TEST_REDIS_URL } from '#server/test/redis.ts';
import { easyChallenges, solvedChallenge } from '#server/test/request-fixtures.ts';
import { startTwoInstances, type TwoInstances } from '#server/test/two-instances.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const runs = Boolean(adminUrl) && (await shouldRunRedisTests());

/**
 * Two app instances on one PostgreSQL and one Redis (ADR 129): the limits per address and per asset
 * count in one place, a challenge is used once whichever instance sees it, and one Idempotency-Key
 * sent to both makes one report.
 */
describe.runIf(runs)('requests from the QR code on two instances', () => {
  let two: TwoInstances;
  let path: string;
  // Addresses of this run only: Redis keeps the counts of earlier runs for their window.
  const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  beforeAll(async () => {
    two = await startTwoInstances(adminUrl!, { redisUrl: TEST_REDIS_URL });
    for (const app of two.apps) easyChallenges(app);
    const { orgA } = await createTwoOrganizations(two.handles[0].db);
    const admin = (await loginAs(two.apps[0], orgA.admin)).headers;
    const asset = await createAssetViaApi(two.apps[0], admin, { name: 'Boiler' });
    path = `/public/orgs/${orgA.organization.id}/assets/${asset.slug}`;
  }, 60_000);
  afterAll(async () => {
    await two?.close();
  });

  const send = (instance: 0 | 1, fields: Record<string, string>, ip: string, key?: string) => {
    const body = multipart(Object.entries(fields).map(([name, data]) => ({ name, data })));
    return two.apps[instance].inject({
      method: 'POST',
      url: `${path}/reports`,
      payload: body.payload,
      remoteAddress: ip,
      headers: { 'content-type': body.contentType, ...(key ? { 'idempotency-key': key } : {}) },
    });
  };
  const count = async () =>
    (
      (await two.handles[0].db.execute(sql`select count(*)::int as n from requests`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;

  it('refuses a challenge on one instance that the other took', async () => {
    const altcha = await solvedChallenge(two.apps[0], path);
    const fields = { description: 'Leak', urgency: 'works', altcha };
    expect((await send(0, fields, address())).statusCode).toBe(201);
    const replayed = await send(1, fields, address());
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().fields[0].path).toBe('altcha');
  });

  it('makes one report of one Idempotency-Key sent to both at once', async () => {
    const before = await count();
    const key = `two-${randomInt(1e9)}`;
    const fields = {
      description: 'Door',
      urgency: 'works',
      altcha: await solvedChallenge(two.apps[1], path),
    };
    const answers = await Promise.all([send(0, fields, address(), key), send(1, fields, address(), key)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toContain(201);
    // The other found the first's report (200), or lost the race for the challenge the first took (400).
    for (const status of statuses.filter((status) => status !== 201)) expect([200, 400]).toContain(status);
    expect(new Set(answers.filter((a) => a.statusCode < 300).map((a) => a.json().token)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });

  it('counts the limits per address in Redis, whichever instance answers', async () => {
    for (const app of two.apps)
      app.requests.guards.throttle.limits = {
        maxFailuresPerIp: 3,
        maxFailuresPerEmail: 100,
        windowMs: 60_000,
      };
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const instance = (i % 2) as 0 | 1;
      const fields = {
        description: `Flood ${i}`,
        urgency: 'works',
        altcha: await solvedChallenge(two.apps[instance], path),
      };
      statuses.push((await send(instance, fields, ip)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
