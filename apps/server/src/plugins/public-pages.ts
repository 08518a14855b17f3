import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import { API_MESSAGES } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { sharedRateLimitStore } from './shared-rate-limit-store.ts';

export const PUBLIC_RATE_LIMIT_MESSAGE = API_MESSAGES.publicRateLimit;

/**
 * What every page a QR code opens shares (ADR 029), for the routes registered after it in the same
 * scope: a per-address rate limit that a crowd scanning one code never reaches but a scraper does
 * (counted in Redis when it is configured, so every instance shares it; while Redis cannot be reached,
 * each instance counts on its own with the whole limit: open per instance, ADR 139), and weak ETags,
 * so a repeat scan whose page did not change is a 304.
 */
export async function publicPageGuards(scope: FastifyInstance): Promise<void> {
  await scope.register(rateLimit, {
    max: scope.config.publicRateLimitPerMinute,
    timeWindow: 60_000,
    ...(scope.redis ? { store: await sharedRateLimitStore(scope.redis, 'mqr:public') } : {}),
    // A store that fails all the same lets the request through rather than fail it.
    skipOnError: true,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', PUBLIC_RATE_LIMIT_MESSAGE, {
        retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
  await scope.register(etag, { weak: true });
}
