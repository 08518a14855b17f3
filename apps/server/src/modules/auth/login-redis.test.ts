import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createOrganization, createUser, type FixtureUser } from '#server/test/fixtures.ts';
import { shouldRunRedisTests, TEST_REDIS_URL } from '#server/test/redis.ts';

const REDIS_URL = TEST_REDIS_URL;
const runRedisTests = await shouldRunRedisTests();

// Two server instances with REDIS_URL share the sign-in counters (keys `mqr:login:*`).
describe.runIf(runRedisTests)('login throttle shared through Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let redis: Redis;
  let user: FixtureUser;
  const email = `redis-${randomBytes(6).toString('hex')}@example.com`;
  const ip = `fd00::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
  const limits = { maxFailuresPerEmail: 3, maxFailuresPerIp: 100, windowMs: 60_000 };

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    one = await buildTestApp({ redisUrl: REDIS_URL });
    // Each test app has its own database: the same account exists in both, as it would behind one shared database.
    two = await buildTestApp({ redisUrl: REDIS_URL, jwtSecret: one.config.jwtSecret });
    const organization = await createOrganization(one.db);
    user = await createUser(one.db, organization.id, { email });
    await createUser(two.db, (await createOrganization(two.db)).id, { email, password: user.password });
    one.app.loginThrottle.limits = limits;
    two.app.loginThrottle.limits = limits;
  });

  const attempt = (t: TestApp, password: string, remoteAddress = ip) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  afterAll(async () => {
    await redis?.del(`mqr:login:email:${email}`, `mqr:login:ip:${ip}`);
    await redis?.quit();
    await one?.close();
    await two?.close();
  });

  it('failures on one instance count on the other', async () => {
    expect((await attempt(one, 'wrong password')).statusCode).toBe(401);
    expect((await attempt(two, 'wrong password')).statusCode).toBe(401);
    expect((await attempt(one, 'wrong password')).statusCode).toBe(401);
    const refused = await attempt(two, user.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const ttl = await redis.pttl(`mqr:login:email:${email}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect(await redis.get(`mqr:login:ip:${ip}`)).toBe('3');

    // Once the window is over (here: the counter removed), a success clears the email's counter.
    await redis.del(`mqr:login:email:${email}`);
    expect((await attempt(one, 'wrong password')).statusCode).toBe(401);
    expect((await attempt(two, user.password)).statusCode).toBe(200);
    expect(await redis.exists(`mqr:login:email:${email}`)).toBe(0);
    await redis.del(`mqr:login:ip:${ip}`);
  });

  it('guesses sent at once to both instances: no more passwords checked than the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => attempt(i % 2 ? one : two, `guess ${i}`, `fd00::${i + 1}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limits.maxFailuresPerEmail);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24 - limits.maxFailuresPerEmail);
    expect(await redis.get(`mqr:login:email:${email}`)).toBe(String(limits.maxFailuresPerEmail));
    await redis.del(
      `mqr:login:email:${email}`,
      ...Array.from({ length: 24 }, (_, i) => `mqr:login:ip:fd00::${i + 1}`),
    );
  });
});

describe('login throttle when Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ redisUrl: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still signs users in (and still refuses wrong passwords): the counters are skipped, not the password check', async () => {
    const user = await createUser(t.db, (await createOrganization(t.db)).id);
    const started = Date.now();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(ok.statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
