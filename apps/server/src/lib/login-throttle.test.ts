import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shouldRunRedisTests, TEST_REDIS_URL } from '../test/redis.ts';
import { AppError } from './app-error.ts';
import { LoginThrottle, type LoginThrottleLimits, tooManyAttemptsMessage } from './login-throttle.ts';

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

const newAccount = () => `${randomUUID()}@example.com`;
const newAddress = () => `ip-${randomUUID()}`;
/** A password check that fails, counting its calls: the stand-in for argon2's verify. */
const wrongPassword = () => vi.fn(async () => false);
const rightPassword = async () => true;

type MakeThrottle = (limits: LoginThrottleLimits, successClearsAccount?: boolean) => LoginThrottle;

function throttleContract(name: string, make: MakeThrottle) {
  describe(`LoginThrottle on ${name}`, () => {
    const limits = { maxFailuresPerEmail: 3, maxFailuresPerIp: 5, windowMs: 60_000 };

    it('refuses an account after its limit of failures, with Retry-After within the window, without checking', async () => {
      const throttle = make(limits);
      const account = newAccount();
      const check = wrongPassword();
      for (let i = 0; i < 3; i++) expect(await throttle.attempt(newAddress(), account, check)).toBe(false);
      const error = await rateLimited(throttle.attempt(newAddress(), account, check));
      expect(check).toHaveBeenCalledTimes(3);
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(error.message).toBe('Too many sign-in attempts. Try again in 1 minute.');
      // Other accounts from other addresses are not affected.
      expect(await throttle.attempt(newAddress(), newAccount(), rightPassword)).toBe(true);
    });

    it('refuses an address after its limit of failures, whatever the account', async () => {
      const throttle = make(limits);
      const ip = newAddress();
      for (let i = 0; i < 5; i++) await throttle.attempt(ip, newAccount(), wrongPassword());
      await rateLimited(throttle.attempt(ip, newAccount(), rightPassword));
      expect(await throttle.attempt(newAddress(), newAccount(), rightPassword)).toBe(true);
    });

    it('attempts sent at once: no more are checked than the account allows', async () => {
      const throttle = make(limits);
      const account = newAccount();
      const check = wrongPassword();
      const settled = await Promise.allSettled(
        Array.from({ length: 40 }, () => throttle.attempt(newAddress(), account, check)),
      );
      expect(check).toHaveBeenCalledTimes(limits.maxFailuresPerEmail);
      expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(40 - limits.maxFailuresPerEmail);
    });

    it('attempts sent at once from one address: no more are checked than the address allows', async () => {
      const throttle = make(limits);
      const ip = newAddress();
      const check = wrongPassword();
      await Promise.allSettled(Array.from({ length: 40 }, () => throttle.attempt(ip, newAccount(), check)));
      expect(check).toHaveBeenCalledTimes(limits.maxFailuresPerIp);
    });

    it('a success gives its attempt back to the address; with successClearsAccount it clears the account', async () => {
      const throttle = make(limits, true);
      const ip = newAddress();
      const account = newAccount();
      for (let i = 0; i < 2; i++) await throttle.attempt(ip, account, wrongPassword());
      // Successes never count against the address.
      for (let i = 0; i < 10; i++) expect(await throttle.attempt(ip, account, rightPassword)).toBe(true);
      const check = wrongPassword();
      for (let i = 0; i < 3; i++) await throttle.attempt(newAddress(), account, check);
      expect(check).toHaveBeenCalledTimes(3);
      // 2 + 3 failures from this address in the window: limited even though the account was cleared.
      for (let i = 0; i < 3; i++) await throttle.attempt(ip, newAccount(), wrongPassword());
      await rateLimited(throttle.attempt(ip, newAccount(), rightPassword));
    });

    it('without successClearsAccount a success gives back its own attempt only', async () => {
      const throttle = make(limits, false);
      const account = newAccount();
      for (let i = 0; i < 2; i++) await throttle.attempt(newAddress(), account, wrongPassword());
      expect(await throttle.attempt(newAddress(), account, rightPassword)).toBe(true);
      await throttle.attempt(newAddress(), account, wrongPassword());
      await rateLimited(throttle.attempt(newAddress(), account, rightPassword));
    });

    it('a refused attempt counts against neither: a blocked account does not use up the address', async () => {
      const throttle = make(limits);
      const account = newAccount();
      for (let i = 0; i < 3; i++) await throttle.attempt(newAddress(), account, wrongPassword());
      const ip = newAddress();
      for (let i = 0; i < 10; i++) await rateLimited(throttle.attempt(ip, account, rightPassword));
      const check = wrongPassword();
      for (let i = 0; i < 5; i++) await throttle.attempt(ip, newAccount(), check);
      expect(check).toHaveBeenCalledTimes(5);
    });

    it('counts accounts case-insensitively', async () => {
      const throttle = make(limits);
      const account = newAccount();
      for (let i = 0; i < 3; i++)
        await throttle.attempt(newAddress(), account.toUpperCase(), wrongPassword());
      await rateLimited(throttle.attempt(newAddress(), account, rightPassword));
    });

    it('a check that throws keeps its attempt counted', async () => {
      const throttle = make(limits);
      const account = newAccount();
      const failing = async () => {
        throw new Error('database down');
      };
      for (let i = 0; i < 3; i++)
        await expect(throttle.attempt(newAddress(), account, failing)).rejects.toThrow();
      await rateLimited(throttle.attempt(newAddress(), account, rightPassword));
    });
  });
}

