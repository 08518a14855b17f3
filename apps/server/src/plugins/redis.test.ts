import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { shouldRunRedisTests, TEST_REDIS_URL } from '../test/redis.ts';

const runRedisTests = await shouldRunRedisTests();

describe('the Redis connection', () => {
  it('is not made without REDIS_URL', async () => {
    const t = await buildTestApp();
    try {
      expect(t.app.redis).toBeNull();
    } finally {
      await t.close();
    }
  });

  it.runIf(runRedisTests)('is open once the app is ready, and closed with the app', async () => {
    const t = await buildTestApp({ redisUrl: TEST_REDIS_URL });
    const redis = t.app.redis;
    try {
      expect(redis?.status).toBe('ready');
      expect(await redis?.ping()).toBe('PONG');
    } finally {
      await t.close();
    }
    expect(redis?.status).toBe('end');
  });

  it('lets the app start while Redis is unreachable', async () => {
    const t = await buildTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    try {
      expect(t.app.redis?.status).not.toBe('ready');
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
