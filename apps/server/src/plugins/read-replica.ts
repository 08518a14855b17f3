import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { formatLsn, type Lsn, laterLsn, parseLsn, type ReadReason, routeRead } from '../db/read-routing.ts';
import { PRIMARY_POSITION_QUERY } from '../db/replica-health.ts';
import { WritePositions } from '../db/write-positions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The handle for a route's heavy reads (ADR 141): the read replica's when DATABASE_READ_URL is set,
     * the replica is up and within its lag, and the request's user or browser wrote nothing it has not
     * replayed yet; `app.db` otherwise. Only for routes that write nothing.
     */
    readDb(request: FastifyRequest): Db;
    /** How many requests readDb sent where, by reason; null without a replica. */
    readRoutes: Record<ReadReason, number> | null;
  }
  interface FastifyContextConfig {
    /** A POST that writes nothing (a label sheet, an export of a selection): it leaves no write position. */
    writesNothing?: boolean;
  }
}

/**
 * The cookie with the primary's WAL position after the browser's last write (ADR 141): sent back to
 * whichever instance answers next, it makes that instance read from the primary until the replica
 * has replayed that position.
 */
export const WROTE_COOKIE = 'mqr-wrote';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How long a write position is kept (cookie and memory): the accepted lag and a margin of checks. */
export const keepWritePositionSeconds = (maxLagSeconds: number) => maxLagSeconds + 30;

/** The position a request must find replayed before its reads may go to the replica. */
function requiredPosition(request: FastifyRequest, positions: WritePositions, now: number): Lsn | undefined {
  const fromCookie = parseLsn(request.cookies?.[WROTE_COOKIE]);
  const fromMemory = request.user ? positions.of(request.user.id, now) : undefined;
  return laterLsn(fromCookie, fromMemory);
}

/**
 * Routes the heavy reads to the read replica (ADR 141) and keeps read-your-own-writes: after a
 * request that may have written (any method but GET, HEAD and OPTIONS, answered below 400), the
 * primary's WAL position is read and kept, in a cookie for the browser and in memory for the user;
 * their later reads go to the primary until the replica has replayed it. Without a replica, readDb is
 * app.db and nothing is recorded.
 */
async function readReplica(app: FastifyInstance): Promise<void> {
  const replica = app.database.replica;
  if (!replica) {
    app.decorate('readDb', () => app.db);
    app.decorate('readRoutes', null);
    return;
  }
  const keepSeconds = keepWritePositionSeconds(app.config.databaseReadMaxLagSeconds);
  const positions = new WritePositions(keepSeconds * 1000);
  const routes: Record<ReadReason, number> = {
    replica: 0,
    'replica-down': 0,
    'replica-behind': 0,
    'own-write': 0,
  };
  const secure = app.config.publicBaseUrl.startsWith('https:');

  app.decorate('readRoutes', routes);
  app.decorate('readDb', (request: FastifyRequest) => {
    const route = routeRead(replica.health.view(), requiredPosition(request, positions, Date.now()));
    routes[route.reason]++;
    return route.pool === 'replica' ? replica.db : app.db;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
    if (request.routeOptions.config?.writesNothing) return payload;
    let lsn: Lsn | undefined;
    try {
      const result = (await app.database.db.execute(sql.raw(PRIMARY_POSITION_QUERY))) as unknown as {
        rows: { lsn: string }[];
      };
      lsn = parseLsn(result.rows[0]?.lsn);
    } catch (error) {
      // The primary went away after the write: the replica's own state decides the next reads.
      request.log.warn({ err: error }, 'the write position could not be read (read replica)');
    }
    if (lsn === undefined) return payload;
    if (request.user) positions.remember(request.user.id, lsn, Date.now());
    // The later of this write and the one the browser sent (another tab's, answered by another instance).
    const later = laterLsn(lsn, parseLsn(request.cookies?.[WROTE_COOKIE]))!;
    reply.setCookie(WROTE_COOKIE, formatLsn(later), {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure,
      maxAge: keepSeconds,
    });
    return payload;
  });
}

export const readReplicaPlugin = fp(readReplica, { name: 'mqr-read-replica' });
