import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection to config.redisUrl, for state shared between instances; null without REDIS_URL. */
    redis: Redis | null;
  }
}

/**
 * The app's one Redis connection, when REDIS_URL is set: connected when the app is ready, closed with
 * it. It fails fast while Redis is down (no offline queue, short timeouts), so its users go on
 * without the shared state rather than wait; ioredis keeps reconnecting in the background. ioredis
 * itself loads only when REDIS_URL is set (ADR 033).
 */
async function redisConnection(app: FastifyInstance): Promise<void> {
  const url = app.config.redisUrl;
  if (!url) {
    app.decorate('redis', null);
    return;
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'Redis connection error'));
  app.addHook('onReady', async () => {
    await redis.connect().catch((error: unknown) => {
      app.log.error({ err: error }, 'Redis unreachable; retrying in the background');
    });
  });
  app.addHook('onClose', async () => {
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  });
  app.decorate('redis', redis);
}

export const redisPlugin = fp(redisConnection, { name: 'mqr-redis' });
