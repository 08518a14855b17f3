import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defineIdempotencyJobs } from '#server/modules/idempotency/jobs.ts';
import { defineImportJobs, IMPORT_ANALYZE_MIN_ROWS } from '#server/modules/imports/jobs.ts';
import { defineScheduleJobs } from '#server/modules/schedules/jobs.ts';
import { defineEmbeddedUpkeep } from './embedded-upkeep.ts';
import { JobRunner } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs on the database (ADR 044). */
    jobs: JobRunner;
  }
}

export interface JobsPluginOptions {
  /** The schedules' engine, every minute (default true; tests run it themselves). */
  scheduleEngine?: boolean;
  /** From this many rows a finished import analyzes the tables it wrote (default IMPORT_ANALYZE_MIN_ROWS). */
  importAnalyzeMinRows?: number;
}

/** The job runner with every queue of the app: started when the app is ready, stopped before it closes. */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsPluginOptions) => {
    const jobs = new JobRunner(app.db, app.log, { retryDelayMs: app.config.jobsFirstRetrySeconds * 1000 });
    defineImportJobs(jobs, app.db, app.heavyWork, app.clock, {
      ownerDb: app.database.ownerDb,
      minRows: options.importAnalyzeMinRows ?? IMPORT_ANALYZE_MIN_ROWS,
    });
    if (options.scheduleEngine ?? true) defineScheduleJobs(jobs, app.db, app.clock, app.log);
    defineIdempotencyJobs(jobs, app.db);
    // PostgreSQL's autovacuum does this for a server; the embedded database has no such process.
    if (app.database.kind === 'pglite') defineEmbeddedUpkeep(jobs, app.db, app.log);
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => jobs.start());
    // onClose: once the server has stopped listening and answered its requests in flight, so a
    // long job never keeps a stopping instance in the balancer (ADR 069); before the database's
    // onClose (hooks run last-registered first): the job in hand finishes (or is left to its lock).
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'mqr-jobs' },
);
