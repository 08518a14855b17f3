import type { Writable } from 'node:stream';
import {
  DEFAULT_LANGUAGE,
  IMPORT_MAX_CELL_LENGTH,
  IMPORT_MAX_PROBLEMS,
  IMPORT_MAX_SELECT_OPTIONS,
  IMPORT_MAX_WARNINGS,
  IMPORT_MESSAGES,
  IMPORT_NEW_LOCATIONS_LISTED,
  IMPORT_PREVIEW_ROWS,
  IMPORT_SAID,
  IMPORT_TARGETS,
  IMPORT_UNDO_DAYS,
  type TImportColumnTarget,
  type TImportKind,
  type TImportMatchKey,
  type TImportPlanned,
  type TImportProblem,
  type TImportReadingBody,
  type TImportRun,
  type TLanguage,
} from '@mqr/contracts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { type Clock, systemClock } from '#server/lib/clock.ts';
import { csvHeaders, PROBLEM_CSV_COLUMNS } from '#server/lib/i18n/csv-headers.ts';
import { translatorFor } from '#server/lib/i18n/translators.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { spreadsheetSafe } from '#server/lib/spreadsheet-safe.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { recordAudit } from '../audit-logs/index.ts';
import { getFieldDefinitionRows } from '../fields/index.ts';
import { assetImport } from './asset-import.ts';
import { type CellFormats, FormatSniffer, PLAIN_FORMATS } from './cell-formats.ts';
import { actorOf, createNewFields } from './commit.ts';
import { type CsvStart, csvRecords, headersIn, receiveCsv } from './csv-file.ts';
import { eventImport } from './event-import.ts';
import { decodeBytesText, isUtf16 } from './file-encoding.ts';
import { proposeMatchBy, recogniseFormat, suggestMapping, wrongKindOfFile } from './formats.ts';
import type { ImportKindRules, StoredFile, StoredRow } from './import-kind.ts';
import { buildPlan, checkRoomForNewFields } from './plan.ts';
import {
  deleteImportProblems,
  deleteImportRows,
  deleteImportRun,
  distinctColumnValues,
  findCreatedAssetIds,
  findImportProblems,
  findImportRows,
  findImportRowsNumbered,
  findImportRun,
  type ImportRunInsert,
  type ImportRunRow,
  insertImportProblems,
  insertImportRows,
  insertImportRun,
  listImportRuns,
  updateImportRun,
} from './queries.ts';
import { readingImport } from './reading-import.ts';
import { scheduleImport } from './schedule-import.ts';

/** Rows stored per statement on upload, and read per step of a check. */
const ROWS_PER_BATCH = 1000;
/** Rows written per transaction of a commit: a crash loses at most one uncommitted chunk, which is redone. */
export const COMMIT_CHUNK_ROWS = 500;
/** Imports the list of recent ones shows. */
const RECENT_IMPORTS = 20;

const conflict = (message: string) => new AppError('CONFLICT', message);

/** What each kind of import does with its rows. */
const KINDS: Record<TImportKind, ImportKindRules> = {
  assets: assetImport,
  events: eventImport,
  schedules: scheduleImport,
  readings: readingImport,
};

/** Rows of a history import that its commit left out because the asset already had that event. */
function skippedCount(row: ImportRunRow): number {
  const committing = row.status === 'Importing' || row.status === 'Done' || row.status === 'Failed';
  return row.kind === 'events' && committing ? Math.max(0, row.rowsDone - row.createdCount) : 0;
}

/** Until when a finished import of assets can be undone (ADR 093); null when it never can be. */
export function undoUntil(row: Pick<ImportRunRow, 'kind' | 'status' | 'finishedAt'>): Date | null {
  if (row.kind !== 'assets' || row.status !== 'Done' || !row.finishedAt) return null;
  return new Date(row.finishedAt.getTime() + IMPORT_UNDO_DAYS * 24 * 60 * 60 * 1000);
}

