import { IMPORT_SAID, type TImportPlanned } from '@mqr/contracts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuditRecord } from '../audit-logs/index.ts';
import type { CheckedRowBase, ImportPlan, RowProblem } from './plan.ts';
import type { ImportRunRow } from './queries.ts';

/** Who started the import, as its audit entries name them (null once the user is gone: "system"). */
export type Actor = AuditRecord['actor'];

/**
 * A row of the file as the upload stored it, its cells read: `rowNumber` its place among the rows
 * with a value (where a check or commit goes on from), `sheetRow` the row a spreadsheet shows, which
 * problems name.
 */
export type StoredRow = { rowNumber: number; sheetRow: number; cells: string[] };

/** A problem of the check: a row of the file, a column, a message. */
export type NumberedProblem = RowProblem & { rowNumber: number };

/** An import's stored rows, for a commit that reads more of the file than its chunk. */
export interface StoredFile {
  /** Every row, in order, a batch at a time. */
  batches(): AsyncIterable<StoredRow[]>;
  /** The rows with these numbers, in order. */
  rowsNumbered(rowNumbers: readonly number[]): Promise<StoredRow[]>;
}

/**
 * A check under way: each call takes the next batch of rows; `finish`, when the kind has one, answers
 * the problems only the whole file shows (after the last batch).
 */
export type CheckRun = ((rows: StoredRow[]) => Promise<CheckedBatch>) & {
  finish?: () => NumberedProblem[];
};

/**
 * What a check found in a batch of rows: their problems, warnings, and for a file of assets what the
 * rows would do (ADR 092).
 */
export interface CheckedBatch {
  problems: NumberedProblem[];
  warnings?: NumberedProblem[];
  planned?: TImportPlanned;
}

/**
 * What an import of one kind of file does with its rows (assets, or maintenance history). The upload,
 * mapping, background jobs, problems and progress are the same for every kind; these are not.
 */
export interface ImportKindRules {
  /**
   * Starts a check (dry run) of the file: each call takes the next batch of rows, in file order, and
   * answers their problems, those of their cells and those against the file's earlier rows and the
   * organization's data; its `finish`, those against the file's later rows. Writes nothing.
   */
  startCheck(db: DbOrTx, organizationId: string, plan: ImportPlan): CheckRun;
  /**
   * Writes the next chunk of rows with their audit entries and the import's progress, in one
   * transaction (`now`: the app's clock; `file`: every stored row, the same object for each chunk of
   * a commit). Throws (rowStopped) when a row no longer passes; undefined when the import is no longer
   * Importing.
   */
  commitChunk(
    db: Db,
    run: ImportRunRow,
    plan: ImportPlan,
    actor: Actor,
    rows: StoredRow[],
    now: Date,
    file: StoredFile,
  ): Promise<ImportRunRow | undefined>;
}

/** The refusal of a commit whose row no longer passes: the import ends Failed with it, its problem quoted. */
export function rowStopped(rowNumber: number, problem: RowProblem | undefined): AppError {
  const { column = '', ...text } = problem ?? { message: '' };
  return new AppError('CONFLICT', IMPORT_SAID.rowStopped(rowNumber, column, text));
}

/** The first row of `rows` with a problem, refused as rowStopped. */
export function stopAtBrokenRow(rows: CheckedRowBase[]): void {
  const broken = rows.find((row) => row.problems.length > 0);
  if (broken) throw rowStopped(broken.rowNumber, broken.problems[0]);
}