throttleContract(
  'memory',
  (limits, successClearsAccount) => new LoginThrottle(null, limits, { successClearsAccount }),
);

describe('LoginThrottle in memory: windows', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a window ends: counts start again', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const throttle = new LoginThrottle(null, {
      maxFailuresPerEmail: 2,
      maxFailuresPerIp: 10,
      windowMs: 60_000,
    });
    const account = newAccount();
    for (let i = 0; i < 2; i++) await throttle.attempt(newAddress(), account, wrongPassword());
    const error = await rateLimited(throttle.attempt(newAddress(), account, rightPassword));
    expect(error.retryAfterSeconds).toBe(60);
    vi.advanceTimersByTime(45_000);
    expect(
      (await rateLimited(throttle.attempt(newAddress(), account, rightPassword))).retryAfterSeconds,
    ).toBe(15);
    vi.advanceTimersByTime(15_001);
    expect(await throttle.attempt(newAddress(), account, rightPassword)).toBe(true);
  });

  it('new limits take effect at once (tests lower them on a built app)', async () => {
    const throttle = new LoginThrottle(null);
    const account = newAccount();
    throttle.limits = { ...throttle.limits, maxFailuresPerEmail: 1 };
    await throttle.attempt(newAddress(), account, wrongPassword());
    await rateLimited(throttle.attempt(newAddress(), account, rightPassword));
  });
});

describe.runIf(runRedisTests)('LoginThrottle on Redis', () => {
  const prefix = `mqr:test:login:${randomUUID()}:`;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const onRedis: MakeThrottle = (limits, successClearsAccount) =>
    new LoginThrottle(redis, limits, { successClearsAccount, redisPrefix: prefix });

  throttleContract('redis', onRedis);

  it('keeps counters under the prefix with the window as expiry, shared between two throttles', async () => {
    const limits = { maxFailuresPerEmail: 3, maxFailuresPerIp: 5, windowMs: 60_000 };
    const [a, b] = [onRedis(limits), onRedis(limits)];
    const account = newAccount();
    const ip = newAddress();
    const check = wrongPassword();
    await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).attempt(ip, account, check)),
    );
    expect(check).toHaveBeenCalledTimes(3);
    const ttl = await redis.pttl(`${prefix}email:${account}`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // The refused attempts were given back to the address: only the three checked count.
    expect(await redis.get(`${prefix}ip:${ip}`)).toBe('3');
  });
});

describe('LoginThrottle with Redis unreachable', () => {
  let redis: Redis;
  beforeAll(() => {
    // As plugins/redis.ts connects: no offline queue, so commands fail at once while it is down.
    redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
  });
  afterAll(() => {
    redis.disconnect();
  });

  it('counts in this process instead: still refuses past the limit, still lets the right password in', async () => {
    const throttle = new LoginThrottle(redis, {
      maxFailuresPerEmail: 3,
      maxFailuresPerIp: 30,
      windowMs: 60_000,
    });
    const account = newAccount();
    expect(await throttle.attempt(newAddress(), account, rightPassword)).toBe(true);
    const check = wrongPassword();
    await Promise.allSettled(
      Array.from({ length: 10 }, () => throttle.attempt(newAddress(), account, check)),
    );
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('with an outage share, each instance allows its share of the limit: together no more than the shared count (ADR 139)', async () => {
    const limits = { maxFailuresPerEmail: 6, maxFailuresPerIp: 30, windowMs: 60_000 };
    // Two instances, each its own process's counters.
    const instances = [1, 2].map(() => new LoginThrottle(redis, limits, { outageShare: 2 }));
    const account = newAccount();
    const check = wrongPassword();
    for (const throttle of instances) {
      await Promise.allSettled(
        Array.from({ length: 10 }, () => throttle.attempt(newAddress(), account, check)),
      );
    }
    expect(check).toHaveBeenCalledTimes(6);
    // The right password is still checked on an instance whose share is not used up.
    const fresh = newAccount();
    expect(await instances[0]!.attempt(newAddress(), fresh, rightPassword)).toBe(true);
  });
});

describe('tooManyAttemptsMessage', () => {
  it('rounds up to whole minutes', () => {
    expect(tooManyAttemptsMessage(1).message).toBe('Too many sign-in attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(61).message).toBe('Too many sign-in attempts. Try again in 2 minutes.');
    expect(tooManyAttemptsMessage(900)).toEqual({
      messageId: 'api.tooManyAttempts',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
      values: { attempts: 'signIn', minutes: 15 },
    });
  });
});
