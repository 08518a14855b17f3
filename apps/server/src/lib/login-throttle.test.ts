import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shouldRunRedisTests, TEST_REDIS_URL } from '../test/redis.ts';
import { AppError } from './app-error.ts';
import {
  LoginThrottle,
  MemoryThrottleStore,
  RedisThrottleStore,
  type ThrottleStore,
  tooManyAttemptsMessage,
} from './login-throttle.ts';

const REDIS_URL = TEST_REDIS_URL;
const runRedisTests = await shouldRunRedisTests();

async function rateLimited(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('RATE_LIMITED');
  return error as AppError;
}

function throttleContract(name: string, makeStore: () => ThrottleStore) {
  describe(`LoginThrottle on ${name}`, () => {
    const limits = { maxFailuresPerEmail: 3, maxFailuresPerIp: 5, windowMs: 60_000 };

    it('refuses an email after its limit of failures, with Retry-After within the window', async () => {
      const throttle = new LoginThrottle(makeStore(), limits);
      const email = `${randomUUID()}@example.com`;
      for (let i = 0; i < 3; i++) {
        await throttle.assertAllowed('10.0.0.1', email);
        await throttle.recordFailure(`10.0.0.${i + 1}`, email);
      }
      const error = await rateLimited(throttle.assertAllowed('10.0.0.9', email));
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(error.message).toBe('Too many sign-in attempts. Try again in 1 minute.');
      // Other emails from other IPs are not affected.
      await throttle.assertAllowed('10.0.0.9', `${randomUUID()}@example.com`);
    });

    it('refuses an IP after its limit of failures, whatever the email', async () => {
      const throttle = new LoginThrottle(makeStore(), limits);
      const ip = `ip-${randomUUID()}`;
      for (let i = 0; i < 5; i++) await throttle.recordFailure(ip, `${randomUUID()}@example.com`);
      await rateLimited(throttle.assertAllowed(ip, `${randomUUID()}@example.com`));
      await throttle.assertAllowed(`ip-${randomUUID()}`, `${randomUUID()}@example.com`);
    });

    it('a success clears the email counter but not the IP counter', async () => {
      const throttle = new LoginThrottle(makeStore(), limits);
      const ip = `ip-${randomUUID()}`;
      const email = `${randomUUID()}@example.com`;
      for (let i = 0; i < 2; i++) await throttle.recordFailure(ip, email);
      await throttle.recordSuccess(email);
      for (let i = 0; i < 2; i++) await throttle.recordFailure(ip, email);
      await throttle.assertAllowed(`ip-${randomUUID()}`, email);
      await throttle.recordFailure(ip, email);
      // 5 failures from this IP in the window: limited even though the email was reset.
      await rateLimited(throttle.assertAllowed(ip, `${randomUUID()}@example.com`));
    });

    it('counts emails case-insensitively', async () => {
      const throttle = new LoginThrottle(makeStore(), limits);
      const email = `${randomUUID()}@example.com`;
      for (let i = 0; i < 3; i++) await throttle.recordFailure(`ip-${randomUUID()}`, email.toUpperCase());
      await rateLimited(throttle.assertAllowed(`ip-${randomUUID()}`, email));
    });

    it('a window ends: counts start again', async () => {
      const store = makeStore();
      const throttle = new LoginThrottle(store, { ...limits, windowMs: 150 });
      const email = `${randomUUID()}@example.com`;
      for (let i = 0; i < 3; i++) await throttle.recordFailure(`ip-${randomUUID()}`, email);
      await rateLimited(throttle.assertAllowed(`ip-${randomUUID()}`, email));
      await new Promise((resolve) => setTimeout(resolve, 250));
      await throttle.assertAllowed(`ip-${randomUUID()}`, email);
      expect((await store.increment(`email:${email}`, 150)).count).toBe(1);
    });
  });
}

throttleContract('memory', () => new MemoryThrottleStore());

describe.runIf(runRedisTests)('Redis store', () => {
  const prefix = `mqr:test:login:${randomUUID()}:`;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  throttleContract('redis', () => new RedisThrottleStore(redis, { prefix }));

  it('stores counters under the prefix with an expiry, shared between two stores', async () => {
    const a = new RedisThrottleStore(redis, { prefix });
    const b = new RedisThrottleStore(redis, { prefix });
    await a.increment('shared', 60_000);
    expect((await b.increment('shared', 60_000)).count).toBe(2);
    const ttl = await redis.pttl(`${prefix}shared`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // A later failure does not extend the window (fixed window).
    await new Promise((resolve) => setTimeout(resolve, 20));
    await a.increment('shared', 60_000);
    expect(await redis.pttl(`${prefix}shared`)).toBeLessThanOrEqual(ttl);
  });
});

describe('MemoryThrottleStore', () => {
  it('prunes expired windows and stays bounded', async () => {
    let now = 0;
    const store = new MemoryThrottleStore({ maxEntries: 100, now: () => now });
    for (let i = 0; i < 50; i++) await store.increment(`a${i}`, 1000);
    now = 5000;
    await store.increment('b', 1000);
    expect(store.size).toBe(1);
    for (let i = 0; i < 500; i++) await store.increment(`c${i}`, 60_000);
    expect(store.size).toBeLessThanOrEqual(100);
    expect(await store.get('c499')).toEqual({ count: 1, resetAt: 65_000 });
  });
});

describe('tooManyAttemptsMessage', () => {
  it('rounds up to whole minutes', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many sign-in attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many sign-in attempts. Try again in 2 minutes.');
    expect(tooManyAttemptsMessage(900)).toBe('Too many sign-in attempts. Try again in 15 minutes.');
  });
});
