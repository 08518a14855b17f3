import { IMPORT_MESSAGES, saidOf, type TImportKind } from '@mqr/contracts';
import type { Db } from '#server/db/client.ts';
import { analyzeTables } from '#server/db/statistics.ts';
import type { JobAttempt, JobRunner } from '#server/jobs/job-runner.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { HeavyWork } from '#server/lib/heavy-work.ts';
import { type ImportRunInsert, updateImportRun } from './queries.ts';
import { runImportCheck, runImportCommit } from './service.ts';
import { sweepExpiredUndos } from './undo.ts';

/** The background jobs of imports: a check (dry run) and a commit, each of one import. */
export const IMPORT_JOBS = { check: 'import-check', commit: 'import-commit' } as const;

/** The sweep of what undoing imports needed once their undo is gone (ADR 093), hourly on one instance. */
export const IMPORT_UNDO_SWEEP_QUEUE = 'import-undo-sweep';
const IMPORT_UNDO_SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Why an import failed, as it is stored: a refusal's English (a server error says only that it
 * stopped), with its message's id, values and parts, for each reader's words (ADR 121).
 */
function failureOf(error: unknown): Pick<ImportRunInsert, 'error' | 'errorSaid'> {
  const message = error instanceof AppError ? error.message : IMPORT_MESSAGES.stopped;
  const said = (error instanceof AppError ? error.said : undefined) ?? saidOf(message);
  if (!said) return { error: message, errorSaid: null };
  const { message: _english, ...words } = said;
  return { error: message, errorSaid: words };
}

/**
 * Two imports run at once on each instance, one per organization (ADR 087): another organization's
 * long import never holds up a check. An attempt may take 30 minutes (a file has at most 100,000
 * rows); past that it stops after its batch and the next attempt goes on.
 */
const IMPORT_QUEUE_SETTINGS = { retryLimit: 3, lockSeconds: 60, timeoutSeconds: 30 * 60, concurrency: 2 };

/** The tables each kind of import writes, whose statistics a large import leaves stale (ADR 145). */
export const IMPORTED_TABLES: Record<TImportKind, readonly string[]> = {
  assets: ['assets', 'asset_field_values', 'locations'],
  events: ['maintenance_events', 'event_field_values'],
  schedules: ['schedules'],
  readings: ['meter_readings'],
};

/** From this many rows, a finished import refreshes the statistics of the tables it wrote (ADR 145). */
export const IMPORT_ANALYZE_MIN_ROWS = 1_000;

/** Where and from what size a finished import refreshes statistics (ADR 145): the owner's handle. */
export interface ImportStatistics {
  ownerDb: Db;
  minRows: number;
}

/**
 * Registers the import jobs. Both pick up where the import's row says they stand, so a retry after
 * a crash (another instance, once the lock runs out) goes on rather than starting over. A refusal
 * (a field changed since the mapping) or a last failed try marks the import Failed with the reason.
 * A check waits for a turn of heavy work (ADR 089), as label sheets and exports do; a commit reads
 * the app's clock (the schedules it creates fall due by it, and an import's 7 days to undo start by it).
 */
export function defineImportJobs(
  jobs: JobRunner,
  db: Db,
  heavyWork: HeavyWork,
  clock: Clock,
  statistics: ImportStatistics,
): void {
  const settings = IMPORT_QUEUE_SETTINGS;
  const job =
    (status: 'Checking' | 'Importing', run: typeof runImportCheck) =>
    async (data: Record<string, string>, attempt: JobAttempt) => {
      const organizationId = data.organizationId ?? '';
      const importId = data.importId ?? '';
      try {
        await run(db, organizationId, importId, attempt.signal);
      } catch (error) {
        if (!(error instanceof AppError) && !attempt.last) throw error;
        await updateImportRun(db, organizationId, importId, [status], {
          status: 'Failed',
          ...failureOf(error),
        });
        if (!(error instanceof AppError)) throw error;
      }
    };
  const checkInTurn: typeof runImportCheck = (checkDb, organizationId, importId, signal) =>
    heavyWork.inBackground(organizationId, () => runImportCheck(checkDb, organizationId, importId, signal));
  jobs.define(IMPORT_JOBS.check, settings, job('Checking', checkInTurn));
  // A large import's tables are analyzed once it is done: the next pages are planned for its rows.
  const commitOnClock = async (
    commitDb: Db,
    organizationId: string,
    importId: string,
    signal?: AbortSignal,
  ) => {
    const done = await runImportCommit(commitDb, organizationId, importId, signal, clock);
    if (done && done.rows >= statistics.minRows)
      await analyzeTables(statistics.ownerDb, IMPORTED_TABLES[done.kind]);
  };
  jobs.define(IMPORT_JOBS.commit, settings, job('Importing', commitOnClock));
  jobs.repeat(
    IMPORT_UNDO_SWEEP_QUEUE,
    { everyMs: IMPORT_UNDO_SWEEP_EVERY_MS, lockSeconds: 60, timeoutSeconds: 10 * 60 },
    async () => {
      await sweepExpiredUndos(db, clock.now());
    },
  );
}
