import { METER_CHART_POINTS } from '@mqr/contracts';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { assets, maintenanceEvents, meterReadings, meters, schedules, users } from '#server/db/schema.ts';

export type MeterRow = typeof meters.$inferSelect;
export type MeterInsert = typeof meters.$inferInsert;
export type ReadingRow = typeof meterReadings.$inferSelect;
export type ReadingInsert = typeof meterReadings.$inferInsert;

/** A point of a meter's chart, as the database answers it inside a JSON array. */
export interface PointRow {
  readAt: string;
  value: number;
  isReplacement: boolean;
}

export type MeterView = MeterRow & { series: PointRow[] };

/**
 * The latest METER_CHART_POINTS readings of a meter, oldest first, as a JSON array: one walk of the
 * meter's reading index, however many readings it has (ADR 137).
 */
const seriesOf = (meterId: SQL) => sql<PointRow[]>`coalesce((
  select json_agg(json_build_object('readAt', to_char(p.read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'value', p.value, 'isReplacement', p.is_replacement) order by p.read_at, p.id)
  from (select r.read_at, r.id, r.value, r.is_replacement from ${meterReadings} r
    where r.meter_id = ${meterId} order by r.read_at desc, r.id desc limit ${METER_CHART_POINTS}) p
), '[]'::json)`;

/** An asset's meters, by name, each with its chart (the asset page: one statement). */
export async function listAssetMeters(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
): Promise<MeterView[]> {
  const rows = await db
    .select({ meter: meters, series: seriesOf(sql`${meters.id}`) })
    .from(meters)
    .where(and(eq(meters.organizationId, organizationId), eq(meters.assetId, assetId)))
    .orderBy(sql`lower(${meters.name})`, asc(meters.id));
  return rows.map((row) => ({ ...row.meter, series: row.series }));
}

/** One meter of the organization with its chart; undefined for another organization's or an unknown id. */
export async function findMeterView(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<MeterView | undefined> {
  const [row] = await db
    .select({ meter: meters, series: seriesOf(sql`${meters.id}`) })
    .from(meters)
    .where(and(eq(meters.organizationId, organizationId), eq(meters.id, id)))
    .limit(1);
  return row ? { ...row.meter, series: row.series } : undefined;
}

/**
 * One meter of the organization with whether its asset is retired, locked until the commit (`update`
 * serializes its readings: each sees the one before; `share` lets readers of it wait for a change).
 */
export async function lockMeter(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  strength: 'update' | 'share' = 'update',
): Promise<(MeterRow & { assetRetired: boolean }) | undefined> {
  const [row] = await tx
    .select({ meter: meters, retiredAt: assets.retiredAt })
    .from(meters)
    .innerJoin(assets, and(eq(assets.id, meters.assetId), eq(assets.organizationId, organizationId)))
    .where(and(eq(meters.organizationId, organizationId), eq(meters.id, id)))
    .limit(1)
    .for(strength, { of: meters });
  return row ? { ...row.meter, assetRetired: row.retiredAt !== null } : undefined;
}

/** The organization's asset (with whether it is retired), locked for share until the commit. */
export async function lockAsset(
  tx: DbOrTx,
  organizationId: string,
  assetId: string,
): Promise<{ id: string; retired: boolean } | undefined> {
  const [row] = await tx
    .select({ id: assets.id, retiredAt: assets.retiredAt })
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), eq(assets.id, assetId)))
    .limit(1)
    .for('share');
  return row ? { id: row.id, retired: row.retiredAt !== null } : undefined;
}

/** The organization's asset with this slug (a scanned code), whatever its case. */
export async function findAssetBySlug(db: DbOrTx, organizationId: string, slug: string) {
  const [row] = await db
    .select({ id: assets.id, name: assets.name, retiredAt: assets.retiredAt })
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), eq(assets.slug, slug.toLowerCase())))
    .limit(1);
  return row;
}

/** Whether the organization's asset exists (a read: the asset page's meters). */
export async function assetExists(db: DbOrTx, organizationId: string, assetId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), eq(assets.id, assetId)))
    .limit(1);
  return row !== undefined;
}

export async function countAssetMeters(tx: DbOrTx, organizationId: string, assetId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(meters)
    .where(and(eq(meters.organizationId, organizationId), eq(meters.assetId, assetId)));
  return row?.n ?? 0;
}

