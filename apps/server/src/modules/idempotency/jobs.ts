import type { Db } from '#server/db/client.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import { deleteExpiredKeys } from './queries.ts';

/** The job that deletes expired Idempotency-Keys, every hour on one instance (ADR 054). */
export const IDEMPOTENCY_CLEANUP_QUEUE = 'idempotency-keys-cleanup';
export const IDEMPOTENCY_CLEANUP_EVERY_MS = 60 * 60 * 1000;
const BATCH = 1000;

/** Deletes every key expired before `now`, a batch at a time; answers how many went. */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteExpiredKeys(db, now, BATCH);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

export function defineIdempotencyJobs(jobs: JobRunner, db: Db): void {
  jobs.repeat(
    IDEMPOTENCY_CLEANUP_QUEUE,
    { everyMs: IDEMPOTENCY_CLEANUP_EVERY_MS, lockSeconds: 60, timeoutSeconds: 10 * 60 },
    async () => {
      await deleteExpiredIdempotencyKeys(db);
    },
  );
}
