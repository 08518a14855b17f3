import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { jobs } from '#server/db/schema.ts';
import { asSystem } from '../db/scope.ts';
import { type ClaimedJob, claimJob } from './claim.ts';

/** What a handler knows of the attempt it runs. */
export interface JobAttempt {
  /** This attempt is the job's last: a throw now fails it for good. */
  last: boolean;
  /** Aborted when the attempt reaches its queue's time limit: stop then (the attempt has failed). */
  signal: AbortSignal;
}

/** A job's handler: its data in, done when it resolves; a throw runs it again later, unless this attempt is the last. */
export type JobHandler = (data: Record<string, string>, attempt: JobAttempt) => Promise<void>;

/** How a queue's jobs run. */
export interface QueueSettings {
  /** Attempts after the first one before the job fails for good. */
  retryLimit: number;
  /** A running job's lock, renewed while it runs: past it (its instance stopped) another instance runs it again. */
  lockSeconds: number;
  /** How long one attempt may run: then its signal aborts, it counts as failed, and its slot is free again. */
  timeoutSeconds: number;
  /** Jobs of this queue one instance runs at once (default 1). */
  concurrency?: number;
  /**
   * Of those slots, how many one organization's jobs may hold on one instance, so that the others
   * always find one free (default: half of them, at least one).
   */
  perOrganization?: number;
}

/** How often a repeating queue's one job runs, and how long one run may take. */
export interface RepeatSettings {
  everyMs: number;
  lockSeconds: number;
  timeoutSeconds: number;
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

/** What `send` takes besides the queue and the data. */
export interface SendOptions {
  /** The transaction of the change that asks for the job: the job exists only if it commits. */
  tx?: DbOrTx;
  /** Whose work it is: claims take turns between organizations (ADR 087). */
  organizationId?: string;
  /** Not before then (a delivery's own retry schedule, ADR 064). */
  runAfter?: Date;
}

/** The reason an attempt's signal aborts at its queue's time limit. */
export class AttemptTimeoutError extends Error {
  constructor(seconds: number) {
    super(`The attempt did not end within its time limit (${seconds} s).`);
    this.name = 'AttemptTimeoutError';
  }
}

interface Queue {
  name: string;
  settings: Required<QueueSettings>;
  handler: JobHandler;
  everyMs?: number;
  /** This instance's jobs of the queue in hand, by id: their organization. */
  running: Map<string, string | null>;
  /** The organization whose job this instance took last: the next turn is the one after it. */
  turn: string | null;
}

/** Done and failed jobs are kept this long, then deleted. */
const KEEP_FINISHED_DAYS = 7;
const CLEANUP_EVERY_LOOKS = 600;

/**
 * Background work on the database (ADR 044, 087): jobs are rows of `jobs`, queued in the transaction
 * of the change that asks for them (no job without its change, no change without its job), claimed
 * with `FOR UPDATE SKIP LOCKED` so that with several instances each job runs once at a time, kept by
 * a lock its runner renews while it works, and run again (up to retryLimit, with a doubling delay)
 * when it throws, passes its time limit or its instance stops. Each queue has its own slots on each
 * instance, an organization holds at most its share of them, and claims take turns between the
 * organizations with work waiting: one organization's slow jobs never hold up another's. Handlers
 * pick up where their data's rows say the work stands, so a second run goes on rather than repeats.
 */
export class JobRunner {
  private readonly queues = new Map<string, Queue>();
  private readonly pollMs: number;
  private readonly retryDelayMs: number;
  /** The next look's timer, and when it fires. */
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  /** The look under way, and whether something asked for another meanwhile. */
  private looking: Promise<void> | undefined;
  private lookAgain = false;
  /** Every attempt in hand, until its handler has returned or its time limit passed. */
  private readonly inHand = new Set<Promise<void>>();
  private stopped = true;
  private looks = 0;
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
    this.add(queue, settings, handler);
  }

  /**
   * Declares a repeating queue (ADR 052): one job in the whole database (its id is the queue's),
   * claimed like any other, so with several instances one of them runs it at a time; once done, or
   * failed, it waits `everyMs` and runs again. Made when the runner starts, if no instance made it yet.
   */
  repeat(queue: string, settings: RepeatSettings, handler: (attempt: JobAttempt) => Promise<void>): void {
    const { everyMs, ...rest } = settings;
    this.add(queue, { ...rest, retryLimit: 0 }, (_data, attempt) => handler(attempt), everyMs);
  }

