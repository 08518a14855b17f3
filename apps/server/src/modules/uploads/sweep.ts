import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '#server/db/client.ts';
import { asSystem } from '#server/db/scope.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import {
  claimPendingUploads,
  findStalePendingUploads,
  insertPendingUpload,
  type PendingUploadRow,
} from './queries.ts';

/** An upload never attached to an event is removed after this long. */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 100;

export interface SweepResult {
  removed: number;
  failed: number;
}

function byOrganization(rows: { objectKey: string; organizationId: string }[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const keys = groups.get(row.organizationId) ?? [];
    keys.push(row.objectKey);
    groups.set(row.organizationId, keys);
  }
  return groups;
}

/**
 * Removes uploads issued more than a day before `now` and never attached: the pending rows first
 * (claimed, so a save racing the sweep either wins the row or fails with CONFLICT, never keeps a
 * file whose object is gone), then their objects. A row whose object could not be deleted is put
 * back, logged, and retried by the next run, which also picks up whatever this run left.
 */
export async function sweepAbandonedUploads(
  db: DbOrTx,
  storage: FileStorage,
  now: Date,
  log: FastifyBaseLogger,
): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS);
  const result: SweepResult = { removed: 0, failed: 0 };
  for (;;) {
    const stale = await findStalePendingUploads(db, cutoff, SWEEP_BATCH);
    const failedRows: PendingUploadRow[] = [];
    for (const [organizationId, keys] of byOrganization(stale)) {
      for (const row of await claimPendingUploads(db, organizationId, keys)) {
        try {
          await storage.delete(row.objectKey);
          result.removed += 1;
        } catch (error) {
          log.warn(
            { err: error, objectKey: row.objectKey },
            'could not delete an abandoned upload; retrying later',
          );
          failedRows.push(row);
        }
      }
    }
    for (const row of failedRows) await insertPendingUpload(db, row);
    result.failed += failedRows.length;
    // A failed row would come back in the next batch: leave it to the next run.
    if (stale.length < SWEEP_BATCH || failedRows.length > 0) return result;
  }
}

export interface UploadSweepOptions {
  intervalMs?: number;
}

/** Runs the sweep once the app is ready, then every hour (an unref'd timer, stopped on close). */
async function uploadSweep(app: FastifyInstance, options: UploadSweepOptions): Promise<void> {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    // Every organization's abandoned uploads (ADR 066).
    running = asSystem(() => sweepAbandonedUploads(app.db, app.storage, new Date(), app.log))
      .then((result) => {
        if (result.removed > 0 || result.failed > 0) app.log.info(result, 'abandoned uploads swept');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping abandoned uploads failed'))
      .finally(() => {
        running = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, options.intervalMs ?? SWEEP_INTERVAL_MS);
    timer.unref();
  });
  // onClose: after the server has stopped listening (ADR 069), before the database closes (its
  // onClose was registered first, and runs last).
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export const uploadSweepPlugin = fp(uploadSweep, { name: 'mqr-upload-sweep' });
