import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { jobs } from '#server/db/schema.ts';
import { asSystem } from '../db/scope.ts';

/** A job's handler: its data in, done when it resolves; a throw runs it again later, unless this run is the last. */
export type JobHandler = (data: Record<string, string>, run: { last: boolean }) => Promise<void>;

/** How a queue's jobs run. */
export interface QueueSettings {
  /** Runs after the first one before the job fails for good. */
  retryLimit: number;
  /** A running job's lock, renewed while it runs: past it (its instance stopped) another instance runs it again. */
  lockSeconds: number;
}

/** How often a repeating queue's one job runs. */
export interface RepeatSettings {
  everyMs: number;
  lockSeconds: number;
}

/** The id of a repeating queue's one job: the same on every instance, so the database holds one. */
const REPEATING_JOB_NAMESPACE = '6f1d3c52-2b8e-4c1e-9a57-0d5c1f0e7a21';
export const repeatingJobId = (queue: string) => uuidv5(queue, REPEATING_JOB_NAMESPACE);

export interface JobRunnerOptions {
  /** How often an idle runner looks for work. */
  pollMs?: number;
  /** The first retry's delay; each next one doubles it. */
  retryDelayMs?: number;
}

interface ClaimedJob {
  id: string;
  queue: string;
  data: Record<string, string>;
  attempts: number;
}

/** Done and failed jobs are kept this long, then deleted. */
const KEEP_FINISHED_DAYS = 7;
const CLEANUP_EVERY_POLLS = 600;

/**
 * Background work on the database (ADR 044): jobs are rows of `jobs`, queued in the transaction of
 * the change that asks for them (no job without its change, no change without its job), claimed
 * with `FOR UPDATE SKIP LOCKED` so that with several instances each job runs once at a time, kept
 * by a lock its runner renews while it works, and run again (up to retryLimit, with a doubling
 * delay) when it throws or its instance stops. Handlers pick up where their data's rows say the
 * work stands, so a second run goes on rather than repeats.
 */
export class JobRunner {
  private readonly queues = new Map<
    string,
    { settings: QueueSettings; handler: JobHandler; everyMs?: number }
  >();
  private readonly pollMs: number;
  private readonly retryDelayMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private polls = 0;
  private repeatingMade = false;

