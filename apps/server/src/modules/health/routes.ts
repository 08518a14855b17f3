import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.literal('ok') });
const ZReady = z.object({ status: z.enum(['ready', 'unavailable']) });

/** Liveness (`/healthz`, never touches the database) and readiness (`/readyz`, pings it). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { hide: true, response: { 200: ZHealth } }, logLevel: 'warn' }, async () => ({
    status: 'ok' as const,
  }));
  r.get(
    '/readyz',
    { schema: { hide: true, response: { 200: ZReady, 503: ZReady } }, logLevel: 'warn' },
    async (request, reply) => {
      try {
        await withTimeout(app.database.ping(), 3000);
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Database ping timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
