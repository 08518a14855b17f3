import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { shouldRunRedisTests, TEST_REDIS_URL } from '#server/test/redis.ts';

const runRedisTests = await shouldRunRedisTests();

// Two instances with REDIS_URL count one address's public page requests together.
describe.runIf(runRedisTests)('the public pages limit shared through Redis', () => {
  let one: TestApp;
  let two: TestApp;
  // An address of its own, so earlier runs leave no count behind.
  const address = `fd00::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

  beforeAll(async () => {
    one = await buildTestApp({ redisUrl: TEST_REDIS_URL, publicRateLimitPerMinute: 4 });
    two = await buildTestApp({ redisUrl: TEST_REDIS_URL, publicRateLimitPerMinute: 4 });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('refuses the fifth request of an address, whichever instance it reaches', async () => {
    // An unknown asset still counts: a scraper guessing slugs is who the limit is for.
    const url = '/public/orgs/01a00000-0000-7000-8000-000000000001/assets/nothing-here';
    const statuses: number[] = [];
    for (const t of [one, two, one, two, one]) {
      statuses.push((await t.app.inject({ url, remoteAddress: address })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
  });
});

// Redis unreachable (ADR 139): the public pages stay open per instance, each still counting alone.
describe('the public pages limit while Redis cannot be reached', () => {
  let one: TestApp;
  let two: TestApp;
  const address = `fd01::${randomBytes(2).toString('hex')}`;

  beforeAll(async () => {
    one = await buildTestApp({ redisUrl: 'redis://127.0.0.1:1', publicRateLimitPerMinute: 4 });
    two = await buildTestApp({ redisUrl: 'redis://127.0.0.1:1', publicRateLimitPerMinute: 4 });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('lets each instance answer its own limit of an address, then refuses it there', async () => {
    expect(one.app.redis?.status).not.toBe('ready');
    const url = '/public/orgs/01a00000-0000-7000-8000-000000000001/assets/nothing-here';
    const statuses = async (t: TestApp, n: number) => {
      const answers: number[] = [];
      for (let i = 0; i < n; i++)
        answers.push((await t.app.inject({ url, remoteAddress: address })).statusCode);
      return answers;
    };
    expect(await statuses(one, 5)).toEqual([404, 404, 404, 404, 429]);
    // Not shared: the other instance has counted none of them.
    expect(await statuses(two, 5)).toEqual([404, 404, 404, 404, 429]);
  });
});
