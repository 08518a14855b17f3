import type { Db } from '#server/db/client.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import { deleteExpiredKeys, eraseShownSecrets } from './queries.ts';

/**
 * The job that deletes expired Idempotency-Keys and erases the sealed secret answers whose replay
 * time is over, every ten minutes on one instance (ADR 054, 086).
 */
export const IDEMPOTENCY_CLEANUP_QUEUE = 'idempotency-keys-cleanup';
export const IDEMPOTENCY_CLEANUP_EVERY_MS = 10 * 60 * 1000;
const BATCH = 1000;

/** Runs `batch` until it does less than a full batch; answers how many rows it did in all. */
async function inBatches(batch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch(BATCH);
    total += done;
    if (done < BATCH) return total;
  }
}

/** Deletes every key expired before `now`, a batch at a time; answers how many went. */
export function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  return inBatches((limit) => deleteExpiredKeys(db, now, limit));
}

/** Erases the sealed answers whose secret was replayable until before `now`; answers how many. */
export function eraseShownIdempotentSecrets(db: Db, now = new Date()): Promise<number> {
  return inBatches((limit) => eraseShownSecrets(db, now, limit));
}

export function defineIdempotencyJobs(jobs: JobRunner, db: Db): void {
  jobs.repeat(
    IDEMPOTENCY_CLEANUP_QUEUE,
    { everyMs: IDEMPOTENCY_CLEANUP_EVERY_MS, lockSeconds: 60, timeoutSeconds: 10 * 60 },
    async () => {
      await eraseShownIdempotentSecrets(db);
      await deleteExpiredIdempotencyKeys(db);
    },
  );
}