  private add(name: string, settings: QueueSettings, handler: JobHandler, everyMs?: number): void {
    const concurrency = settings.concurrency ?? 1;
    const perOrganization = settings.perOrganization ?? Math.max(1, Math.floor(concurrency / 2));
    this.queues.set(name, {
      name,
      settings: { ...settings, concurrency, perOrganization },
      handler,
      ...(everyMs === undefined ? {} : { everyMs }),
      running: new Map(),
      turn: null,
    });
  }

  /**
   * Jobs waiting and running, per queue of this runner, in the whole database (metrics). Reads the
   * indexes of queued and running jobs only: finished jobs are not counted.
   */
  async depths(): Promise<{ queue: string; state: 'queued' | 'running'; count: number }[]> {
    const names = [...this.queues.keys()];
    if (names.length === 0) return [];
    // Every organization's jobs (ADR 066), whoever asks.
    const result = (await asSystem(() =>
      this.db.execute(sql`
        select queue, state, count(*)::int as count from ${jobs}
        where queue in ${names} and state in ('queued', 'running')
        group by queue, state`),
    )) as unknown as { rows: { queue: string; state: 'queued' | 'running'; count: number }[] };
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
   * Queues a job, inside `options.tx` when given (in that transaction's organization scope, so a
   * request queues its own organization's jobs only); without one, as the system.
   */
  async send(queue: string, data: Record<string, string>, options: SendOptions = {}): Promise<void> {
    if (!this.queues.has(queue)) throw new Error(`No queue named ${queue}.`);
    const row = {
      queue,
      data,
      organizationId: options.organizationId ?? null,
      ...(options.runAfter ? { runAfter: options.runAfter } : {}),
    };
    const { tx } = options;
    if (tx) await tx.insert(jobs).values(row);
    else await asSystem(() => this.db.insert(jobs).values(row));
    // Looks soon rather than at the next poll (after the caller's transaction has committed).
    this.wake(50);
  }

  start(): void {
    this.stopped = false;
    this.wake(0);
  }

  /**
   * Stops looking for work and waits for the jobs in hand (their locks let another instance take them
   * over otherwise). An attempt past its time limit is not waited for: it has been counted as failed.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timerAt = Number.POSITIVE_INFINITY;
    await this.looking;
    await Promise.all(this.inHand);
  }

  /** Looks for work in `delayMs`, unless a look is due sooner; during a look, once it ends. */
  private wake(delayMs: number): void {
    if (this.stopped) return;
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    const at = Date.now() + delayMs;
    if (at >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timerAt = Number.POSITIVE_INFINITY;
      // Jobs of every organization, whichever request's send() woke it (ADR 066).
      this.looking = asSystem(() => this.look()).finally(() => {
        this.looking = undefined;
        const again = this.lookAgain;
        this.lookAgain = false;
        this.wake(again ? 0 : this.pollMs);
      });
    }, delayMs);
    // An idle runner does not keep the process alive.
    this.timer.unref();
  }

  /** Claims due jobs while a queue has a free slot and there are some, and starts each. */
  private async look(): Promise<void> {
    try {
      await this.ensureRepeatingJobs();
      while (!this.stopped) {
        const open = [...this.queues.values()].filter((q) => q.running.size < q.settings.concurrency);
        if (open.length === 0) break;
        const job = await claimJob(this.db, {
          queues: open.map((q) => ({ name: q.name, turn: q.turn })),
          full: open.flatMap(fullOrganizations),
          lockSeconds: Math.max(...open.map((q) => q.settings.lockSeconds)),
        });
        if (!job) break;
        this.begin(job);
      }
      if (++this.looks % CLEANUP_EVERY_LOOKS === 0) await this.deleteFinished();
    } catch (error) {
      this.log.error({ err: error }, 'background jobs: could not reach the database');
    }
  }

  /** Makes each repeating queue's one job, unless an instance made it already (once per runner). */
  private async ensureRepeatingJobs(): Promise<void> {
    if (this.repeatingMade) return;
    for (const { name, everyMs } of this.queues.values()) {
      if (everyMs === undefined) continue;
      await this.db
        .insert(jobs)
        .values({ id: repeatingJobId(name), queue: name, data: {} })
        .onConflictDoNothing({ target: jobs.id });
    }
    this.repeatingMade = true;
  }

  /** Runs a claimed job in one of its queue's slots, which frees when its attempt has ended. */
  private begin(job: ClaimedJob): void {
    const queue = this.queues.get(job.queue);
    if (!queue) return;
    queue.running.set(job.id, job.organizationId);
    if (job.organizationId !== null) queue.turn = job.organizationId;
    const attempt = this.attempt(queue, job).finally(() => {
      queue.running.delete(job.id);
      this.inHand.delete(attempt);
      // Its slot is free: the next job at once.
      this.wake(0);
    });
    this.inHand.add(attempt);
  }

  /** One attempt: its handler until it returns or its time limit passes, then the job's next state. */
  private async attempt(queue: Queue, job: ClaimedJob): Promise<void> {
    const { settings } = queue;
    const heartbeat = setInterval(
      () => void this.renewLock(job.id, settings.lockSeconds),
      (settings.lockSeconds * 1000) / 3,
    );
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<{ error: unknown }>((resolve) => {
      timer = setTimeout(() => {
        const error = new AttemptTimeoutError(settings.timeoutSeconds);
        controller.abort(error);
        resolve({ error });
      }, settings.timeoutSeconds * 1000);
    });
    try {
      const attempt = { last: job.attempts > settings.retryLimit, signal: controller.signal };
      const handled = (async () => queue.handler(job.data, attempt))().then(
        () => ({ error: undefined }),
        (error: unknown) => ({ error: error ?? new Error('The job failed.') }),
      );
      const { error } = await Promise.race([handled, timedOut]);
      const message = error === undefined ? null : error instanceof Error ? error.message : String(error);
      if (error !== undefined) {
        this.log.error({ err: error, job: job.id, queue: job.queue }, 'background job failed');
      }
      if (queue.everyMs !== undefined) await this.again(job, queue.everyMs, message);
      else if (message === null) await this.finish(job, 'done', null);
      else await this.failed(job, settings, message);
    } catch (error) {
      // Its state could not be written: its lock runs out and an instance runs it again.
      this.log.error({ err: error, job: job.id }, 'background jobs: could not reach the database');
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timer);
    }
  }

