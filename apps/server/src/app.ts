import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { runFirstStart } from './bootstrap/first-start.ts';
import type { AppConfig } from './config.ts';
import { type DatabaseHandle, type Db, openDatabase } from './db/client.ts';
import { withEveryTransaction } from './db/every-transaction.ts';
import { withLostCommitsResolved } from './db/lost-commit.ts';
import { asSystem } from './db/scope.ts';
import { type Clock, SettableClock, systemClock } from './lib/clock.ts';
import { HeavyWork, heavyWorkLimits } from './lib/heavy-work.ts';
import { serializeLoggableError } from './lib/loggable-error.ts';
import { requestSerializer } from './lib/loggable-request.ts';
import apiDocs from './plugins/api-docs.ts';
import { dbScopePlugin } from './plugins/db-scope.ts';
import errors from './plugins/errors.ts';
import securityHeaders from './plugins/security-headers.ts';
import './lib/request-context.ts';
import { jobsPlugin } from './jobs/jobs-plugin.ts';
import { FEED_PATH } from './modules/calendar/service.ts';
import { remindersPlugin } from './modules/reminders/reminders-plugin.ts';
import { requestsPlugin } from './modules/requests/index.ts';
import { ssoPlugin } from './modules/sso/sso-plugin.ts';
import { uploadSweepPlugin } from './modules/uploads/sweep.ts';
import { webhooksPlugin } from './modules/webhooks/webhooks-plugin.ts';
import { routeAccessPlugin } from './plugins/access-scopes.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { diskSpacePlugin } from './plugins/disk-space.ts';
import { claimCommitted, claimIdempotencyKey, idempotencyPlugin } from './plugins/idempotency.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { readReplicaPlugin } from './plugins/read-replica.ts';
import { redisPlugin } from './plugins/redis.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';
import { registerRoutes } from './routes.ts';
import { createStorage } from './storage/create-storage.ts';
import type { FileStorage } from './storage/file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle database (PGlite or PostgreSQL), as `appDatabase` describes it. */
    db: Db;
    /** The checked settings. */
    config: AppConfig;
    /** The database handle (ping, close, kind). */
    database: DatabaseHandle;
    /** Where uploaded files live (local disk or S3). */
    storage: FileStorage;
    /** What time it is (ADR 052): settable with TEST_CLOCK, or when a test gives one. */
    clock: Clock;
    /** Turns for label PDFs, CSV exports, import uploads and checks (ADR 089). */
    heavyWork: HeavyWork;
  }
}

export interface BuildAppOptions {
  /** An open, migrated database; when absent one is opened from the config (and closed with the app). */
  database?: DatabaseHandle;
  /** false (tests), true, or pino options. Default: pino at config.logLevel. */
  logger?: boolean | object;
  /** Create the demo organization and administrator on an empty database (default true). */
  bootstrap?: boolean;
  /** Where the first-start credentials are printed (default: stdout). */
  print?: (text: string) => void;
  /** File storage; when absent it is made from the config. */
  storage?: FileStorage;
  /** Remove abandoned uploads on ready and every hour (default true). */
  sweepUploads?: boolean;
  /** The app's clock (tests); default the real time, or a settable clock with TEST_CLOCK. */
  clock?: Clock;
  /** Run the schedules' engine every minute (default true; tests run it themselves). */
  scheduleEngine?: boolean;
  /** From this many rows a finished import analyzes the tables it wrote (default IMPORT_ANALYZE_MIN_ROWS). */
  importAnalyzeMinRows?: number;
  /** With SMTP_URL, compose the daily digests every minute (default true; tests compose them themselves). */
  dailyDigest?: boolean;
}

/** JSON bodies; file uploads do not go through the JSON parser. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Paths whose rest is a secret, masked in the request log (ADR 084): a calendar feed's token. */
export const SECRET_URL_PATHS = [`${FEED_PATH}/`, '/public/requests/'];

/** Headers and bodies' secrets, should any log line carry them (the request serializer shows no header). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  'body.password',
  'req.body.password',
];

function loggerOptions(config: AppConfig, logger: BuildAppOptions['logger']): boolean | FastifyLoggerOptions {
  if (logger === false) return false;
  const base = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeLoggableError, req: requestSerializer(SECRET_URL_PATHS) },
  };
  if (logger === undefined || logger === true) return base;
  return { ...base, ...logger };
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes "trust the N nearest hops" (as Express does); Fastify
 * itself ignores numbers, since it cannot check that the nearest peer really is a proxy.
 */