/** Whether another meter of the asset has this name, whatever its case. */
export async function meterNameTaken(
  tx: DbOrTx,
  organizationId: string,
  assetId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: meters.id })
    .from(meters)
    .where(
      and(
        eq(meters.organizationId, organizationId),
        eq(meters.assetId, assetId),
        sql`lower(${meters.name}) = lower(${name})`,
        exceptId ? sql`${meters.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertMeter(tx: DbOrTx, row: MeterInsert): Promise<MeterRow> {
  const [inserted] = await tx.insert(meters).values(row).returning();
  return inserted!;
}

export async function updateMeterRow(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<MeterInsert>,
): Promise<void> {
  await tx
    .update(meters)
    .set(values)
    .where(and(eq(meters.organizationId, organizationId), eq(meters.id, id)));
}

/** The meter's readings go with it (the database cascades). */
export async function deleteMeterRow(tx: DbOrTx, organizationId: string, id: string): Promise<void> {
  await tx.delete(meters).where(and(eq(meters.organizationId, organizationId), eq(meters.id, id)));
}

/** How many schedules count on the meter. */
export async function countMeterSchedules(
  tx: DbOrTx,
  organizationId: string,
  meterId: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(schedules)
    .where(and(eq(schedules.organizationId, organizationId), eq(schedules.meterId, meterId)));
  return row?.n ?? 0;
}

/** What a reading's neighbours tell (its place among the readings in time). */
export type Neighbour = Pick<ReadingRow, 'id' | 'value' | 'usage' | 'readAt' | 'isReplacement'>;

const neighbourColumns = {
  id: meterReadings.id,
  value: meterReadings.value,
  usage: meterReadings.usage,
  readAt: meterReadings.readAt,
  isReplacement: meterReadings.isReplacement,
};

/**
 * The readings just before (at or before `at`) and just after `at`: a reading entered late (offline)
 * must fit between them. Two probes of the meter's reading index.
 */
export async function findNeighbours(
  tx: DbOrTx,
  organizationId: string,
  meterId: string,
  at: Date,
): Promise<{ before: Neighbour | undefined; after: Neighbour | undefined }> {
  const [before] = await tx
    .select(neighbourColumns)
    .from(meterReadings)
    .where(
      and(
        eq(meterReadings.organizationId, organizationId),
        eq(meterReadings.meterId, meterId),
        sql`${meterReadings.readAt} <= ${at}`,
      ),
    )
    .orderBy(sql`${meterReadings.readAt} desc`, sql`${meterReadings.id} desc`)
    .limit(1);
  const [after] = await tx
    .select(neighbourColumns)
    .from(meterReadings)
    .where(
      and(
        eq(meterReadings.organizationId, organizationId),
        eq(meterReadings.meterId, meterId),
        sql`${meterReadings.readAt} > ${at}`,
      ),
    )
    .orderBy(asc(meterReadings.readAt), asc(meterReadings.id))
    .limit(1);
  return { before, after };
}

/** The latest reading of a meter other than `exceptId` (a deleted latest reading's successor as latest). */
export async function findLatestReading(
  tx: DbOrTx,
  organizationId: string,
  meterId: string,
  exceptId: string,
): Promise<Neighbour | undefined> {
  const [row] = await tx
    .select(neighbourColumns)
    .from(meterReadings)
    .where(
      and(
        eq(meterReadings.organizationId, organizationId),
        eq(meterReadings.meterId, meterId),
        sql`${meterReadings.id} <> ${exceptId}`,
      ),
    )
    .orderBy(sql`${meterReadings.readAt} desc`, sql`${meterReadings.id} desc`)
    .limit(1);
  return row;
}

export async function insertReadings(tx: DbOrTx, rows: ReadingInsert[]): Promise<void> {
  // A statement holds at most 65,535 parameters: a thousand readings of 12 columns each.
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(meterReadings).values(rows.slice(start, start + 1000));
  }
}

export async function findReading(
  db: DbOrTx,
  organizationId: string,
  meterId: string,
  id: string,
): Promise<ReadingRow | undefined> {
  const [row] = await db
    .select()
    .from(meterReadings)
    .where(
      and(
        eq(meterReadings.organizationId, organizationId),
        eq(meterReadings.meterId, meterId),
        eq(meterReadings.id, id),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteReadingRow(tx: DbOrTx, organizationId: string, id: string): Promise<void> {
  await tx
    .delete(meterReadings)
    .where(and(eq(meterReadings.organizationId, organizationId), eq(meterReadings.id, id)));
}

/** One page of a meter's readings, latest first, with who recorded each (the meter's reading index). */
export async function listReadings(
  db: DbOrTx,
  organizationId: string,
  meterId: string,
  page: { page: number; pageSize: number },
) {
  return db
    .select({ reading: meterReadings, recordedByName: users.displayName })
    .from(meterReadings)
    .leftJoin(users, eq(users.id, meterReadings.recordedById))
    .where(and(eq(meterReadings.organizationId, organizationId), eq(meterReadings.meterId, meterId)))
    .orderBy(sql`${meterReadings.readAt} desc`, sql`${meterReadings.id} desc`)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
}

/** One reading with who recorded it. */
export async function findReadingView(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select({ reading: meterReadings, recordedByName: users.displayName })
    .from(meterReadings)
    .leftJoin(users, eq(users.id, meterReadings.recordedById))
    .where(and(eq(meterReadings.organizationId, organizationId), eq(meterReadings.id, id)))
    .limit(1);
  return row;
}

/** Whether the task is one of the asset's (a reading taken for it). */
export async function isTaskOfAsset(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  eventId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: maintenanceEvents.id })
    .from(maintenanceEvents)
    .where(
      and(
        eq(maintenanceEvents.organizationId, organizationId),
        eq(maintenanceEvents.assetId, assetId),
        eq(maintenanceEvents.id, eventId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
