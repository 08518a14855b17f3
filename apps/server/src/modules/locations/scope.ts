import { NO_LOCATION, nextServiceOf, PUBLIC_LOCATION_ASSETS_MAX, type TPublicLocation } from '@mqr/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { isUuid } from '#server/lib/uuid.ts';
import {
  findLocation,
  findLocationWithCounts,
  findSubtreeIds,
  type LocationRow,
  placedAssetsOf,
  rolledAssetsOf,
  subtreePattern,
  uuidArray,
} from './queries.ts';
import { locationNotFound } from './service.ts';

/**
 * The asset list's location filter (ADR 122), resolved: the assets at a location and below it (its
 * subtree's path, its locations' ids when they are few, and how many assets in service it holds, from
 * its rolled-up tally), or the assets without a location (`none`: how many assets in service have
 * one). 404 on `location` for a location of another organization.
 */
export type LocationFilter =
  | {
      kind: 'subtree';
      organizationId: string;
      path: string;
      locationIds: string[] | undefined;
      assets: number;
      /** Its assets are read location by location, each on its own index (readsByLocation). */
      byLocation: boolean;
    }
  | { kind: 'none'; organizationId: string; placed: number };

/**
 * A subtree of at most this many locations is given to the list's statement as their ids (ADR 122):
 * PostgreSQL then estimates its assets from each location's statistics and reads a small location's
 * on its own index, a large one's along the list's order; given as a subquery, it guesses.
 */
export const LOCATION_FILTER_IDS_MAX = 500;

export async function resolveLocationFilter(
  db: DbOrTx,
  organizationId: string,
  location: string,
): Promise<LocationFilter> {
  if (location === NO_LOCATION) {
    return { kind: 'none', organizationId, placed: await placedAssetsOf(db, organizationId) };
  }
  const row = isUuid(location) ? await findLocation(db, organizationId, location) : undefined;
  if (!row) throw locationNotFound('location');
  const [locationIds, { assets, organizationAssets }] = await Promise.all([
    findSubtreeIds(db, organizationId, row.path, LOCATION_FILTER_IDS_MAX),
    rolledAssetsOf(db, organizationId, row.id),
  ]);
  const byLocation =
    locationIds !== undefined && readsByLocation(locationIds.length, assets, organizationAssets);
  return { kind: 'subtree', organizationId, path: row.path, locationIds, assets, byLocation };
}

/**
 * Whether a page of a subtree's assets, newest first, is cheaper read location by location than along
 * the organization's own order (ADR 122). The walk in the list's order checks about
 * `organizationAssets / assets` assets (a row read each) for every one it keeps: a floor holding one
 * asset in 120 passes 3,000 to fill a page (18 ms at a million assets). Read location by location,
 * each location gives at most a page from its own index (assets_org_location_created_idx, without
 * reading the rows) and the pages are merged: a descent of the index per location (about as costly as
 * the walk's look at ten assets), 1 ms for that floor's 79 locations. So the locations win when they
 * are fewer than ten times the assets the walk would check per asset kept.
 */
function readsByLocation(locations: number, assets: number, organizationAssets: number): boolean {
  return locations * assets <= 10 * organizationAssets;
}

/**
 * The condition "the asset row `alias` is within the filter": its location among the subtree's ids
 * (their statistics tell PostgreSQL whether to walk the list's order checking each asset, for a
 * large location, or to read a small one's assets on `assets_org_location_created_idx` and sort them),
 * a semi-join on the subtree's path range for a subtree of very many locations (a large one), or no
 * location.
 */
export function locationCondition(filter: LocationFilter, alias: string): ReturnType<typeof sql> {
  const column = sql.raw(`${alias}.location_id`);
  if (filter.kind === 'none') return sql`${column} is null`;
  if (filter.locationIds) return sql`${column} = any(${uuidArray(filter.locationIds)})`;
  return sql`${column} in (select s.id from locations s where s.organization_id = ${filter.organizationId}
    and s.path like ${subtreePattern(filter.path)})`;
}

/**
 * The locations of a filter read location by location (`byLocation`) as rows `alias(id)`, each met
 * by a lateral read of its assets; undefined for any other filter.
 */
export function locationRowsToRead(filter: LocationFilter | undefined, alias: string): SQL | undefined {
  if (filter?.kind !== 'subtree' || !filter.byLocation || !filter.locationIds) return undefined;
  return sql`unnest(${uuidArray(filter.locationIds)}) ${sql.raw(alias)}(id)`;
}

/** Where an asset is to be put: a location of the organization (held until the transaction ends), or 404 on `field`. */
export async function locationForAsset(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  field: string,
): Promise<LocationRow> {
  const row = isUuid(id) ? await findLocation(tx, organizationId, id, 'share') : undefined;
  if (!row) throw locationNotFound(field);
  return row;
}

/**
 * What a location's public page shows (docs/product/locations.md#public-pages): its name and path, and
 * the names and next service of the assets in service at it and below it, by name (at most
 * PUBLIC_LOCATION_ASSETS_MAX), with how many there are. 404 for an unknown slug.
 */
export async function findPublicLocation(
  db: DbOrTx,
  organizationId: string,
  slug: string,
  today: string,
): Promise<TPublicLocation> {
  const row = await findLocationWithCounts(db, organizationId, { slug }, today);
  if (!row) throw locationNotFound();
  const result = (await db.execute(sql`select a.name, a.slug,
      (select min(e.due_on)::text from maintenance_events e where e.organization_id = a.organization_id
        and e.asset_id = a.id and e.task_status <> 'Completed' and e.due_on is not null) as "openDueOn",
      (select min(s.next_due_on)::text from schedules s where s.organization_id = a.organization_id
        and s.asset_id = a.id and s.paused_at is null and s.next_due_on is not null) as "scheduledDueOn"
    from assets a where a.organization_id = ${organizationId} and a.retired_at is null
      and a.location_id in (select l.id from locations l where l.organization_id = ${organizationId}
        and l.path like ${subtreePattern(row.path)})
    order by lower(a.name), a.id limit ${PUBLIC_LOCATION_ASSETS_MAX}`)) as unknown as {
    rows: { name: string; slug: string; openDueOn: string | null; scheduledDueOn: string | null }[];
  };
  return {
    name: row.name,
    path: row.fullPath,
    organizationId,
    assetCount: row.assets,
    assets: result.rows.map((asset) => ({
      name: asset.name,
      slug: asset.slug,
      ...nextServiceOf(asset, today),
    })),
  };
}