export function toImportRun(row: ImportRunRow, preview: string[][]): TImportRun {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    status: row.status,
    format: row.format,
    delimiter: row.delimiter,
    encoding: row.encoding,
    encodingChangeable: row.rawHeaders !== null,
    numberFormat: row.numberFormat,
    dateOrder: row.dateOrder,
    headers: row.headers,
    preview,
    rowCount: row.rowCount,
    mapping: row.mapping,
    matchBy: row.kind === 'assets' ? (row.matchBy ?? proposeMatchBy(row.kind, row.mapping)) : null,
    rowsDone: row.rowsDone,
    problemCount: row.problemCount,
    warningCount: row.warningCount,
    planned: row.planned,
    createdCount: row.createdCount,
    updatedCount: row.updatedCount,
    unchangedCount: row.unchangedCount,
    skippedCount: skippedCount(row),
    error: row.error,
    errorText: row.error !== null && row.errorSaid ? { message: row.error, ...row.errorSaid } : null,
    undoUntil: undoUntil(row)?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The organization's import with this id; NOT_FOUND for another organization's id or a malformed one. */
async function importOf(db: DbOrTx, organizationId: string, importId: string): Promise<ImportRunRow> {
  const row = isUuid(importId) ? await findImportRun(db, organizationId, importId) : undefined;
  if (!row) throw notFound('Import');
  return row;
}

/** A cell of the import as stored, read: in its encoding when the cells are kept as bytes (ADR 094). */
function cellReader(row: ImportRunRow): (cell: string) => string {
  const encoding = row.encoding;
  return row.rawHeaders ? (cell) => decodeBytesText(cell, encoding) : (cell) => cell;
}

/** Up to `size` rows of the import after row `after`, in file order, their cells read. */
async function rowsOf(db: DbOrTx, row: ImportRunRow, after: number, size: number): Promise<StoredRow[]> {
  const read = cellReader(row);
  const rows = await findImportRows(db, row.organizationId, row.id, after, size);
  return rows.map((stored) => ({ ...stored, cells: stored.cells.map(read) }));
}

/** The import's stored rows, read in its cells' encoding, for a commit that needs more than its chunk. */
export function storedFile(db: DbOrTx, row: ImportRunRow): StoredFile {
  const read = cellReader(row);
  return {
    async *batches() {
      for (let after = 0; ; ) {
        const rows = await rowsOf(db, row, after, ROWS_PER_BATCH);
        if (rows.length === 0) return;
        yield rows;
        after = rows.at(-1)!.rowNumber;
      }
    },
    async rowsNumbered(rowNumbers) {
      const rows = await findImportRowsNumbered(db, row.organizationId, row.id, rowNumbers);
      return rows.map((stored) => ({ ...stored, cells: stored.cells.map(read) }));
    },
  };
}

async function previewOf(db: DbOrTx, row: ImportRunRow): Promise<string[][]> {
  return (await rowsOf(db, row, 0, IMPORT_PREVIEW_ROWS)).map((r) => r.cells);
}

/** An uploaded CSV, received and its start checked (receiveImportFile), waiting to be read. */
export interface ReceivedImportFile {
  fileName: string;
  start: CsvStart;
  /** Its bytes, from the first. */
  read: () => AsyncIterable<Uint8Array>;
}

/**
 * Receives an uploaded CSV of a kind into `destination` as it arrives, refusing it as soon as its
 * start shows what is wrong (encoding, binary, header row, our export of the other kind): nothing
 * of a refused file is read further, nor written to the database.
 */
export function receiveImportFile(
  kind: TImportKind,
  source: AsyncIterable<Buffer>,
  destination: Writable,
): Promise<CsvStart> {
  return receiveCsv(source, destination, ({ headers }) => {
    const wrongKind = wrongKindOfFile(headers, kind);
    if (wrongKind) throw new AppError('VALIDATION', wrongKind);
  });
}

/** Refuses a cell longer than IMPORT_MAX_CELL_LENGTH characters, naming its row and column. */
function checkCellLength(cell: string, read: (cell: string) => string, sheetRow: number, header: string) {
  // A cell kept as bytes has at least as many bytes as characters: only a long one is read.
  if (cell.length > IMPORT_MAX_CELL_LENGTH && read(cell).length > IMPORT_MAX_CELL_LENGTH) {
    throw new AppError('VALIDATION', IMPORT_SAID.cellTooLong(sheetRow, header));
  }
}

/**
 * Reads a received CSV of a kind (assets, or maintenance history) into a new import of the actor's
 * organization: stores its rows, streamed (size in rows and cells, CSV syntax checked on the way),
 * with its encoding, recognises its format, guesses how it writes numbers and dates, and proposes a
 * mapping. All or nothing: a refused file writes nothing.
 */
export async function uploadImport(
  db: Db,
  actor: AuthUser,
  kind: TImportKind,
  file: ReceivedImportFile,
): Promise<TImportRun> {
  const { delimiter, headers, encoding, rawHeaders } = file.start;
  const organizationId = actor.organizationId;
  const definitions = await getFieldDefinitionRows(db, organizationId, IMPORT_TARGETS[kind].fieldTarget);
  const format = recogniseFormat(headers, kind);
  const mapping = suggestMapping(headers, kind, format, definitions);
  const read = rawHeaders ? (cell: string) => decodeBytesText(cell, encoding) : (cell: string) => cell;
  const formats = new FormatSniffer();
  const row = await db.transaction(async (tx) => {
    const records = csvRecords(file.read(), delimiter, encoding);
    // The header row, read and checked with the start of the file.
    const first = await records.next();
    if (first.done) throw new AppError('VALIDATION', IMPORT_MESSAGES.empty);
    const created = await insertImportRun(tx, {
      organizationId,
      createdById: actor.id,
      kind,
      fileName: file.fileName.slice(0, 255) || 'import.csv',
      format,
      delimiter,
      encoding,
      headers,
      rawHeaders,
      rowCount: 0,
      mapping,
      matchBy: proposeMatchBy(kind, mapping),
    });
    let batch: { rowNumber: number; sheetRow: number; cells: string[] }[] = [];
    let rowCount = 0;
    for await (const { sheetRow, cells: record } of records) {
      rowCount += 1;
      // Every row as wide as the header: missing cells are blank, cells past the last column dropped.
      const cells = headers.map((header, column) => {
        const cell = record[column] ?? '';
        checkCellLength(cell, read, sheetRow, header);
        formats.see(cell);
        return cell;
      });
      batch.push({ rowNumber: rowCount, sheetRow, cells });
      if (batch.length === ROWS_PER_BATCH) {
        await insertImportRows(tx, organizationId, created.id, batch);
        batch = [];
      }
    }
    await insertImportRows(tx, organizationId, created.id, batch);
    const updated = await updateImportRun(tx, organizationId, created.id, ['Uploaded'], {
      rowCount,
      ...formats.guesses(),
    });
    return updated ?? created;
  });
  return toImportRun(row, await previewOf(db, row));
}

export async function getImport(db: DbOrTx, organizationId: string, importId: string): Promise<TImportRun> {
  const row = await importOf(db, organizationId, importId);
  return toImportRun(row, await previewOf(db, row));
}

export async function listImports(db: DbOrTx, organizationId: string): Promise<TImportRun[]> {
  const rows = await listImportRuns(db, organizationId, RECENT_IMPORTS);
  return rows.map((row) => toImportRun(row, []));
}

/**
 * The status of the organization's import and the ids of the assets it created that are still in
 * service, in file order: `limit` of them after the first `offset` (NOT_FOUND for another
 * organization's import or an unknown one).
 */
export async function findAssetsCreatedBy(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  page: { offset: number; limit: number },
): Promise<{ status: ImportRunRow['status']; assetIds: string[] }> {
  const row = await importOf(db, organizationId, importId);
  const assetIds = await findCreatedAssetIds(db, organizationId, row.id, page.offset, page.limit);
  return { status: row.status, assetIds };
}

/**
 * The plan of an import's mapping now: its new Select fields take the column's distinct values. An
 * import uploaded before matching was chosen (no matchBy) matches as it would be proposed.
 */
export async function planOf(
  db: DbOrTx,
  row: ImportRunRow,
  mapping: TImportColumnTarget[] = row.mapping,
  matchBy: TImportMatchKey | null = row.matchBy,
) {
  const definitions = await getFieldDefinitionRows(
    db,
    row.organizationId,
    IMPORT_TARGETS[row.kind].fieldTarget,
  );
  const selectOptions = new Map<number, string[]>();
  for (const [column, target] of mapping.entries()) {
    if (target.kind !== 'newField' || target.dataType !== 'Select') continue;
    const read = cellReader(row);
    const stored = await distinctColumnValues(
      db,
      row.organizationId,
      row.id,
      column,
      IMPORT_MAX_SELECT_OPTIONS + 1,
    );
    const values = stored.map(read);
    if (values.length > IMPORT_MAX_SELECT_OPTIONS) {
      throw new AppError('VALIDATION', IMPORT_SAID.tooManyOptions(row.headers[column] ?? ''));
    }
    selectOptions.set(column, values);
  }
  const formats: CellFormats = {
    numberFormat: row.numberFormat ?? PLAIN_FORMATS.numberFormat,
    dateOrder: row.dateOrder ?? PLAIN_FORMATS.dateOrder,
  };
  const key = matchBy ?? proposeMatchBy(row.kind, mapping);
  return buildPlan(row.kind, row.headers, mapping, definitions, selectOptions, key, formats);
}

/** What a check has not found yet: no problems, warnings or plan. */
const UNCHECKED = { problemCount: 0, warningCount: 0, planned: null, rowsDone: 0 } as const;

/**
 * Sets an import's mapping and, for assets, how rows match existing assets (left out: as proposed for
 * the mapping), checked against its file and the fields; its last check no longer counts.
 */
export async function setImportMapping(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  mapping: TImportColumnTarget[],
  matchBy?: TImportMatchKey,
): Promise<TImportRun> {
  const row = await importOf(db, organizationId, importId);
  const plan = await planOf(db, row, mapping, matchBy ?? null);
  const updated = await updateImportRun(db, organizationId, importId, ['Uploaded', 'Checked'], {
    mapping,
    matchBy: plan.matchBy,
    status: 'Uploaded',
    ...UNCHECKED,
  });
  if (!updated) throw conflict(IMPORT_MESSAGES.notCheckable);
  await deleteImportProblems(db, organizationId, importId);
  return toImportRun(updated, await previewOf(db, updated));
}

/**
 * Sets how an import's file is read: its encoding (for a file read byte by byte only: its header row
 * is read again in the new one, and its format and proposed mapping are made again from it), and how
 * it writes numbers and dates. Its last check no longer counts.
 */
export async function setImportReading(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  reading: TImportReadingBody,
): Promise<TImportRun> {
  const row = await importOf(db, organizationId, importId);
  const changes: Partial<ImportRunInsert> = {
    numberFormat: reading.numberFormat,
    dateOrder: reading.dateOrder,
    status: 'Uploaded',
    ...UNCHECKED,
  };
  if (reading.encoding !== row.encoding) {
    if (!row.rawHeaders || isUtf16(reading.encoding)) {
      throw new AppError('VALIDATION', IMPORT_MESSAGES.encodingFixed);
    }
    const headers = headersIn(row.rawHeaders, reading.encoding);
    const wrongKind = wrongKindOfFile(headers, row.kind);
    if (wrongKind) throw new AppError('VALIDATION', wrongKind);
    const format = recogniseFormat(headers, row.kind);
    const fieldTarget = IMPORT_TARGETS[row.kind].fieldTarget;
    const definitions = await getFieldDefinitionRows(db, organizationId, fieldTarget);
    const mapping = suggestMapping(headers, row.kind, format, definitions);
    const matchBy = proposeMatchBy(row.kind, mapping);
    Object.assign(changes, { encoding: reading.encoding, headers, format, mapping, matchBy });
  }
  const updated = await updateImportRun(db, organizationId, importId, ['Uploaded', 'Checked'], changes);
  if (!updated) throw conflict(IMPORT_MESSAGES.notCheckable);
  await deleteImportProblems(db, organizationId, importId);
  return toImportRun(updated, await previewOf(db, updated));
}

/**
 * Marks an import as being checked (the check then runs in the background, runImportCheck); refuses
 * at once a mapping whose new fields would find no display order.
 */
export async function startImportCheck(
  db: DbOrTx,
  organizationId: string,
  importId: string,
): Promise<TImportRun> {
  const row = await importOf(db, organizationId, importId);
  checkRoomForNewFields(await planOf(db, row));
  const started = await updateImportRun(db, organizationId, importId, ['Uploaded', 'Checked'], {
    status: 'Checking',
    ...UNCHECKED,
  });
  if (!started) throw conflict(IMPORT_MESSAGES.notCheckable);
  return toImportRun(started, []);
}

/** Marks a checked import without problems as importing (the commit then runs in the background). */
export async function startImportCommit(
  db: DbOrTx,
  organizationId: string,
  importId: string,
): Promise<TImportRun> {
  const row = await importOf(db, organizationId, importId);
  if (row.status === 'Checked' && row.problemCount > 0) throw conflict(IMPORT_MESSAGES.hasProblems);
  const started = await updateImportRun(db, organizationId, importId, ['Checked'], {
    status: 'Importing',
    rowsDone: 0,
  });
  if (!started || started.problemCount > 0) throw conflict(IMPORT_MESSAGES.notCommittable);
  return toImportRun(started, []);
}

/**
 * The dry run: every row checked as the commit would write it, its problems stored (the first
 * IMPORT_MAX_PROBLEMS of them, all counted), progress kept in rowsDone. Writes no asset or event.
 * Run again from the start when interrupted.
 */
export async function runImportCheck(
  db: Db,
  organizationId: string,
  importId: string,
  signal?: AbortSignal,
): Promise<void> {
  const row = await findImportRun(db, organizationId, importId);
  if (row?.status !== 'Checking') return;
  await deleteImportProblems(db, organizationId, importId);
  const plan = await planOf(db, row);
  // Fields changed since the check was started: refused here (the import fails its check), never by the commit.
  checkRoomForNewFields(plan);
  const check = KINDS[row.kind].startCheck(db, organizationId, plan);
  let problemCount = 0;
  let warningCount = 0;
  let planned: TImportPlanned | null = null;
  let after = 0;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await rowsOf(db, row, after, ROWS_PER_BATCH);
    if (rows.length === 0) break;
    const found = await check(rows);
    const warnings = found.warnings ?? [];
    const room = Math.max(0, IMPORT_MAX_PROBLEMS - problemCount);
    await insertImportProblems(db, organizationId, importId, found.problems.slice(0, room));
    const warningRoom = Math.max(0, IMPORT_MAX_WARNINGS - warningCount);
    await insertImportProblems(db, organizationId, importId, warnings.slice(0, warningRoom), true);
    problemCount += found.problems.length;
    warningCount += warnings.length;
    if (found.planned) planned = addPlanned(planned, found.planned);
    after = rows.at(-1)?.rowNumber ?? after;
    const progressed = await updateImportRun(db, organizationId, importId, ['Checking'], {
      rowsDone: after,
      problemCount,
      warningCount,
    });
    if (!progressed) return;
  }
  // What only the whole file shows (a parent a later row creates): stored after the batches' problems.
  const last = check.finish?.() ?? [];
  const room = Math.max(0, IMPORT_MAX_PROBLEMS - problemCount);
  await insertImportProblems(db, organizationId, importId, last.slice(0, room));
  problemCount += last.length;
  await updateImportRun(db, organizationId, importId, ['Checking'], {
    status: 'Checked',
    problemCount,
    warningCount,
    planned:
      planned ??
      (row.kind === 'assets'
        ? { create: 0, update: 0, unchanged: 0, newLocations: [], newLocationCount: 0 }
        : null),
  });
}

