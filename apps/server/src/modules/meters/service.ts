import {
  CLOCK_SKEW_MINUTES,
  METER_MESSAGES,
  METER_SAID,
  METERS_PER_ASSET_MAX,
  type TAssetMeters,
  type TMeter,
  type TMeterReading,
  type TMeterReadingResult,
  type TUsageTriggered,
  type ZMeterBody,
  type ZMeterReadingBody,
} from '@mqr/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, conflict, fieldError, invalidField, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { type AuditRecord, diffChanges, recordAudit } from '../audit-logs/index.ts';
import { onMeterReading } from '../schedules/index.ts';
import {
  assetExists,
  countAssetMeters,
  countMeterSchedules,
  deleteMeterRow,
  deleteReadingRow,
  findAssetBySlug,
  findLatestReading,
  findMeterView,
  findNeighbours,
  findReading,
  findReadingView,
  insertMeter,
  insertReadings,
  isTaskOfAsset,
  listAssetMeters,
  listReadings,
  lockAsset,
  lockMeter,
  type MeterRow,
  type MeterView,
  meterNameTaken,
  type ReadingRow,
  updateMeterRow,
} from './queries.ts';
import { implausibleJump, nextRate } from './rate.ts';

export type MeterInput = z.output<typeof ZMeterBody>;
export type ReadingInput = z.output<typeof ZMeterReadingBody>;

/** Who acts, from where, and when (the app's clock). */
export interface MeterContext {
  actor: AuthUser;
  ipAddress: string;
  now: Date;
}

const CLOCK_SKEW_MS = CLOCK_SKEW_MINUTES * 60_000;
const meterNotFound = () => notFound('Meter');
/** A value as a message shows it: three decimals at most. */
const shown = (value: number) => Math.round(value * 1000) / 1000;

/** 422 naming the field: the request is well formed, the meter's data refuses it (ADR 137). */
const unprocessable = (path: string, message: ReturnType<typeof METER_SAID.backwards> | string) =>
  new AppError('UNPROCESSABLE', message, { fields: [fieldError(path, message)] });

