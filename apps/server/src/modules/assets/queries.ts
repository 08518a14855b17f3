import type { TFieldDataType } from '@mqr/contracts';
import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { jsonRows } from '#server/db/json-rows.ts';
import { inOrganization } from '#server/db/organization-filter.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import {
  assetEventCounts,
  assetFieldValues,
  assets,
  fieldDefinitions,
  type files,
  maintenanceEvents,
  organizationAssetCounts,
  organizations,
  schedules,
} from '#server/db/schema.ts';

export type AssetRow = typeof assets.$inferSelect;
export type AssetInsert = typeof assets.$inferInsert;
export type FileRow = typeof files.$inferSelect;

/**
 * The custom values of these assets of the organization (of these fields only, when given), read on
 * the primary key (asset, field): the organization is a filter the planner picks no index by (ADR
 * 073), or a freshly imported tenant's (organization, field) index is walked whole per batch.
 */
export function findValuesOfAssets(
  db: DbOrTx,
  organizationId: string,
  assetIds: string[],
  fieldIds?: string[],
) {
  return db
    .select({
      assetId: assetFieldValues.assetId,
      fieldId: assetFieldValues.fieldId,
      value: assetFieldValues.value,
    })
    .from(assetFieldValues)
    .where(
      and(
        inOrganization(assetFieldValues.organizationId, organizationId),
        inArray(assetFieldValues.assetId, assetIds),
        fieldIds ? inArray(assetFieldValues.fieldId, fieldIds) : undefined,
      ),
    );
}

/** How many of `ids` are assets of the organization. */
export async function countAssetsAmong(db: DbOrTx, organizationId: string, ids: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), inArray(assets.id, ids)));
  return row?.n ?? 0;
}

/** How many assets in service the organization has (kept by a trigger on assets, migration 0010). */
export async function countAssetsOf(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await assetCountOf(db, { organizationId });
  return row?.assets ?? 0;
}

const assetCountOf = preparedQuery('organization_asset_count', (db) =>
  db
    .select({ assets: organizationAssetCounts.assets })
    .from(organizationAssetCounts)
    .where(eq(organizationAssetCounts.organizationId, sql.placeholder('organizationId'))),
);

const ofOrganization = eq(assets.organizationId, sql.placeholder('organizationId'));

/** A custom value as an asset shows it. */
export interface AssetFieldDisplay {
  fieldId: string;
  label: string;
  isActive: boolean;
  /** Whether the public page may show it (with isActive: isShownPublicly, ADR 091). */
  isPublic: boolean;
  value: string | null;
  /** Text, Number, Date, Boolean or Select: screens write the value the reader's way (ADR 118). */
  dataType: TFieldDataType;
}

/**
 * The custom values an asset shows, as one JSON column of its row: every active Asset definition
 * (value or null) and the retired ones that hold a value, in display order, with their visibility.
 */
const fieldDisplay = jsonRows(
  sql`json_build_object('fieldId', d.id, 'label', d.label, 'value', v.value, 'isActive', d.is_active, 'isPublic', d.is_public, 'dataType', d.data_type)`,
  sql`from ${fieldDefinitions} d left join ${assetFieldValues} v
    on v.field_id = d.id and v.asset_id = ${assets.id} and v.organization_id = ${assets.organizationId}
    where d.organization_id = ${assets.organizationId} and d.target = 'Asset' and (d.is_active or v.value is not null)`,
  sql`d.display_order, d.label, d.id`,
).mapWith((rows: AssetFieldDisplay[]) => rows);

/**
 * What an asset page shows of its planned maintenance (docs/product/schedules.md#next-service-due),
 * as columns of its row: its organization's time zone (what today is), the earliest due date of its
 * open tasks and the earliest next due date of its active schedules (two partial-index probes).
 */
