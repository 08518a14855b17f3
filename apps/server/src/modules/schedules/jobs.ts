import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import type { Clock } from '#server/lib/clock.ts';
import { runScheduleEngine } from './engine.ts';

export const SCHEDULE_ENGINE_QUEUE = 'schedules.create-due-tasks';
/** How often the engine looks for due schedules: a new day starts a task within a minute. */
export const SCHEDULE_ENGINE_EVERY_MS = 60_000;

/** The engine as a repeating job of the runner (ADR 052): one instance at a time, every minute. */
export function defineScheduleJobs(jobs: JobRunner, db: Db, clock: Clock, log: FastifyBaseLogger): void {
  // A run that creates 100,000 tasks takes about a minute (ADR 052); the next run goes on after it.
  const settings = { everyMs: SCHEDULE_ENGINE_EVERY_MS, lockSeconds: 120, timeoutSeconds: 30 * 60 };
  jobs.repeat(SCHEDULE_ENGINE_QUEUE, settings, async () => {
    const { tasksCreated } = await runScheduleEngine(db, clock);
    if (tasksCreated > 0) log.info({ tasksCreated }, 'planned maintenance: tasks created');
  });
}
