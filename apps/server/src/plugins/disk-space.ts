import { API_MESSAGES } from '@mqr/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { DiskSpaceWatch } from '../lib/disk-space.ts';
import { DISK_FULL_RETRY_AFTER_SECONDS } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The free space of DATA_DIR's disk, when it holds the embedded database or the files (ADR 140). */
    diskSpace: DiskSpaceWatch | null;
  }
}

/** Methods that change nothing: answered while the disk is full. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes that store nothing, answered all the same: signing in only reads (ADR 140). */
const STORES_NOTHING = new Set(['/api/auth/login']);

/**
 * Refuses changes with 507 and a message while the disk of DATA_DIR has less than DISK_FREE_MIN_MB
 * free, when DATA_DIR holds the embedded database or the uploaded files (ADR 140): reading goes on,
 * and the database never meets a full disk in the middle of writing its log. A change that meets a
 * full disk all the same (space taken by something else between two reads) answers 507 too
 * (plugins/errors.ts), and the space is read again at once.
 */
async function diskSpace(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const holdsData = app.database.kind === 'pglite' || app.storage.kind === 'local';
  if (!holdsData || config.diskFreeMinMb === 0) {
    app.decorate('diskSpace', null);
    return;
  }
  const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));
  const watch = new DiskSpaceWatch(config.dataDir, config.diskFreeMinMb * 1024 * 1024, {
    low: (free) =>
      app.log.error(
        { freeMb: megabytes(free), minFreeMb: config.diskFreeMinMb, dataDir: config.dataDir },
        'disk nearly full: changes are refused until space is freed',
      ),
    recovered: (free) =>
      app.log.warn({ freeMb: megabytes(free), dataDir: config.dataDir }, 'disk space back: changes accepted'),
    failed: (error) =>
      app.log.warn({ err: error, dataDir: config.dataDir }, 'could not read the free disk space'),
  });
  await watch.start();
  app.decorate('diskSpace', watch);
  app.addHook('onClose', async () => watch.stop());
  app.addHook('onRequest', (request, _reply, done) => {
    if (!watch.low || READS.has(request.method) || STORES_NOTHING.has(request.url.split('?')[0]!)) {
      done();
      return;
    }
    done(
      new AppError('INSUFFICIENT_STORAGE', API_MESSAGES.diskFull, {
        retryAfterSeconds: DISK_FULL_RETRY_AFTER_SECONDS,
      }),
    );
  });
  app.addHook('onResponse', (_request, reply, done) => {
    if (reply.statusCode === 507) void watch.read();
    done();
  });
}

export const diskSpacePlugin = fp(diskSpace, { name: 'mqr-disk-space', dependencies: ['mqr-errors'] });