const thisAsset = {
  // Written out: in a one-table select drizzle leaves its columns unqualified, which a subquery's own
  // tables would take for theirs.
  id: sql.raw('"assets"."id"'),
  organizationId: sql.raw('"assets"."organization_id"'),
};
const nextServiceColumns = {
  timeZone: sql<string>`(select o.time_zone from ${organizations} o where o.id = ${thisAsset.organizationId})`,
  openDueOn: sql<string | null>`(select min(e.due_on)::text from ${maintenanceEvents} e
    where e.organization_id = ${thisAsset.organizationId} and e.asset_id = ${thisAsset.id}
      and e.task_status <> 'Completed' and e.due_on is not null)`,
  scheduledDueOn: sql<string | null>`(select min(s.next_due_on)::text from ${schedules} s
    where s.organization_id = ${thisAsset.organizationId} and s.asset_id = ${thisAsset.id}
      and s.paused_at is null and s.next_due_on is not null)`,
  // Kept by the events' trigger (ADR 107): one key lookup, where counting read the whole history.
  eventCount: sql<number>`coalesce((select c.events from ${assetEventCounts} c
    where c.asset_id = ${thisAsset.id} and c.organization_id = ${thisAsset.organizationId}), 0)::int`,
};

/**
 * Where an asset is and what it is part of, as columns of its row: its location's name and full path,
 * its parent's name and slug (each a primary-key probe), and how many components it has.
 */
const placeColumns = {
  locationName: sql<
    string | null
  >`(select l.name from locations l where l.id = ${sql.raw('"assets"."location_id"')}
    and l.organization_id = ${thisAsset.organizationId})`,
  locationPath: sql<
    string | null
  >`(select l.full_path from locations l where l.id = ${sql.raw('"assets"."location_id"')}
    and l.organization_id = ${thisAsset.organizationId})`,
  parentName: sql<
    string | null
  >`(select p.name from ${assets} p where p.id = ${sql.raw('"assets"."parent_asset_id"')}
    and p.organization_id = ${thisAsset.organizationId})`,
  parentSlug: sql<
    string | null
  >`(select p.slug from ${assets} p where p.id = ${sql.raw('"assets"."parent_asset_id"')}
    and p.organization_id = ${thisAsset.organizationId})`,
  componentCount: sql<number>`(select count(*) from ${assets} c where c.parent_asset_id = ${thisAsset.id}
    and c.organization_id = ${thisAsset.organizationId})::int`,
};

/** Where an asset is and what it is part of (placeColumns). */
export interface AssetPlaceRow {
  locationName: string | null;
  locationPath: string | null;
  parentName: string | null;
  parentSlug: string | null;
  componentCount: number;
}

/** An asset's planned maintenance as its page reads it. */
export interface AssetPlanRow {
  timeZone: string;
  openDueOn: string | null;
  scheduledDueOn: string | null;
}

/** What an asset page shows beside its row: custom values, planned maintenance, how many events it has. */
export interface AssetViewRow {
  row: AssetRow;
  fields: AssetFieldDisplay[];
  plan: AssetPlanRow;
  eventCount: number;
  place: AssetPlaceRow;
}

/**
 * The asset with `key` (the placeholder of the same name), with or without the custom values and
 * the planned maintenance it shows.
 */
const assetByKey = (key: 'id' | 'slug', withFields: boolean) => (db: DbOrTx) =>
  db
    .select({
      ...getTableColumns(assets),
      ...(withFields ? { fields: fieldDisplay, ...nextServiceColumns, ...placeColumns } : {}),
    })
    .from(assets)
    .where(and(ofOrganization, eq(assets[key], sql.placeholder(key))))
    .limit(1);

const assetById = preparedQuery('asset_by_id', assetByKey('id', false));
const assetBySlug = preparedQuery('asset_by_slug', assetByKey('slug', false));
const assetViewById = preparedQuery('asset_view_by_id', assetByKey('id', true));
const assetViewBySlug = preparedQuery('asset_view_by_slug', assetByKey('slug', true));

