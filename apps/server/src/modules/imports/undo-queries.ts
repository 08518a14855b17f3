import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { inOrganization } from '#server/db/organization-filter.ts';
import {
  assetFieldValues,
  assets,
  files,
  type ImportChangeBefore,
  importChanges,
  importRuns,
  maintenanceEvents,
  schedules,
} from '#server/db/schema.ts';
import type { ImportRunRow } from './queries.ts';

/**
 * The statements of an undo (ADR 093), each over every asset of the import at once, read from
 * import_changes by its primary key (import, asset). An asset deleted since has no row of assets to
 * join and is left out.
 */

const ofImport = (organizationId: string, importId: string) =>
  sql`c.organization_id = ${organizationId} and c.import_id = ${importId}`;

/**
 * The import's asset `a`, read by its primary key: its organization a filter the planner does not
 * pick an index by (ADR 073), or it walks all of a just-imported tenant's rows per asset.
 */
const isTheAsset = (organizationId: string) =>
  sql`a.id = c.asset_id and ${inOrganization(sql`a.organization_id`, organizationId)}`;

/** The organization's import, locked until the transaction ends: two undos take turns. */
export async function lockImportRun(
  tx: DbOrTx,
  organizationId: string,
  importId: string,
): Promise<ImportRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.organizationId, organizationId), eq(importRuns.id, importId)))
    .for('update');
  return row;
}

/**
 * Locks every asset of the import until the transaction ends: no edit, event or file can reach one
 * between the look for changes and the undo (recording an event holds its asset).
 */
export async function lockImportAssets(tx: DbOrTx, organizationId: string, importId: string): Promise<void> {
  await tx.execute(sql`
    select count(*) from (
      select 1 from ${importChanges} c
      join ${assets} a on ${isTheAsset(organizationId)}
      where ${ofImport(organizationId, importId)}
      for update of a
    ) locked`);
}

/**
 * Where an updated asset goes back to: the location the import took it from, unless deleted since
 * (then none). Null for an asset whose location the import did not write.
 */
const locationBefore = sql`(select l.id from locations l
  where l.organization_id = a.organization_id and l.id = (c.before ->> 'locationId')::uuid)`;

/**
 * How many assets of the import undoing would delete (created), put back (updated), and of those
 * move back to another location (movedBack).
 */
export async function countImportChanges(
  tx: DbOrTx,
  organizationId: string,
  importId: string,
): Promise<{ created: number; updated: number; movedBack: number }> {
  const result = (await tx.execute(sql`
    select count(*) filter (where c.created)::int as created, count(*) filter (where not c.created)::int as updated,
      count(*) filter (where not c.created and c.before ? 'locationId'
        and a.location_id is distinct from ${locationBefore})::int as "movedBack"
    from ${importChanges} c
    join ${assets} a on ${isTheAsset(organizationId)}
    where ${ofImport(organizationId, importId)}`)) as unknown as {
    rows: { created: number; updated: number; movedBack: number }[];
  };
  return result.rows[0] ?? { created: 0, updated: 0, movedBack: 0 };
}

/**
 * The assets of the import that changed since it wrote them (the first `limit` by name, and how many
 * did): edited, retired, restored or updated again (their updated_at is no longer the import's), or
 * given an event, a file or a schedule since. Any of those on an asset the import created, which did
 * not exist before it, is since. An event imported with a past creation time was still written
 * (updated_at) after.
 */
export async function findChangedSince(
  tx: DbOrTx,
  organizationId: string,
  importId: string,
  limit: number,
): Promise<{ assets: { id: string; name: string; slug: string }[]; total: number }> {
  const result = (await tx.execute(sql`
    select a.id, a.name, a.slug, count(*) over ()::int as total
    from ${importChanges} c
    join ${assets} a on ${isTheAsset(organizationId)}
    where ${ofImport(organizationId, importId)} and (
      a.updated_at is distinct from c.written_at
      or exists (select 1 from ${maintenanceEvents} e
        where e.organization_id = c.organization_id and e.asset_id = c.asset_id
          and (c.created or e.updated_at > c.written_at))
      or exists (select 1 from ${files} f
        where f.organization_id = c.organization_id and f.asset_id = c.asset_id
          and (c.created or f.created_at > c.written_at))
      or exists (select 1 from ${schedules} s
        where s.organization_id = c.organization_id and s.asset_id = c.asset_id
          and (c.created or s.created_at > c.written_at)))
    order by lower(a.name), a.id
    limit ${limit}`)) as unknown as { rows: { id: string; name: string; slug: string; total: number }[] };
  return {
    assets: result.rows.map(({ id, name, slug }) => ({ id, name, slug })),
    total: result.rows[0]?.total ?? 0,
  };
}