const addPlanned = (sum: TImportPlanned | null, batch: TImportPlanned): TImportPlanned => ({
  create: (sum?.create ?? 0) + batch.create,
  update: (sum?.update ?? 0) + batch.update,
  unchanged: (sum?.unchanged ?? 0) + batch.unchanged,
  newLocations: [...(sum?.newLocations ?? []), ...(batch.newLocations ?? [])].slice(
    0,
    IMPORT_NEW_LOCATIONS_LISTED,
  ),
  newLocationCount: (sum?.newLocationCount ?? 0) + (batch.newLocationCount ?? 0),
});

/**
 * The commit: the new fields first, then the rows in chunks of COMMIT_CHUNK_ROWS, each chunk with its
 * audit entries and the import's progress in one transaction. Run again after a crash, it goes on
 * after the last committed chunk. A row that no longer passes (a field changed since the check)
 * stops the import (the job marks it Failed with the row and the reason), with the chunks before it
 * kept. Answers the finished import's kind and how many rows it went through; undefined when it did
 * not finish here.
 */
export async function runImportCommit(
  db: Db,
  organizationId: string,
  importId: string,
  signal?: AbortSignal,
  clock: Clock = systemClock,
): Promise<{ kind: TImportKind; rows: number } | undefined> {
  let row = await findImportRun(db, organizationId, importId);
  if (row?.status !== 'Importing') return undefined;
  const kind = KINDS[row.kind];
  row = await createNewFields(db, row, await planOf(db, row), IMPORT_TARGETS[row.kind].fieldTarget);
  const plan = await planOf(db, row);
  const actor = await actorOf(db, row);
  const file = storedFile(db, row);
  for (;;) {
    signal?.throwIfAborted();
    const rows = await rowsOf(db, row, row.rowsDone, COMMIT_CHUNK_ROWS);
    if (rows.length === 0) break;
    const next = await kind.commitChunk(db, row, plan, actor, rows, clock.now(), file);
    if (!next) return undefined;
    row = next;
  }
  await updateImportRun(db, organizationId, importId, ['Importing'], {
    status: 'Done',
    finishedAt: clock.now(),
  });
  await deleteImportRows(db, organizationId, importId);
  return { kind: row.kind, rows: row.rowsDone };
}

