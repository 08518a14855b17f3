import {
  CLOCK_SKEW_MINUTES,
  IMPORT_MESSAGES,
  IMPORT_SAID,
  METER_MESSAGES,
  METER_READING_NOTE_MAX_LENGTH,
  METER_VALUE_MAX,
  type TImportBuiltInTarget,
} from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  type FileReading,
  type ImportMeter,
  importedReadingProblem,
  metersOfAssets,
  recordImportedReadings,
} from '../meters/index.ts';
import { numberIn } from './cell-formats.ts';
import { momentOf } from './event-rows.ts';
import { type ImportKindRules, rowStopped, type StoredRow } from './import-kind.ts';
import { type CheckedRowBase, type ImportPlan, type RowProblem, readRow, rowProblem } from './plan.ts';
import { findAssetsBySlugs, findTimeZone, updateImportRun } from './queries.ts';

/** How a file may say that a reading starts a new meter (lower case); empty: no. */
const REPLACEMENT_WORDS: Record<string, boolean> = {
  '': false,
  yes: true,
  no: false,
  true: true,
  false: false,
  '1': true,
  '0': false,
  x: true,
};

/** A row of a readings file as the import would write it, with what is wrong with its cells. */
interface CheckedReadingRow extends CheckedRowBase {
  /** The asset's slug and the meter's name, lower-cased. */
  slug: string;
  meter: string;
  /** Undefined when a cell is wrong (the row then has a problem). */
  reading: (FileReading & { note: string | null }) | undefined;
}

/**
 * One row of a readings file: the asset's slug, the meter's name, the reading as a number in the
 * file's format, when it was read (a date, or a date and time, in the file's order) no later than
 * now, whether it starts a new meter (yes/no), and a note.
 */
export function checkReadingRow(
  plan: ImportPlan,
  rowNumber: number,
  cells: string[],
  now: Date,
): CheckedReadingRow {
  const row = readRow(plan, cells);
  const slug = row.text('asset').toLowerCase();
  if (slug === '') row.problem('asset', IMPORT_MESSAGES.assetRequired);
  const meter = row.text('meter').toLowerCase();
  if (meter === '') row.problem('meter', IMPORT_MESSAGES.meterRequired);
  const valueText = row.text('value');
  const number = numberIn(valueText, plan.formats.numberFormat);
  const value = number === undefined ? Number.NaN : Number(number);
  if (valueText === '' || !Number.isFinite(value) || value < 0 || value > METER_VALUE_MAX) {
    row.problem(
      'value',
      number === undefined && valueText !== ''
        ? IMPORT_SAID.numberInvalid(valueText, plan.formats.numberFormat)
        : METER_MESSAGES.value,
    );
  }
  const readText = row.text('readAt');
  let readAt: Date | undefined;
  if (readText === '') row.problem('readAt', IMPORT_MESSAGES.readAtRequired);
  else {
    const parsed = momentOf(readText, plan.formats.dateOrder);
    if (!(parsed instanceof Date)) {
      row.problem('readAt', parsed ?? IMPORT_SAID.momentInvalid('readAt', readText, plan.formats.dateOrder));
    } else if (parsed.getTime() > now.getTime() + CLOCK_SKEW_MINUTES * 60_000) {
      row.problem('readAt', METER_MESSAGES.readAtFuture);
    } else readAt = parsed;
  }
  const isReplacement = REPLACEMENT_WORDS[row.text('replacement').toLowerCase()];
  if (isReplacement === undefined) row.problem('replacement', IMPORT_MESSAGES.replacementInvalid);
  const note = row.text('notes');
  if (note.length > METER_READING_NOTE_MAX_LENGTH) row.problem('notes', METER_MESSAGES.noteTooLong);
  const good = row.problems.length === 0 && readAt !== undefined && isReplacement !== undefined;
  return {
    rowNumber,
    problems: row.problems,
    values: [],
    slug,
    meter,
    reading: good ? { value, readAt: readAt!, isReplacement: isReplacement!, note: note || null } : undefined,
  };
}

const headerOf = (plan: ImportPlan, target: TImportBuiltInTarget) => {
  const column = plan.columns[target];
  return column === undefined ? '' : (plan.headers[column] ?? '');
};

