import { MAX_COUNTED_ROWS, MAX_COUNTED_SEARCH_ROWS } from '@mqr/contracts';
import { and, eq, getTableColumns, ilike, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { jsonRows } from '#server/db/json-rows.ts';
import { descNullsLast } from '#server/db/order.ts';
import { countedPageOfRows } from '#server/db/page-ids.ts';
import { preparedQuery } from '#server/db/prepared.ts';
import {
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

/** `text` for a LIKE pattern that matches it literally: `\`, `%` and `_` escaped (backslash is the default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function listCondition(organizationId: string, search: string | undefined): SQL | undefined {
  const scope = and(eq(assets.organizationId, organizationId), isNull(assets.retiredAt));
  if (!search) return scope;
  const pattern = `%${escapeLike(search)}%`;
  // Slugs are lower-case ASCII (SLUG_PATTERN): LIKE on the lower-cased term finds what ILIKE would,
  // at a fraction of its cost per row, which a common term's count pays for every row it reads.
  return and(scope, or(ilike(assets.name, pattern), like(assets.slug, pattern.toLowerCase())));
}

/** The organization's assets after the asset `after` in the list's order (created_at desc, id desc). */
function afterAsset(organizationId: string, after: string | undefined): SQL | undefined {
  if (!after) return undefined;
  return sql`(${assets.createdAt}, ${assets.id}) < (
    select a.created_at, a.id from ${assets} a where a.organization_id = ${organizationId} and a.id = ${after})`;
}

/**
 * One page of an organization's assets, newest first, and how many match the search, counted one row
 * past `countedUpTo` (MAX_COUNTED_ROWS, or MAX_COUNTED_SEARCH_ROWS for a search). `after` reads on
 * after that asset (keyset), however deep.
 */
export async function listAssets(
  db: DbOrTx,
  organizationId: string,
  query: { search?: string | undefined; page: number; pageSize: number; after?: string | undefined },
): Promise<{ rows: AssetRow[]; total: number; countedUpTo: number }> {
  const where = listCondition(organizationId, query.search);
  const countedUpTo = query.search ? MAX_COUNTED_SEARCH_ROWS : MAX_COUNTED_ROWS;
  if (query.search && !query.after && query.page * query.pageSize <= countedUpTo) {
    return { ...(await searchPage(db, organizationId, where, query)), countedUpTo };
  }
  const { rows, total } = await countedPageOfRows(
    db,
    assets,
    {
      where,
      from: afterAsset(organizationId, query.after),
      scope: eq(assets.organizationId, organizationId),
      order: NEWEST_FIRST,
      countCap: countedUpTo + 1,
      // The whole list's size is kept by a trigger (ADR 039); a search's matches are counted.
      knownTotal: query.search ? undefined : () => countAssetsOf(db, organizationId),
    },
    query,
  );
  return { rows, total, countedUpTo };
}

const NEWEST_FIRST = [descNullsLast(assets.createdAt), descNullsLast(assets.id)];

/**
 * Up to `size` of the organization's assets that the list shows for `search`, in its order, after
 * the asset `after` (keyset): one batch of an export, however deep.
 */
export function findAssetBatch(
  db: DbOrTx,
  organizationId: string,
  search: string | undefined,
  after: string | undefined,
  size: number,
): Promise<AssetRow[]> {
  return db
    .select()
    .from(assets)
    .where(and(listCondition(organizationId, search), afterAsset(organizationId, after)))
    .orderBy(...NEWEST_FIRST)
    .limit(size);
}

/** The custom values of these assets of the organization (of these fields only, when given). */
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
        eq(assetFieldValues.organizationId, organizationId),
        inArray(assetFieldValues.assetId, assetIds),
        fieldIds ? inArray(assetFieldValues.fieldId, fieldIds) : undefined,
      ),
    );
}

/**
 * A page of a search within its counted matches: one walk finds the ids of the newest
 * MAX_COUNTED_SEARCH_ROWS + 1 matches, which are both the count and every page among them, where a
 * count and a page apart read the matches twice (a rare term's trigram index scans, twice).
 */
async function searchPage(
  db: DbOrTx,
  organizationId: string,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
): Promise<{ rows: AssetRow[]; total: number }> {
  const matches = await db
    .select({ id: assets.id })
    .from(assets)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(MAX_COUNTED_SEARCH_ROWS + 1);
  const start = (page.page - 1) * page.pageSize;
  const ids = matches.slice(start, start + page.pageSize).map((match) => match.id);
  if (ids.length === 0) return { rows: [], total: matches.length };
  const rows = await db
    .select()
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), inArray(assets.id, ids)))
    .orderBy(...NEWEST_FIRST);
  return { rows, total: matches.length };
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
  value: string | null;
}

/**
 * The custom values an asset shows, as one JSON column of its row: every active Asset definition
 * (value or null) and the retired ones that hold a value, in display order.
 */
const fieldDisplay = jsonRows(
  sql`json_build_object('fieldId', d.id, 'label', d.label, 'value', v.value, 'isActive', d.is_active)`,
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
};

/** An asset's planned maintenance as its page reads it. */
export interface AssetPlanRow {
  timeZone: string;
  openDueOn: string | null;
  scheduledDueOn: string | null;
}

/**
 * The asset with `key` (the placeholder of the same name), with or without the custom values and
 * the planned maintenance it shows.
 */
const assetByKey = (key: 'id' | 'slug', withFields: boolean) => (db: DbOrTx) =>
  db
    .select({
      ...getTableColumns(assets),
      ...(withFields ? { fields: fieldDisplay, ...nextServiceColumns } : {}),
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

/** An asset of the organization by id or slug, with the custom values and planned maintenance it shows (one statement). */
export async function findAssetWithFields(
  db: DbOrTx,
  organizationId: string,
  key: { id: string } | { slug: string },
): Promise<{ row: AssetRow; fields: AssetFieldDisplay[]; plan: AssetPlanRow } | undefined> {
  const [found] = await ('id' in key
    ? assetViewById(db, { organizationId, id: key.id })
    : assetViewBySlug(db, { organizationId, slug: key.slug }));
  if (!found) return undefined;
  const { fields, timeZone, openDueOn, scheduledDueOn, ...row } = found as AssetRow & {
    fields: AssetFieldDisplay[];
  } & AssetPlanRow;
  return { row, fields, plan: { timeZone, openDueOn, scheduledDueOn } };
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
    .onConflictDoUpdate({ target: [assetFieldValues.assetId, assetFieldValues.fieldId], set: { value } });
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

/** Deletes every custom value of an asset (its deletion). */
export async function deleteAllAssetValues(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
): Promise<void> {
  await db
    .delete(assetFieldValues)
    .where(and(eq(assetFieldValues.organizationId, organizationId), eq(assetFieldValues.assetId, assetId)));
}

/** Deletes the asset's row (after what hangs on it). */
export async function deleteAssetRow(db: DbOrTx, organizationId: string, assetId: string): Promise<void> {
  await db.delete(assets).where(and(eq(assets.organizationId, organizationId), eq(assets.id, assetId)));
}

/**
 * The ids of up to `limit` of the organization's assets that the list shows for `search` (all of them
 * without one), newest first: the labels of "all N matching" (modules/labels).
 */
export async function findAssetIdsForLabels(
  db: DbOrTx,
  organizationId: string,
  search: string | undefined,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(listCondition(organizationId, search))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map((row) => row.id);
}