  private async renewLock(id: string, lockSeconds: number): Promise<void> {
    await this.db
      .update(jobs)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})` })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
      .catch((error: unknown) => this.log.warn({ err: error, job: id }, 'background job: lock not renewed'));
  }

  private async finish(job: ClaimedJob, state: 'done' | 'failed', lastError: string | null): Promise<void> {
    await this.db
      .update(jobs)
      .set({ state, lastError, lockedUntil: null, updatedAt: new Date() })
      .where(thisAttempt(job));
  }

  /** A repeating job back in its queue, due again in `everyMs`. */
  private async again(job: ClaimedJob, everyMs: number, lastError: string | null): Promise<void> {
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
      .where(thisAttempt(job));
  }

  private async failed(job: ClaimedJob, settings: QueueSettings, message: string): Promise<void> {
    if (job.attempts > settings.retryLimit) return this.finish(job, 'failed', message);
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
      .where(thisAttempt(job));
  }

  private async deleteFinished(): Promise<void> {
    await this.db.execute(
      sql`delete from ${jobs} where state in ('done', 'failed') and updated_at < now() - make_interval(days => ${KEEP_FINISHED_DAYS})`,
    );
  }
}

/**
 * The job as this attempt claimed it: once its lock ran out and another instance took it over, a late
 * end of this attempt changes nothing.
 */
const thisAttempt = (job: ClaimedJob) =>
  and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempts));

/** `queue organizationId` of each organization holding its share of the queue's slots on this instance. */
function fullOrganizations(queue: Queue): string[] {
  const held = new Map<string, number>();
  for (const organizationId of queue.running.values()) {
    if (organizationId !== null) held.set(organizationId, (held.get(organizationId) ?? 0) + 1);
  }
  return [...held]
    .filter(([, count]) => count >= queue.settings.perOrganization)
    .map(([organizationId]) => `${queue.name} ${organizationId}`);
}