/** The rows' meters: by the asset's slug and the meter's name (lower-cased), with the asset's state. */
async function resolveMeters(db: DbOrTx, organizationId: string, rows: CheckedReadingRow[]) {
  const slugs = [...new Set(rows.flatMap((row) => (row.slug ? [row.slug] : [])))];
  const assets = new Map((await findAssetsBySlugs(db, organizationId, slugs)).map((a) => [a.slug, a]));
  const found = await metersOfAssets(
    db,
    organizationId,
    [...assets.values()].map((asset) => asset.id),
  );
  const meters = new Map(found.map((meter) => [`${meter.assetId}\n${meter.name.toLowerCase()}`, meter]));
  return { assets, meterOf: (assetId: string, name: string) => meters.get(`${assetId}\n${name}`) };
}

/** Each row's meter, or its problems beyond its cells: an unknown or retired asset, a meter it has not. */
async function rowsWithMeters(
  db: DbOrTx,
  organizationId: string,
  plan: ImportPlan,
  rows: CheckedReadingRow[],
) {
  const { assets, meterOf } = await resolveMeters(db, organizationId, rows);
  return rows.map((row) => {
    const problems: RowProblem[] = [...row.problems];
    const asset = row.slug ? assets.get(row.slug) : undefined;
    let meter: ImportMeter | undefined;
    if (row.slug && !asset) problems.push(rowProblem(headerOf(plan, 'asset'), IMPORT_MESSAGES.assetNotFound));
    else if (asset?.retiredAt)
      problems.push(rowProblem(headerOf(plan, 'asset'), METER_MESSAGES.assetRetired));
    else if (asset && row.meter) {
      meter = meterOf(asset.id, row.meter);
      if (!meter) problems.push(rowProblem(headerOf(plan, 'meter'), IMPORT_MESSAGES.meterNotFound));
    }
    return { row, problems, meter };
  });
}

const checkedRows = (plan: ImportPlan, rows: StoredRow[], now: Date) =>
  rows.map((r) => checkReadingRow(plan, r.sheetRow, r.cells, now));

/**
 * An import of meter readings (ADR 137): each row a reading of a meter of an asset in service, by the
 * asset's slug and the meter's name, checked by the rules of an entered reading (never lower than
 * the one before it unless a meter replacement, never higher than one after it; a file is history:
 * no jump is questioned), a meter's readings in time order in the file. Committed in file order;
 * the usage schedules the readings make due get their tasks in the chunk's transaction.
 */
export const readingImport: ImportKindRules = {
  startCheck(db, organizationId, plan) {
    const now = new Date();
    /** The file's latest reading of each meter so far, and its row. */
    const previous = new Map<string, FileReading & { rowNumber: number }>();
    return async (rows) => {
      const resolved = await rowsWithMeters(db, organizationId, plan, checkedRows(plan, rows, now));
      const problems = [];
      for (const { row, problems: found, meter } of resolved) {
        const reading = row.reading;
        if (found.length === 0 && meter && reading) {
          const before = previous.get(meter.id);
          if (before && reading.readAt < before.readAt) {
            found.push(
              rowProblem(headerOf(plan, 'readAt'), IMPORT_SAID.readingsOutOfOrder(before.rowNumber)),
            );
          } else {
            const problem = await importedReadingProblem(db, organizationId, meter, reading, before);
            if (problem) found.push(rowProblem(headerOf(plan, problem.column), problem.message));
            else previous.set(meter.id, { ...reading, rowNumber: row.rowNumber });
          }
        }
        problems.push(...found.map((problem) => ({ ...problem, rowNumber: row.rowNumber })));
      }
      return { problems };
    };
  },
  commitChunk(db, run, plan, actor, rows, now) {
    const organizationId = run.organizationId;
    return db.transaction(async (tx) => {
      const resolved = await rowsWithMeters(tx, organizationId, plan, checkedRows(plan, rows, now));
      const broken = resolved.find((row) => row.problems.length > 0 || !row.meter || !row.row.reading);
      if (broken) throw rowStopped(broken.row.rowNumber, broken.problems[0]);
      const refused = await recordImportedReadings(
        tx,
        {
          organizationId,
          timeZone: await findTimeZone(tx, organizationId),
          now,
          importId: run.id,
          recordedById: actor?.id ?? null,
        },
        resolved.map(({ row, meter }) => ({
          ...row.reading!,
          rowNumber: row.rowNumber,
          meterId: meter!.id,
        })),
      );
      if (refused) {
        throw rowStopped(
          refused.rowNumber,
          rowProblem(headerOf(plan, refused.problem.column), refused.problem.message),
        );
      }
      return updateImportRun(tx, organizationId, run.id, ['Importing'], {
        rowsDone: rows.at(-1)?.rowNumber ?? run.rowsDone,
        createdCount: run.createdCount + resolved.length,
      });
    });
  },
};