/** One asset of the organization; `forUpdate` locks it until the transaction ends. */
export async function findAsset(
  db: DbOrTx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AssetRow | undefined> {
  if (!options.forUpdate) {
    const [row] = await assetById(db, { organizationId, id });
    return row;
  }
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), eq(assets.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function findAssetBySlug(
  db: DbOrTx,
  organizationId: string,
  slug: string,
): Promise<AssetRow | undefined> {
  const [row] = await assetBySlug(db, { organizationId, slug });
  return row;
}

/**
 * An asset of the organization by id or slug, with the custom values and planned maintenance it
 * shows and how many events it has (one statement).
 */
export async function findAssetWithFields(
  db: DbOrTx,
  organizationId: string,
  key: { id: string } | { slug: string },
): Promise<AssetViewRow | undefined> {
  const [found] = await ('id' in key
    ? assetViewById(db, { organizationId, id: key.id })
    : assetViewBySlug(db, { organizationId, slug: key.slug }));
  if (!found) return undefined;
  const {
    fields,
    timeZone,
    openDueOn,
    scheduledDueOn,
    eventCount,
    locationName,
    locationPath,
    parentName,
    parentSlug,
    componentCount,
    ...row
  } = found as AssetRow & {
    fields: AssetFieldDisplay[];
    eventCount: number;
  } & AssetPlanRow &
    AssetPlaceRow;
  return {
    row,
    fields,
    plan: { timeZone, openDueOn, scheduledDueOn },
    eventCount,
    place: { locationName, locationPath, parentName, parentSlug, componentCount },
  };
}

/** Inserts an asset unless its slug is taken in the organization (then undefined, nothing inserted). */
export async function insertAssetUnlessSlugTaken(
  db: DbOrTx,
  values: AssetInsert,
): Promise<AssetRow | undefined> {
  const [row] = await db
    .insert(assets)
    .values(values)
    .onConflictDoNothing({ target: [assets.organizationId, assets.slug] })
    .returning();
  return row;
}

export async function updateAsset(
  db: DbOrTx,
  organizationId: string,
  id: string,
  values: Partial<AssetInsert>,
): Promise<AssetRow> {
  const [row] = await db
    .update(assets)
    .set(values)
    .where(and(eq(assets.organizationId, organizationId), eq(assets.id, id)))
    .returning();
  return row!;
}

/** The stored custom values of an asset, by field id. */
export async function findAssetValues(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ fieldId: assetFieldValues.fieldId, value: assetFieldValues.value })
    .from(assetFieldValues)
    .where(and(eq(assetFieldValues.organizationId, organizationId), eq(assetFieldValues.assetId, assetId)));
  return new Map(rows.map((r) => [r.fieldId, r.value]));
}

export async function upsertAssetValue(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  fieldId: string,
  value: string,
): Promise<void> {
  await db
    .insert(assetFieldValues)
    .values({ organizationId, assetId, fieldId, value })
    .onConflictDoUpdate({
      target: [assetFieldValues.assetId, assetFieldValues.fieldId, assetFieldValues.organizationId],
      set: { value },
    });
}

export async function deleteAssetValues(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  fieldIds: string[],
): Promise<void> {
  if (fieldIds.length === 0) return;
  await db
    .delete(assetFieldValues)
    .where(
      and(
        eq(assetFieldValues.organizationId, organizationId),
        eq(assetFieldValues.assetId, assetId),
        inArray(assetFieldValues.fieldId, fieldIds),
      ),
    );
}

/** Deletes every custom value of the organization's assets `ids` (before the assets themselves). */
export async function deleteValuesOfAssets(db: DbOrTx, organizationId: string, ids: string[]): Promise<void> {
  await db
    .delete(assetFieldValues)
    .where(and(eq(assetFieldValues.organizationId, organizationId), inArray(assetFieldValues.assetId, ids)));
}