export function toMeter(row: MeterView): TMeter {
  return {
    id: row.id,
    assetId: row.assetId,
    name: row.name,
    unit: row.unit,
    lastValue: row.lastValue,
    lastReadAt: row.lastReadAt?.toISOString() ?? null,
    dailyRate: row.dailyRate === null ? null : Math.round(row.dailyRate * 1000) / 1000,
    readingCount: row.readingCount,
    series: row.series,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toReading(row: ReadingRow, recordedByName: string | null): TMeterReading {
  return {
    id: row.id,
    meterId: row.meterId,
    value: row.value,
    readAt: row.readAt.toISOString(),
    note: row.note,
    isReplacement: row.isReplacement,
    eventId: row.eventId,
    recordedById: row.recordedById,
    recordedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An asset's meters with their charts; 404 for another organization's asset or a malformed id. */
export async function listMetersOfAsset(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
): Promise<TMeter[]> {
  const id = assetId.toLowerCase();
  if (!isUuid(id) || !(await assetExists(db, organizationId, id))) throw notFound('Asset');
  return (await listAssetMeters(db, organizationId, id)).map(toMeter);
}

/** The meters of the asset a scanned code names (by its slug); 404 when the organization has none such. */
export async function metersOfScannedAsset(
  db: DbOrTx,
  organizationId: string,
  slug: string,
): Promise<TAssetMeters> {
  const asset = await findAssetBySlug(db, organizationId, slug);
  if (!asset) throw notFound('Asset');
  const meters = (await listAssetMeters(db, organizationId, asset.id)).map(toMeter);
  return { assetId: asset.id, assetName: asset.name, retired: asset.retiredAt !== null, meters };
}

export async function getMeter(db: DbOrTx, organizationId: string, id: string): Promise<TMeter> {
  const row = isUuid(id) ? await findMeterView(db, organizationId, id.toLowerCase()) : undefined;
  if (!row) throw meterNotFound();
  return toMeter(row);
}

/** One page of a meter's readings, latest first, and how many it has (kept on the meter). */
export async function listMeterReadings(
  db: DbOrTx,
  organizationId: string,
  id: string,
  page: { page: number; pageSize: number },
): Promise<{ items: TMeterReading[]; total: number }> {
  const meter = isUuid(id) ? await findMeterView(db, organizationId, id.toLowerCase()) : undefined;
  if (!meter) throw meterNotFound();
  const rows = await listReadings(db, organizationId, meter.id, page);
  return {
    items: rows.map((row) => toReading(row.reading, row.recordedByName)),
    total: meter.readingCount,
  };
}

function auditRecord(
  context: MeterContext,
  meter: Pick<MeterRow, 'id' | 'name'>,
  action: AuditRecord['action'],
  changes: object,
): AuditRecord {
  return {
    organizationId: context.actor.organizationId,
    actor: context.actor,
    action,
    entityType: 'Meter',
    entityId: meter.id,
    entityName: meter.name,
    changes,
    ipAddress: context.ipAddress,
  };
}

/** Adds a meter to an asset (administrators): 404 for another organization's asset, 409 retired or a name taken. */
export async function createMeter(
  db: Db,
  context: MeterContext,
  assetId: string,
  input: MeterInput,
): Promise<TMeter> {
  const organizationId = context.actor.organizationId;
  const id = assetId.toLowerCase();
  if (!isUuid(id)) throw notFound('Asset');
  const meterId = await db.transaction(async (tx) => {
    const asset = await lockAsset(tx, organizationId, id);
    if (!asset) throw notFound('Asset');
    if (asset.retired) throw conflict(METER_MESSAGES.assetRetired);
    if ((await countAssetMeters(tx, organizationId, id)) >= METERS_PER_ASSET_MAX) {
      throw conflict(METER_SAID.tooManyMeters());
    }
    if (await meterNameTaken(tx, organizationId, id, input.name)) {
      throw new AppError('CONFLICT', METER_MESSAGES.nameTaken, {
        fields: [fieldError('name', METER_MESSAGES.nameTaken)],
      });
    }
    const meter = await insertMeter(tx, {
      id: uuidv7(),
      organizationId,
      assetId: id,
      name: input.name,
      unit: input.unit,
      createdById: context.actor.id,
      updatedById: context.actor.id,
    });
    await recordAudit(
      tx,
      auditRecord(context, meter, 'CREATE', {
        created: true,
        assetId: id,
        name: meter.name,
        unit: meter.unit,
      }),
    );
    return meter.id;
  });
  return getMeter(db, organizationId, meterId);
}

/** Renames a meter or changes its unit (administrators); its readings stay as they are. */
export async function updateMeter(
  db: Db,
  context: MeterContext,
  id: string,
  input: MeterInput,
): Promise<TMeter> {
  const organizationId = context.actor.organizationId;
  if (!isUuid(id)) throw meterNotFound();
  await db.transaction(async (tx) => {
    const meter = await lockMeter(tx, organizationId, id.toLowerCase());
    if (!meter) throw meterNotFound();
    const changes = diffChanges(
      { name: meter.name, unit: meter.unit },
      { name: input.name, unit: input.unit },
    );
    if (Object.keys(changes).length === 0) return;
    if (await meterNameTaken(tx, organizationId, meter.assetId, input.name, meter.id)) {
      throw new AppError('CONFLICT', METER_MESSAGES.nameTaken, {
        fields: [fieldError('name', METER_MESSAGES.nameTaken)],
      });
    }
    await updateMeterRow(tx, organizationId, meter.id, {
      name: input.name,
      unit: input.unit,
      updatedById: context.actor.id,
      updatedAt: new Date(),
    });
    await recordAudit(tx, auditRecord(context, { id: meter.id, name: input.name }, 'UPDATE', { changes }));
  });
  return getMeter(db, organizationId, id.toLowerCase());
}

/** Deletes a meter and its readings (administrators); 409 while schedules count on it. */
export async function deleteMeter(db: Db, context: MeterContext, id: string): Promise<void> {
  const organizationId = context.actor.organizationId;
  if (!isUuid(id)) throw meterNotFound();
  await db.transaction(async (tx) => {
    const meter = await lockMeter(tx, organizationId, id.toLowerCase());
    if (!meter) throw meterNotFound();
    const used = await countMeterSchedules(tx, organizationId, meter.id);
    if (used > 0) throw conflict(METER_SAID.usedBySchedules(used));
    await deleteMeterRow(tx, organizationId, meter.id);
    await recordAudit(
      tx,
      auditRecord(context, meter, 'DELETE', {
        deleted: true,
        assetId: meter.assetId,
        readings: meter.readingCount,
      }),
    );
  });
}

/** When the meter was read: now, or the time sent (ADR 085: a device's clock may be a little ahead). */
function readTimeOf(now: Date, readAt: string | null | undefined): Date {
  if (!readAt) return now;
  const at = Date.parse(readAt);
  if (at > now.getTime() + CLOCK_SKEW_MS) throw invalidField('readAt', METER_MESSAGES.readAtFuture);
  return new Date(Math.min(at, now.getTime()));
}

/** A reading as the meter's rules place it: the use counted up to it, and whether it is the latest. */
interface PlacedReading {
  usage: number;
  latest: boolean;
  /** A replacement, after a reading of the meter it replaces. */
  replacement: boolean;
}

/**
 * Where a reading goes among the meter's (ADR 137). The latest one: not lower than the last unless it
 * is a replacement (which counts no use), and not an implausible jump unless confirmed. One taken
 * before the latest (entered late, offline): between the readings before and after it, never a
 * replacement.
 */
async function placeReading(
  tx: DbOrTx,
  meter: MeterRow,
  input: Pick<ReadingInput, 'value' | 'isReplacement' | 'confirm'>,
  readAt: Date,
): Promise<PlacedReading> {
  const value = input.value;
  if (meter.lastReadAt === null || meter.lastValue === null || meter.lastUsage === null) {
    return { usage: value, latest: true, replacement: false };
  }
  if (readAt >= meter.lastReadAt) {
    if (input.isReplacement) return { usage: meter.lastUsage, latest: true, replacement: true };
    if (value < meter.lastValue)
      throw unprocessable('value', METER_SAID.backwards(meter.lastValue, meter.unit));
    const jump = implausibleJump(meter, readAt, value - meter.lastValue);
    if (jump && !input.confirm) {
      const rate = Math.round(jump.rate * (jump.rate < 1 ? 100 : 10)) / (jump.rate < 1 ? 100 : 10);
      const message = METER_SAID.implausible(shown(jump.added), meter.unit, jump.days, rate);
      throw new AppError('CONFIRM_REQUIRED', message, { fields: [fieldError('value', message)] });
    }
    return { usage: meter.lastUsage + (value - meter.lastValue), latest: true, replacement: false };
  }
  if (input.isReplacement) throw unprocessable('isReplacement', METER_MESSAGES.replacementNotLatest);
  const { before, after } = await findNeighbours(tx, meter.organizationId, meter.id, readAt);
  if (before && value < before.value)
    throw unprocessable('value', METER_SAID.backwards(before.value, meter.unit));
  if (after && !after.isReplacement && value > after.value) {
    throw unprocessable('value', METER_SAID.aboveNext(after.value, meter.unit));
  }
  if (before) return { usage: before.usage + (value - before.value), latest: false, replacement: false };
  // Before every reading (the meter has one, so `after` exists): counted back from it.
  return { usage: after ? after.usage - (after.value - value) : value, latest: false, replacement: false };
}

/**
 * Writes a reading placed by the meter's rules (placeReading) and moves the meter: its latest
 * reading and average daily use when it is the latest, its count always. `meter` is the locked row,
 * updated in place so that the next reading of the same transaction (an import) sees it.
 */
export async function addReading(
  tx: DbOrTx,
  meter: MeterRow,
  input: Pick<ReadingInput, 'value' | 'note' | 'isReplacement' | 'confirm'>,
  readAt: Date,
  extra: { eventId: string | null; recordedById: string | null; importId: string | null },
): Promise<{ readingId: string; placed: PlacedReading }> {
  const placed = await placeReading(tx, meter, input, readAt);
  const readingId = uuidv7();
  await insertReadings(tx, [
    {
      id: readingId,
      organizationId: meter.organizationId,
      meterId: meter.id,
      value: input.value,
      usage: placed.usage,
      readAt,
      note: input.note,
      isReplacement: placed.replacement,
      ...extra,
    },
  ]);
  const moved: Partial<MeterRow> = placed.latest
    ? {
        lastValue: input.value,
        lastUsage: placed.usage,
        lastReadAt: readAt,
        ...nextRate(meter, readAt, placed.usage, placed.replacement),
        readingCount: meter.readingCount + 1,
      }
    : { readingCount: meter.readingCount + 1 };
  await updateMeterRow(tx, meter.organizationId, meter.id, moved);
  Object.assign(meter, moved);
  return { readingId, placed };
}

/**
 * Records a reading (any signed-in user) and, in the same transaction, the tasks of the usage
 * schedules it makes due (ADR 138). 404 for another organization's meter; 409 on a retired asset;
 * 422 for a reading that goes backwards; 409 CONFIRM_REQUIRED for an implausible jump not confirmed.
 */
export async function recordReading(
  db: Db,
  context: MeterContext,
  id: string,
  input: ReadingInput,
): Promise<TMeterReadingResult> {
  const organizationId = context.actor.organizationId;
  if (!isUuid(id)) throw meterNotFound();
  const readAt = readTimeOf(context.now, input.readAt);
  const { readingId, triggered } = await db.transaction(async (tx) => {
    const meter = await lockMeter(tx, organizationId, id.toLowerCase());
    if (!meter) throw meterNotFound();
    if (meter.assetRetired) throw conflict(METER_MESSAGES.assetRetired);
    const eventId = input.eventId?.toLowerCase() ?? null;
    if (eventId && !(await isTaskOfAsset(tx, organizationId, meter.assetId, eventId))) {
      throw invalidField('eventId', METER_MESSAGES.eventUnknown);
    }
    // Read before addReading moves the locked row: the first reading starts the counts (ADR 138).
    const firstReading = meter.lastUsage === null;
    const { readingId, placed } = await addReading(tx, meter, input, readAt, {
      eventId,
      recordedById: context.actor.id,
      importId: null,
    });
    const triggered: TUsageTriggered[] = placed.latest
      ? await onMeterReading(
          tx,
          { organizationId, timeZone: context.actor.timeZone, now: context.now },
          {
            id: readingId,
            meterId: meter.id,
            usage: placed.usage,
            value: input.value,
            firstUsage: firstReading ? placed.usage : null,
          },
        )
      : [];
    return { readingId, triggered };
  });
  const [meter, reading] = await Promise.all([
    getMeter(db, organizationId, id.toLowerCase()),
    findReadingView(db, organizationId, readingId),
  ]);
  return { reading: toReading(reading!.reading, reading!.recordedByName), meter, triggered };
}

/**
 * Deletes a reading entered by mistake (administrators). The latest one's predecessor becomes the
 * meter's latest; the average daily use stays (it is not recomputed from the history), and tasks it
 * made due stay (delete them if they were wrong: the schedule then counts again from the meter).
 */
export async function deleteReading(db: Db, context: MeterContext, meterId: string, readingId: string) {
  const organizationId = context.actor.organizationId;
  if (!isUuid(meterId) || !isUuid(readingId)) throw notFound('MeterReading');
  await db.transaction(async (tx) => {
    const meter = await lockMeter(tx, organizationId, meterId.toLowerCase());
    if (!meter) throw meterNotFound();
    const reading = await findReading(tx, organizationId, meter.id, readingId.toLowerCase());
    if (!reading) throw notFound('MeterReading');
    await deleteReadingRow(tx, organizationId, reading.id);
    const wasLatest = meter.lastReadAt !== null && reading.readAt.getTime() >= meter.lastReadAt.getTime();
    if (wasLatest) {
      const latest = await findLatestReading(tx, organizationId, meter.id, reading.id);
      await updateMeterRow(tx, organizationId, meter.id, {
        lastValue: latest?.value ?? null,
        lastUsage: latest?.usage ?? null,
        lastReadAt: latest?.readAt ?? null,
        readingCount: meter.readingCount - 1,
        ...(latest ? {} : { dailyRate: null, rateFromAt: null, rateFromUsage: null }),
      });
    } else {
      await updateMeterRow(tx, organizationId, meter.id, { readingCount: meter.readingCount - 1 });
    }
    await recordAudit(
      tx,
      auditRecord(context, meter, 'DELETE', {
        reading: { value: reading.value, readAt: reading.readAt.toISOString() },
      }),
    );
  });
}