/** A page of the problems of an import's check, or of its warnings (`warnings`). */
export async function listImportProblems(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  page: { page: number; pageSize: number },
  warnings = false,
): Promise<TImportProblem[]> {
  await importOf(db, organizationId, importId);
  const offset = (page.page - 1) * page.pageSize;
  const found = await findImportProblems(
    db,
    organizationId,
    importId,
    { offset, limit: page.pageSize },
    warnings,
  );
  return found.map(toImportProblem);
}

/** A stored problem as the API answers it: with its message's id and values when it was stored with them. */
function toImportProblem({ messageId, values, ...problem }: StoredProblemRow): TImportProblem {
  return { ...problem, ...(messageId ? { messageId } : {}), ...(values ? { values } : {}) };
}
type StoredProblemRow = Awaited<ReturnType<typeof findImportProblems>>[number];

/** The statuses of an import that may be discarded: any but those a background job works in. */
const DISCARDABLE: readonly ImportRunRow['status'][] = ['Uploaded', 'Checked', 'Done', 'Failed', 'Undone'];

/**
 * Discards an import from the list (DELETE …/{id}, ADR 093): the import with its stored rows,
 * problems and what undoing it needed, not the assets it brought in. Refused while its check or
 * commit runs. Audited as the import's deletion.
 */