/** An asset of the import as it is now, with what the import replaced (updates). */
export interface UndoAsset {
  id: string;
  created: boolean;
  before: ImportChangeBefore | null;
  name: string;
  slug: string;
  description: string | null;
  externalId: string | null;
  /** Where it is now. */
  locationId: string | null;
}

/** Up to `size` assets of the import after the asset `after`, by id (the audit entries' batches). */
export function findUndoBatch(
  tx: DbOrTx,
  organizationId: string,
  importId: string,
  after: string | undefined,
  size: number,
): Promise<UndoAsset[]> {
  return tx
    .select({
      id: assets.id,
      created: importChanges.created,
      before: importChanges.before,
      name: assets.name,
      slug: assets.slug,
      description: assets.description,
      externalId: assets.externalId,
      locationId: assets.locationId,
    })
    .from(importChanges)
    .innerJoin(
      assets,
      and(eq(assets.id, importChanges.assetId), inOrganization(assets.organizationId, organizationId)),
    )
    .where(
      and(
        eq(importChanges.organizationId, organizationId),
        eq(importChanges.importId, importId),
        after ? gt(importChanges.assetId, after) : undefined,
      ),
    )
    .orderBy(asc(importChanges.assetId))
    .limit(size);
}

/** Deletes the assets the import created, with their custom values (they have nothing else: ADR 093). */
export async function deleteCreatedAssets(
  tx: DbOrTx,
  organizationId: string,
  importId: string,
): Promise<void> {
  const created = sql`select c.asset_id from ${importChanges} c where ${ofImport(organizationId, importId)} and c.created`;
  await tx.execute(sql`
    delete from ${assetFieldValues}
    where asset_id in (${created}) and ${inOrganization(sql`organization_id`, organizationId)}`);
  await tx.execute(sql`
    delete from ${assets}
    where id in (${created}) and ${inOrganization(sql`organization_id`, organizationId)}`);
}

/**
 * Puts the assets the import updated back as they were: name, and the description, external ID,
 * location, parent and custom values it replaced (a value it filled where there was none is cleared).
 */
export async function revertUpdatedAssets(
  tx: DbOrTx,
  organizationId: string,
  importId: string,
  actorId: string,
  now: Date,
): Promise<void> {
  const updated = sql`${ofImport(organizationId, importId)} and not c.created`;
  await tx.execute(sql`
    update ${assets} a set
      name = c.before ->> 'name',
      description = case when c.before ? 'description' then c.before ->> 'description' else a.description end,
      external_id = case when c.before ? 'externalId' then c.before ->> 'externalId' else a.external_id end,
      -- Where it was and its parent, unless deleted since (then none).
      location_id = case when c.before ? 'locationId' then ${locationBefore} else a.location_id end,
      parent_asset_id = case when c.before ? 'parentAssetId' then (select p.id from assets p
        where p.organization_id = a.organization_id and p.id = (c.before ->> 'parentAssetId')::uuid) else a.parent_asset_id end,
      updated_at = ${now.toISOString()}::timestamptz,
      updated_by_id = ${actorId}
    from ${importChanges} c
    where ${updated} and ${isTheAsset(organizationId)}`);
  await tx.execute(sql`
    delete from ${assetFieldValues} v
    using ${importChanges} c, jsonb_object_keys(c.before -> 'values') as k(field_id)
    where ${updated} and v.asset_id = c.asset_id and v.field_id = k.field_id::uuid
      and ${inOrganization(sql`v.organization_id`, organizationId)}`);
  await tx.execute(sql`
    insert into ${assetFieldValues} (organization_id, asset_id, field_id, value)
    select c.organization_id, c.asset_id, kv.key::uuid, kv.value
    from ${importChanges} c
    join ${assets} a on ${isTheAsset(organizationId)},
      jsonb_each_text(c.before -> 'values') as kv
    where ${updated} and kv.value is not null`);
}

/** Forgets what undoing the import needed (once undone, or discarded with it). */
export async function deleteImportChanges(
  tx: DbOrTx,
  organizationId: string,
  importId: string,
): Promise<void> {
  await tx
    .delete(importChanges)
    .where(and(eq(importChanges.organizationId, organizationId), eq(importChanges.importId, importId)));
}

/**
 * Deletes up to `limit` rows of what undoing needed, of imports of any organization that finished
 * before `cutoff` (their undo is gone); answers how many went.
 */
export async function deleteExpiredImportChanges(tx: DbOrTx, cutoff: Date, limit: number): Promise<number> {
  const result = (await tx.execute(sql`
    delete from ${importChanges} where (import_id, asset_id) in (
      select c.import_id, c.asset_id from ${importChanges} c
      join ${importRuns} r on r.id = c.import_id
      where r.finished_at < ${cutoff.toISOString()}::timestamptz
      limit ${limit})`)) as unknown as { rowCount: number | null };
  return result.rowCount ?? 0;
}
