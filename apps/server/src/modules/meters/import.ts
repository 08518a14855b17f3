import { METER_MESSAGES, METER_SAID, type Said } from '@mqr/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { meters } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { onMeterReading } from '../schedules/index.ts';
import { findNeighbours, lockMeter, type MeterRow } from './queries.ts';
import { addReading } from './service.ts';

// What the import of readings (modules/imports, kind "readings") asks of the meters (ADR 137): the
// meters of the file's assets, the same rules as an entered reading, and the writes.

/** A meter a file's rows may name: its asset, its name, and its latest reading. */
export type ImportMeter = Pick<MeterRow, 'id' | 'assetId' | 'name' | 'unit' | 'lastValue' | 'lastReadAt'>;

/** The meters of these assets of the organization. */
export async function metersOfAssets(
  db: DbOrTx,
  organizationId: string,
  assetIds: string[],
): Promise<ImportMeter[]> {
  if (assetIds.length === 0) return [];
  return db
    .select({
      id: meters.id,
      assetId: meters.assetId,
      name: meters.name,
      unit: meters.unit,
      lastValue: meters.lastValue,
      lastReadAt: meters.lastReadAt,
    })
    .from(meters)
    .where(and(eq(meters.organizationId, organizationId), inArray(meters.assetId, assetIds)));
}

/** A reading of a file, as its row gives it. */
export interface FileReading {
  value: number;
  readAt: Date;
  isReplacement: boolean;
}

/** What is wrong with a reading: under which column, and why. */
export interface ReadingProblem {
  column: 'value' | 'replacement';
  message: string | Said;
}

/**
 * The check of a file's reading against the meter's readings and the file's reading of the same meter
 * before it (`filePrevious`, read earlier: the file holds a meter's readings in time order), by the
 * rules of an entered one, except the implausible jump (a file is history, not typing): not lower
 * than the reading before it unless a replacement, not higher than the one after it, a replacement
 * only after the meter's latest.
 */
export async function importedReadingProblem(
  db: DbOrTx,
  organizationId: string,
  meter: ImportMeter,
  reading: FileReading,
  filePrevious: FileReading | undefined,
): Promise<ReadingProblem | undefined> {
  let before: { value: number; readAt: Date } | undefined;
  let after: { value: number; isReplacement: boolean } | undefined;
  if (meter.lastReadAt === null || meter.lastValue === null || reading.readAt >= meter.lastReadAt) {
    before =
      meter.lastReadAt && meter.lastValue !== null
        ? { value: meter.lastValue, readAt: meter.lastReadAt }
        : undefined;
  } else {
    ({ before, after } = await findNeighbours(db, organizationId, meter.id, reading.readAt));
  }
  if (reading.isReplacement) {
    return after ? { column: 'replacement', message: METER_MESSAGES.replacementNotLatest } : undefined;
  }
  const previous = filePrevious && (!before || filePrevious.readAt >= before.readAt) ? filePrevious : before;
  if (previous && reading.value < previous.value) {
    return { column: 'value', message: METER_SAID.backwards(previous.value, meter.unit) };
  }
  if (after && !after.isReplacement && reading.value > after.value) {
    return { column: 'value', message: METER_SAID.aboveNext(after.value, meter.unit) };
  }
  return undefined;
}

/** A reading an import writes: its row, its meter, what it says. */
export interface ImportedReading extends FileReading {
  rowNumber: number;
  meterId: string;
  note: string | null;
}

/** Who imports, the file, and the organization's clock and zone (usage schedules made due). */
export interface ReadingImportRun {
  organizationId: string;
  timeZone: string;
  now: Date;
  importId: string;
  recordedById: string | null;
}

/**
 * Writes a chunk of a file's readings in the caller's transaction, in file order, each placed by the
 * meter's rules as an entered one is (confirmed: no implausible-jump question), each meter locked
 * once; then the usage schedules the chunk's latest readings made due get their tasks. Answers the
 * first row refused (the transaction is then to be rolled back), if any.
 */
export async function recordImportedReadings(
  tx: DbOrTx,
  run: ReadingImportRun,
  rows: ImportedReading[],
): Promise<{ rowNumber: number; problem: ReadingProblem } | undefined> {
  const locked = new Map<string, MeterRow>();
  const latest = new Map<string, { id: string; value: number; usage: number }>();
  // The meters read for the first time: their earliest reading here starts their schedules' counts.
  const firstUsage = new Map<string, number | null>();
  for (const row of rows) {
    let meter = locked.get(row.meterId);
    if (!meter) {
      const found = await lockMeter(tx, run.organizationId, row.meterId);
      if (!found || found.assetRetired) {
        return {
          rowNumber: row.rowNumber,
          problem: { column: 'value', message: METER_MESSAGES.assetRetired },
        };
      }
      meter = found;
      locked.set(row.meterId, meter);
      firstUsage.set(meter.id, meter.lastUsage === null ? Number.POSITIVE_INFINITY : null);
    }
    try {
      const { readingId, placed } = await addReading(
        tx,
        meter,
        { value: row.value, note: row.note, isReplacement: row.isReplacement, confirm: true },
        row.readAt,
        { eventId: null, recordedById: run.recordedById, importId: run.importId },
      );
      if (placed.latest) latest.set(meter.id, { id: readingId, value: row.value, usage: placed.usage });
      const earliest = firstUsage.get(meter.id);
      if (earliest !== null && earliest !== undefined)
        firstUsage.set(meter.id, Math.min(earliest, placed.usage));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'UNPROCESSABLE') throw error;
      const column = error.fields?.[0]?.path === 'isReplacement' ? 'replacement' : 'value';
      return { rowNumber: row.rowNumber, problem: { column, message: error.said ?? error.message } };
    }
  }
  for (const [meterId, reading] of latest) {
    await onMeterReading(tx, run, {
      id: reading.id,
      meterId,
      usage: reading.usage,
      value: reading.value,
      firstUsage: firstUsage.get(meterId) ?? null,
    });
  }
  return undefined;
}