  private readonly db: Db;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, log: FastifyBaseLogger, options: JobRunnerOptions = {}) {
    this.db = db;
    this.log = log;
    this.pollMs = options.pollMs ?? 1000;
    this.retryDelayMs = options.retryDelayMs ?? 5000;
  }

  /** Declares a queue and its handler. */
  define(queue: string, settings: QueueSettings, handler: JobHandler): void {
    this.queues.set(queue, { settings, handler });
  }

  /**
   * Declares a repeating queue (ADR 052): one job in the whole database (its id is the queue's),
   * claimed like any other, so with several instances one of them runs it at a time; once done, or
   * failed, it waits `everyMs` and runs again. Made when the runner starts, if no instance made it yet.
   */
  repeat(queue: string, settings: RepeatSettings, handler: () => Promise<void>): void {
    this.queues.set(queue, {
      settings: { retryLimit: 0, lockSeconds: settings.lockSeconds },
      handler,
      everyMs: settings.everyMs,
    });
  }

  /**
   * Jobs waiting and running, per queue of this runner, in the whole database (metrics). Reads the
   * index of waiting jobs (jobs_waiting_idx) only: finished jobs are not counted.
   */
  async depths(): Promise<{ queue: string; state: 'queued' | 'running'; count: number }[]> {
    const names = [...this.queues.keys()];
    if (names.length === 0) return [];
    const result = (await this.db.execute(sql`
      select queue, state, count(*)::int as count from ${jobs}
      where queue in ${names} and state in ('queued', 'running')
      group by queue, state`)) as unknown as {
      rows: { queue: string; state: 'queued' | 'running'; count: number }[];
    };
    const found = new Map(result.rows.map((row) => [`${row.queue} ${row.state}`, row.count]));
    return names.flatMap((queue) =>
      (['queued', 'running'] as const).map((state) => ({
        queue,
        state,
        count: found.get(`${queue} ${state}`) ?? 0,
      })),
    );
  }

  /**
   * Queues a job, inside `tx` when given: it exists only if that transaction commits. `runAfter`
   * delays it (a delivery's own retry schedule, ADR 064).
   */
  async send(
    queue: string,
    data: Record<string, string>,
    tx: DbOrTx = this.db,
    runAfter?: Date,
  ): Promise<void> {
    if (!this.queues.has(queue)) throw new Error(`No queue named ${queue}.`);
    await tx.insert(jobs).values({ queue, data, ...(runAfter ? { runAfter } : {}) });
    // Looks soon rather than at the next poll (after the caller's transaction has committed).
    this.schedule(50);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Makes each repeating queue's one job, unless an instance made it already (once per runner). */
  private async ensureRepeatingJobs(): Promise<void> {
    if (this.repeatingMade) return;
    for (const [queue, { everyMs }] of this.queues) {
      if (everyMs === undefined) continue;
      await this.db
        .insert(jobs)
        .values({ id: repeatingJobId(queue), queue, data: {} })
        .onConflictDoNothing({ target: jobs.id });
    }
    this.repeatingMade = true;
  }

  /** Stops looking for work and waits for the job in hand (its lock lets another instance take it over otherwise). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      // Jobs of every organization, whichever request's send() scheduled this look (ADR 066).
      this.running = asSystem(() => this.work()).finally(() => {
        this.running = undefined;
        // Looks again after pollMs: only now, once `running` is cleared, can it be scheduled.
        this.schedule(this.pollMs);
      });
    }, delayMs);
    // An idle runner does not keep the process alive.
    this.timer.unref();
  }

  /** Runs jobs while there are some, then looks again after pollMs. */
  private async work(): Promise<void> {
    try {
      await this.ensureRepeatingJobs();
      while (!this.stopped && (await this.runNext())) {
        // The next one at once.
      }
      if (++this.polls % CLEANUP_EVERY_POLLS === 0) await this.deleteFinished();
    } catch (error) {
      this.log.error({ err: error }, 'background jobs: could not reach the database');
    }
  }

  /** Claims one due job and runs it; false when none was waiting. */
  private async runNext(): Promise<boolean> {
    const names = [...this.queues.keys()];
    const lockSeconds = Math.max(...[...this.queues.values()].map((q) => q.settings.lockSeconds));
    const claimed = (await this.db.execute(sql`
      update ${jobs} set state = 'running', attempts = attempts + 1, updated_at = now(),
        locked_until = now() + make_interval(secs => ${lockSeconds})
      where id = (
        select id from ${jobs}
        where queue in ${names} and state in ('queued', 'running')
          and ((state = 'queued' and run_after <= now()) or (state = 'running' and locked_until < now()))
        order by run_after, id
        limit 1
        for update skip locked)
      returning id, queue, data, attempts`)) as unknown as { rows: ClaimedJob[] };
    const job = claimed.rows[0];
    if (!job) return false;
    const queue = this.queues.get(job.queue);
    if (!queue) return true;
    const heartbeat = setInterval(
      () => void this.renewLock(job.id, queue.settings.lockSeconds),
      (queue.settings.lockSeconds * 1000) / 3,
    );
    try {
      await queue.handler(job.data, { last: job.attempts > queue.settings.retryLimit });
      if (queue.everyMs === undefined) await this.finish(job.id, 'done', null);
      else await this.again(job.id, queue.everyMs, null);
    } catch (error) {
      this.log.error({ err: error, job: job.id, queue: job.queue }, 'background job failed');
      if (queue.everyMs === undefined) await this.failed(job, queue.settings, error);
      else await this.again(job.id, queue.everyMs, error instanceof Error ? error.message : String(error));
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  private async renewLock(id: string, lockSeconds: number): Promise<void> {
    await this.db
      .update(jobs)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})` })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
      .catch((error: unknown) => this.log.warn({ err: error, job: id }, 'background job: lock not renewed'));
  }

  private async finish(id: string, state: 'done' | 'failed', lastError: string | null): Promise<void> {
    await this.db
      .update(jobs)
      .set({ state, lastError, lockedUntil: null, updatedAt: new Date() })
      .where(eq(jobs.id, id));
  }

  /** A repeating job back in its queue, due again in `everyMs`. */
  private async again(id: string, everyMs: number, lastError: string | null): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        state: 'queued',
        attempts: 0,
        lastError,
        lockedUntil: null,
        runAfter: sql`now() + make_interval(secs => ${everyMs / 1000})`,
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, id));
  }

  private async failed(job: { id: string; attempts: number }, settings: QueueSettings, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    if (job.attempts > settings.retryLimit) return this.finish(job.id, 'failed', message);
    const delayMs = this.retryDelayMs * 2 ** (job.attempts - 1);
    await this.db
      .update(jobs)
      .set({
        state: 'queued',
        lastError: message,
        lockedUntil: null,
        runAfter: new Date(Date.now() + delayMs),
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, job.id));
  }

  private async deleteFinished(): Promise<void> {
    await this.db.execute(
      sql`delete from ${jobs} where state in ('done', 'failed') and updated_at < now() - make_interval(days => ${KEEP_FINISHED_DAYS})`,
    );
  }
}
