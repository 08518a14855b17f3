import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A store for @fastify/rate-limit (its public `store` option) that counts in Redis, shared by every
 * instance, and in this process while Redis cannot be reached (ADR 139): rate-limiter-flexible's
 * `RateLimiterRedis` with a `RateLimiterMemory` of the same limit as its insurance. The public pages
 * stay open per instance: a request is never refused because Redis is down, and each instance still
 * refuses an address past the whole limit on its own. The plugin's own Redis store, with
 * `skipOnError`, stopped counting altogether while Redis was away.
 */
export async function sharedRateLimitStore(
  redis: Redis,
  nameSpace: string,
): Promise<FastifyRateLimitStoreCtor> {
  const { RateLimiterMemory, RateLimiterRedis, RateLimiterRes: Res } = await import('rate-limiter-flexible');

  class SharedStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    /** A limiter per window and limit (the plugin passes them with every call; here they never change). */
    private readonly limiters = new Map<string, RateLimiterAbstract>();

    constructor(_options?: unknown, prefix = nameSpace) {
      this.prefix = prefix;
    }

    private limiter(timeWindowMs: number, max: number): RateLimiterAbstract {
      const id = `${timeWindowMs}:${max}`;
      let limiter = this.limiters.get(id);
      if (!limiter) {
        const options = {
          points: max,
          duration: Math.max(1, Math.ceil(timeWindowMs / 1000)),
          keyPrefix: this.prefix,
        };
        limiter = new RateLimiterRedis({
          ...options,
          storeClient: redis,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(options),
        });
        this.limiters.set(id, limiter);
      }
      return limiter;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      const answer = (res: RateLimiterRes) =>
        callback(null, { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) });
      this.limiter(timeWindow, max)
        .consume(key)
        .then(answer, (error: unknown) => {
          // Past the limit the library rejects with its answer: the plugin refuses on `current`.
          if (error instanceof Res) answer(error);
          else callback(error instanceof Error ? error : new Error(String(error)));
        });
    }

    /** A route with a limit of its own counts apart (the plugin passes the route as `routeInfo`). */
    child(options: ChildOptions): SharedStore {
      const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? options;
      return new SharedStore(
        undefined,
        `${this.prefix}:${String(route.method ?? '')}${String(route.url ?? '')}-`,
      );
    }
  }
  return SharedStore;
}