export async function discardImport(
  db: Db,
  context: { actor: AuthUser; ipAddress: string },
  importId: string,
): Promise<void> {
  const organizationId = context.actor.organizationId;
  await db.transaction(async (tx) => {
    const row = await importOf(tx, organizationId, importId);
    const deleted = await deleteImportRun(tx, organizationId, row.id, DISCARDABLE);
    if (!deleted) throw conflict(IMPORT_MESSAGES.discardRunning);
    await recordAudit(tx, {
      organizationId,
      actor: context.actor,
      action: 'DELETE',
      entityType: 'Import',
      entityId: row.id,
      entityName: row.fileName,
      changes: { deleted: true },
      ipAddress: context.ipAddress,
    });
  });
}

/**
 * Every stored problem of an import, in file order, in batches (the problems CSV), each cell made
 * safe for a spreadsheet as the exports' are: a column's name comes from the file. The header row and
 * each problem stored with its message's id are in `language` (ADR 121); a problem stored as a
 * sentence only (before ids) stays as it was stored.
 */
export async function* importProblemRows(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  language: TLanguage = DEFAULT_LANGUAGE,
) {
  await importOf(db, organizationId, importId);
  const translator = translatorFor(language);
  yield csvHeaders(PROBLEM_CSV_COLUMNS, language);
  for (let offset = 0; ; offset += ROWS_PER_BATCH) {
    const problems = await findImportProblems(db, organizationId, importId, {
      offset,
      limit: ROWS_PER_BATCH,
    });
    for (const problem of problems) {
      const message = translator.word(toImportProblem(problem));
      yield [String(problem.row), problem.column, message].map(spreadsheetSafe);
    }
    if (problems.length < ROWS_PER_BATCH) return;
  }
}