/** Deletes the organization's asset rows `ids` (after what hangs on them). */
export async function deleteAssetRows(db: DbOrTx, organizationId: string, ids: string[]): Promise<void> {
  await db.delete(assets).where(and(eq(assets.organizationId, organizationId), inArray(assets.id, ids)));
}

/**
 * The organization's assets among `ids` (absent: another organization's or no one's), locked until the
 * transaction ends, each with its value of the field `fieldId` (null for none).
 */
export function findSelectionForUpdate(
  tx: DbOrTx,
  organizationId: string,
  ids: string[],
  fieldId: string,
): Promise<{ id: string; name: string; slug: string; retiredAt: Date | null; value: string | null }[]> {
  return tx
    .select({
      id: assets.id,
      name: assets.name,
      slug: assets.slug,
      retiredAt: assets.retiredAt,
      value: assetFieldValues.value,
    })
    .from(assets)
    .leftJoin(
      assetFieldValues,
      and(
        eq(assetFieldValues.assetId, assets.id),
        eq(assetFieldValues.organizationId, assets.organizationId),
        eq(assetFieldValues.fieldId, fieldId),
      ),
    )
    .where(and(eq(assets.organizationId, organizationId), inArray(assets.id, ids)))
    .for('update', { of: assets });
}

/**
 * The organization's assets among `ids` (absent: another organization's or no one's), locked until the
 * transaction ends, each saying whether it has open tasks (pending or started).
 */
export function findRetirementStateForUpdate(
  tx: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<{ id: string; name: string; slug: string; retiredAt: Date | null; hasOpenTasks: boolean }[]> {
  return tx
    .select({
      id: assets.id,
      name: assets.name,
      slug: assets.slug,
      retiredAt: assets.retiredAt,
      // Qualified by hand: drizzle writes a selected column without its table, which inside the
      // subquery would name the event's own column.
      hasOpenTasks: sql<boolean>`exists (select 1 from maintenance_events e where e.organization_id = assets.organization_id
        and e.asset_id = assets.id and e.task_status <> 'Completed')`,
    })
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), inArray(assets.id, ids)))
    .for('update');
}

/**
 * Retires the organization's assets `ids` now (`retire`), or puts them back in service, stamped as
 * changed by `userId`.
 */
export async function setRetirementOfAssets(
  tx: DbOrTx,
  organizationId: string,
  ids: string[],
  retire: boolean,
  userId: string,
): Promise<void> {
  const now = new Date();
  await tx
    .update(assets)
    .set({ retiredAt: retire ? now : null, updatedAt: now, updatedById: userId })
    .where(and(eq(assets.organizationId, organizationId), inArray(assets.id, ids)));
}

/** Gives the organization's assets `ids` the value `value` of the field (null clears it): one statement. */
export async function setValueOfAssets(
  tx: DbOrTx,
  organizationId: string,
  ids: string[],
  fieldId: string,
  value: string | null,
): Promise<void> {
  if (value === null) {
    await tx
      .delete(assetFieldValues)
      .where(
        and(
          eq(assetFieldValues.organizationId, organizationId),
          eq(assetFieldValues.fieldId, fieldId),
          inArray(assetFieldValues.assetId, ids),
        ),
      );
    return;
  }
  await tx
    .insert(assetFieldValues)
    .values(ids.map((assetId) => ({ organizationId, assetId, fieldId, value })))
    .onConflictDoUpdate({
      target: [assetFieldValues.assetId, assetFieldValues.fieldId, assetFieldValues.organizationId],
      set: { value },
    });
}

/** Stamps the organization's assets `ids` as changed now by `userId`. */
export async function markAssetsUpdated(
  tx: DbOrTx,
  organizationId: string,
  ids: string[],
  userId: string,
): Promise<void> {
  await tx
    .update(assets)
    .set({ updatedAt: new Date(), updatedById: userId })
    .where(and(eq(assets.organizationId, organizationId), inArray(assets.id, ids)));
}
