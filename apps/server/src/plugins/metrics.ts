import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';
import { PGLITE_CONNECTIONS } from '../db/pglite-thread.ts';
import { notFound, unauthorized } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry; null unless METRICS_TOKEN is set (ADR 062). */
    metrics: Registry | null;
  }
}

/** Request durations, in seconds: from a cached read (a few ms) to a label sheet or an export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** The route label of a request no route matched (a 404): never its raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** prom-client's by-type gauges of Node's active handles, requests and resources (its defaults). */
const ACTIVE_GAUGES = ['nodejs_active_handles', 'nodejs_active_requests', 'nodejs_active_resources'];

/**
 * prom-client's defaults add the sum of each by-type gauge above as a gauge named `…_total`, which
 * `promtool check metrics` refuses: Prometheus keeps `_total` for counters. Each sum is exposed as
 * `…_all` instead (ADR 086), read from the by-type gauge; `sum without (type) (…)` gives the same.
 */
function renameActiveTotals(prom: typeof import('prom-client'), registry: Registry): void {
  for (const name of ACTIVE_GAUGES) {
    const byType = registry.getSingleMetric(name);
    if (!byType || !registry.getSingleMetric(`${name}_total`)) continue;
    registry.removeSingleMetric(`${name}_total`);
    new prom.Gauge({
      name: `${name}_all`,
      help: `The ${name} of every type, added up.`,
      registers: [registry],
      async collect() {
        const { values } = await byType.get();
        this.set(values.reduce((sum, sample) => sum + sample.value, 0));
      },
    });
  }
}

/**
 * Prometheus metrics (ADR 062), only with METRICS_TOKEN: without it prom-client is never loaded (the
 * idle server's memory, ADR 033) and /metrics answers 404. Collected: request durations by method,
 * route pattern and status; the database pool (open, idle, waiting, max); the job runner's queues
 * (queued and running jobs, in the whole database); with a read replica (ADR 141) its state, lag and
 * where the reads sent to it were answered; Node's defaults (event-loop lag and its
 * percentiles, memory, garbage collection, CPU). Register before any route: its hook times them all.
 */
async function metrics(app: FastifyInstance): Promise<void> {
  if (!app.config.metricsToken) {
    app.decorate('metrics', null);
    return;
  }
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  renameActiveTotals(prom, registry);

  const duration = new prom.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const database = app.database;
  new prom.Gauge({
    name: 'db_pool_connections',
    help: `Database pool: connections open (total), idle, queries waiting for one, and the most it opens (max). The embedded database has ${PGLITE_CONNECTIONS}: it is one session.`,
    labelNames: ['state', 'database'],
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) {
        this.set({ state, database: database.kind }, stats[state]);
      }
    },
  });

  const replica = database.replica;
  if (replica) {
    // The read replica (ADR 141): its state and lag as the health check last found them, and where
    // the reads sent through its handle were answered.
    new prom.Gauge({
      name: 'db_replica_state',
      help: 'The read replica as its health check last found it: 1 for its state (up, behind, down), 0 for the others.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        for (const state of ['up', 'behind', 'down'] as const)
          this.set({ state }, replica.health.state === state ? 1 : 0);
      },
    });
    new prom.Gauge({
      name: 'db_replica_lag_seconds',
      help: "How far behind the primary the read replica's data was at its last check (an estimate on the safe side).",
      registers: [registry],
      collect() {
        if (replica.health.lagMillis !== null) this.set(replica.health.lagMillis / 1000);
      },
    });
    new prom.Counter({
      name: 'db_replica_reads_total',
      help: "Queries sent through the read replica's handle, by where they were answered: replica; primary_unusable (the replica was down or behind); primary_after_failure (failed on the replica, then answered by the primary).",
      labelNames: ['answered_by'],
      registers: [registry],
      collect() {
        const counts = replica.counts;
        this.reset();
        this.inc({ answered_by: 'replica' }, counts.replica);
        this.inc({ answered_by: 'primary_unusable' }, counts.primaryWhileReplicaUnusable);
        this.inc({ answered_by: 'primary_after_failure' }, counts.primaryAfterReplicaFailed);
      },
    });
    new prom.Counter({
      name: 'db_read_routes_total',
      help: 'Requests whose heavy reads were sent to the replica (replica) or to the primary, by why: replica-down, replica-behind, own-write (the user or browser wrote what the replica has not replayed yet).',
      labelNames: ['reason'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [reason, count] of Object.entries(app.readRoutes ?? {})) this.inc({ reason }, count);
      },
    });
  }

  new prom.Gauge({
    name: 'jobs_queue_depth',
    help: 'Background jobs queued (waiting or due) and running, per queue, in the whole database (the same on every instance).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      for (const depth of await app.jobs.depths()) {
        this.set({ queue: depth.queue, state: depth.state }, depth.count);
      }
    },
  });

  app.decorate('metrics', registry);
}

export const metricsPlugin = fp(metrics, { name: 'mqr-metrics', dependencies: ['mqr-jobs'] });

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
function hasMetricsToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/** GET /metrics, the Prometheus text format (register in the public scope: its token is its authority). */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/metrics',
    { schema: { hide: true }, logLevel: 'warn' },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const token = app.config.metricsToken;
      if (!app.metrics || !token) throw notFound('Page');
      if (!hasMetricsToken(request, token)) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw unauthorized();
      }
      const text = await app.metrics.metrics();
      return reply.type(app.metrics.contentType).send(text);
    },
  );
}