export function fastifyTrustProxy(
  value: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/**
 * The handle routes, services and jobs query with. What happens to every query on it:
 * - organization scope: it sees the rows of the scope it runs in (the request's organization, set by
 *   the db-scope and auth plugins; `asSystem`/`asOrganization` elsewhere), by row-level security on
 *   PostgreSQL with an app role (db/scope.ts, db/scoped-pool.ts, ADR 066);
 * - idempotency claim: a transaction begun for a write that carries an Idempotency-Key first inserts
 *   the key, so it commits with the change (claimIdempotencyKey, plugins/idempotency.ts, ADR 101);
 * - prepared reads: the hot, key-led reads run as named prepared statements (db/prepared.ts, ADR 038);
 * - lost commits (PostgreSQL with a host list to follow): a transaction whose COMMIT's answer a
 *   failover took asks whether its idempotency key was stored, and goes on if it was (db/lost-commit.ts, ADR 132).
 */
function appDatabase(handle: DatabaseHandle): Db {
  const db = handle.followsPrimary ? withLostCommitsResolved(handle.db, claimCommitted) : handle.db;
  return withEveryTransaction(db, claimIdempotencyKey);
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: (req) => {
      const header = req.headers['x-request-id'];
      return typeof header === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(header) ? header : randomUUID();
    },
    forceCloseConnections: 'idle',
    // While it closes (SIGTERM: a rolling restart), a request that still reaches it is served, with
    // `Connection: close`, rather than refused with 503: the balancer sends the next ones elsewhere.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  let database = options.database;
  if (!database) {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      appDatabaseUrl: config.databaseAppUrl,
      pgliteDir: config.pgliteDir,
      onPoolError: (error) => app.log.warn({ err: error }, 'database connection lost (idle client)'),
      readUrl: config.databaseReadUrl,
      readMaxLagMillis: config.databaseReadMaxLagSeconds * 1000,
      queryDeadlineMillis: config.databaseQueryTimeoutSeconds * 1000,
      onReplicaChange: (state, detail) => {
        if (state === 'up') app.log.info(`read replica up: ${detail}`);
        else app.log.warn(`read replica ${state}, its reads go to the primary: ${detail}`);
      },
    });
  }
  const handle = database;
  app.addHook('onClose', async () => {
    if (ownsDatabase) await handle.close();
  });
  try {
    if (ownsDatabase) await handle.migrate();
    if (options.bootstrap ?? true) {
      // Before any organization exists: it looks across them all (ADR 066).
      await asSystem(() => runFirstStart(handle.db, config, { print: options.print, log: app.log }));
    }
  } catch (error) {
    if (ownsDatabase) await handle.close().catch(() => {});
    throw error;
  }

  app.decorate('config', config);
  app.decorate('database', handle);
  app.decorate('db', appDatabase(handle));
  app.decorate('clock', options.clock ?? (config.testClock ? new SettableClock() : systemClock));
  app.decorate('heavyWork', new HeavyWork(heavyWorkLimits(config)));
  const storage = options.storage ?? (await createStorage(config));
  app.decorate('storage', storage);
  app.addHook('onClose', async () => {
    if (!options.storage) storage.close?.();
  });
  // Callback hooks where nothing is awaited: an async hook costs every request a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    done(null, payload);
  });

  await app.register(errors);
  // First: every later hook and route runs in the request's database scope (ADR 066).
  await app.register(dbScopePlugin);
  // Before anything stores: changes are refused while the disk is nearly full (ADR 140).
  await app.register(diskSpacePlugin);
  await app.register(securityHeaders, { config });
  await app.register(cookie);
  // Before compression: it keeps answers as they are, not compressed.
  await app.register(idempotencyPlugin);
  // Before any route: these collect routes as they are added.
  await app.register(compressionPlugin);
  await app.register(routeAccessPlugin);
  await app.register(apiDocs, { config });
  await app.register(xsrfPlugin);
  await app.register(redisPlugin);
  await app.register(authPlugin);
  if (options.sweepUploads ?? true) await app.register(uploadSweepPlugin);
  await app.register(jobsPlugin, {
    scheduleEngine: options.scheduleEngine ?? true,
    ...(options.importAnalyzeMinRows !== undefined
      ? { importAnalyzeMinRows: options.importAnalyzeMinRows }
      : {}),
  });
  await app.register(remindersPlugin, { compose: options.dailyDigest ?? true });
  // After the reminders: changes to the sign-in settings are emailed through their outbox (ADR 082).
  await app.register(ssoPlugin);
  await app.register(webhooksPlugin);
  // After the jobs and Redis: the requests' limits, challenges and emails (ADR 129).
  await app.register(requestsPlugin);
  // Before the routes: readDb, and the write positions of read-your-own-writes (ADR 141).
  await app.register(readReplicaPlugin);
  // Before the routes: it times every one of them.
  await app.register(metricsPlugin);
  await registerRoutes(app, config);
  return app;
}
