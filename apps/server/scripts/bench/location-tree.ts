// The bench's location tree (ADR 122's data set, at the bench's scale): six levels of sites, buildings,
// floors, rooms, bays and cabinets, a node per 100 assets (10,000 at 1,000,000), made level by level in
// set-based SQL; the assets are placed on it as they are inserted (seedOrganization's placement), so
// the roll-up triggers count them as the application's writes would, and a fifth of them are made
// components of another asset.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

export const LEVEL_NAMES = ['Plant', 'Building', 'Floor', 'Room', 'Bay', 'Cabinet'] as const;
const SITES = 5;
/** Assets per location: 10,000 locations at 1,000,000 assets. */
const ASSETS_PER_LOCATION = 100;
/** A small tenant's tree still has six levels and a few nodes per level. */
const MIN_LOCATIONS = 60;
/** The first site holds this share of the assets, its first building (the one moved) this one. */
export const SITE_SHARE = 0.3;
export const BUILDING_SHARE = 0.05;
/** One asset in five is a component of another. */
const COMPONENT_EVERY = 5;
/** Placement slots per location: the assets' shares are those of the slots (seedOrganization). */
const SLOTS_PER_LOCATION = 20;

export interface TreeShape {
  /** Locations per level, sites first: six levels. */
  levels: number[];
  /** Children of each site, building, floor and room; the cabinets are dealt round the bays. */
  fanout: number;
}

export const locationsFor = (assets: number) =>
  Math.max(MIN_LOCATIONS, Math.round(assets / ASSETS_PER_LOCATION));

/**
 * Five sites, the same fanout below each of the first five levels (the largest that leaves room for
 * a sixth), and the rest of `total` as cabinets: 10,000 is 5, 30, 180, 1,080, 6,480 and 2,225.
 */
export function treeShape(total: number): TreeShape {
  const upTo = (fanout: number) => [0, 1, 2, 3, 4].map((level) => SITES * fanout ** level);
  const sum = (levels: number[]) => levels.reduce((a, b) => a + b, 0);
  let fanout = 1;
  while (sum(upTo(fanout + 1)) < total) fanout++;
  const levels = upTo(fanout);
  if (sum(levels) >= total) throw new Error(`A six-level tree needs more than ${sum(levels)} locations.`);
  return { levels: [...levels, total - sum(levels)], fanout };
}

/** Level `depth` (1 to 6), its locations numbered from 1: which of the level above each hangs below. */
function parentNumber(shape: TreeShape, depth: number): SQL {
  if (depth === LEVEL_NAMES.length) return sql`((j - 1) % ${shape.levels[depth - 2]!}) + 1`;
  return sql`((j - 1) / ${shape.fanout}) + 1`;
}

/** The number a location's name ends with ("Room 12"): its place in its level. */
const numberOf = (column: SQL) => sql`substring(${column} from '[0-9]+$')::int`;

export async function seedLocationTree(db: Db, organizationId: string, total: number): Promise<TreeShape> {
  const shape = treeShape(total);
  await db.execute(sql`
    WITH made AS (SELECT gen_random_uuid() AS id, j FROM generate_series(1, ${SITES}) AS j)
    INSERT INTO locations (id, organization_id, name, slug, path, depth, full_path)
    SELECT id, ${organizationId}::uuid, ${LEVEL_NAMES[0]} || ' ' || j, 'plant-' || j, '/' || id || '/', 1,
      ${LEVEL_NAMES[0]} || ' ' || j
    FROM made`);
  for (let depth = 2; depth <= LEVEL_NAMES.length; depth++) {
    const name = LEVEL_NAMES[depth - 1]!;
    await db.execute(sql`
      WITH parents AS (
        SELECT id, path, full_path, ${numberOf(sql`name`)} AS n FROM locations
        WHERE organization_id = ${organizationId} AND depth = ${depth - 1}
      ), made AS (
        SELECT gen_random_uuid() AS id, j, ${parentNumber(shape, depth)} AS parent
        FROM generate_series(1, ${shape.levels[depth - 1]!}) AS j
      )
      INSERT INTO locations (id, organization_id, parent_id, name, slug, path, depth, full_path)
      SELECT m.id, ${organizationId}::uuid, p.id, ${name} || ' ' || m.j, ${name.toLowerCase()} || '-' || m.j,
        p.path || m.id || '/', ${depth}, p.full_path || ' / ' || ${name} || ' ' || m.j
      FROM made m JOIN parents p ON p.n = m.parent`);
  }
  return shape;
}

type Rows<T> = { rows: T[] };

async function pathOf(db: Db, organizationId: string, depth: number, name: string): Promise<string> {
  const found = (await db.execute(
    sql`select path from locations where organization_id = ${organizationId} and depth = ${depth} and name = ${name}`,
  )) as unknown as Rows<{ path: string }>;
  if (!found.rows[0]) throw new Error(`The bench's tree has no ${name}.`);
  return found.rows[0].path;
}

/**
 * seedOrganization's placement: 5 % of the slots on the first building of the first site (and what
 * is below it), 25 % on the rest of that site, 70 % on the four other sites, each share dealt round
 * its locations in the order of their paths.
 */
export async function placementOf(
  db: Db,
  organizationId: string,
  total: number,
): Promise<{ slots: number; places: SQL }> {
  const site = await pathOf(db, organizationId, 1, `${LEVEL_NAMES[0]} 1`);
  const building = await pathOf(db, organizationId, 2, `${LEVEL_NAMES[1]} 1`);
  const bucket = sql`CASE WHEN path LIKE ${`${building}%`} THEN 0 WHEN path LIKE ${`${site}%`} THEN 1 ELSE 2 END`;
  const counted = (await db.execute(sql`
    select ${bucket} as bucket, count(*)::int as n from locations where organization_id = ${organizationId}
    group by 1 order by 1`)) as unknown as Rows<{ bucket: number; n: number }>;
  const sizes = [0, 1, 2].map((b) => counted.rows.find((row) => row.bucket === b)?.n ?? 0);
  if (sizes.some((n) => n === 0)) throw new Error('The bench tree has an empty share.');
  const slots = total * SLOTS_PER_LOCATION;
  const first = Math.round(slots * BUILDING_SHARE);
  const second = Math.round(slots * SITE_SHARE);
  const places = sql`
    SELECT s.slot, l.id AS location_id FROM generate_series(0, ${slots - 1}) AS s(slot)
    JOIN (SELECT id, ${bucket} AS bucket, row_number() OVER (PARTITION BY ${bucket} ORDER BY path) - 1 AS k
      FROM locations WHERE organization_id = ${organizationId}) AS l
    ON l.bucket = CASE WHEN s.slot < ${first} THEN 0 WHEN s.slot < ${second} THEN 1 ELSE 2 END
      AND l.k = CASE WHEN s.slot < ${first} THEN s.slot % ${sizes[0]!}
        WHEN s.slot < ${second} THEN (s.slot - ${first}) % ${sizes[1]!}
        ELSE (s.slot - ${second}) % ${sizes[2]!} END`;
  return { slots, places };
}

/** Every fifth asset (in the order of their ids) becomes a component of the one before it. */
export async function makeComponents(db: Db, organizationId: string): Promise<void> {
  await db.execute(sql`
    UPDATE assets a SET parent_asset_id = c.parent
    FROM (SELECT id, lag(id) OVER (ORDER BY id) AS parent, row_number() OVER (ORDER BY id) AS n
      FROM assets WHERE organization_id = ${organizationId}) AS c
    WHERE a.id = c.id AND c.n % ${COMPONENT_EVERY} = 0`);
}

/** What the location rows of the bench ask of a tenant's tree. */
export interface TenantLocations {
  /** The first site: its page (ADR 122's "site holding 300,000 assets"). */
  site: { id: string; assets: number };
  /** Its first building, moved to `otherSiteId` and back. */
  building: { id: string; assets: number; locations: number };
  otherSiteId: string;
  /** A floor of the first site outside the moved building, for the list by location. */
  floor: { id: string; assets: number };
  /** Type-ahead terms: a word in most paths, a word pair naming one cabinet, three words. */
  terms: { common: string; rare: string; words: string };
}

export async function tenantLocations(db: Db, organizationId: string): Promise<TenantLocations> {
  // The top three levels (215 locations at 10,000) with their kept counts.
  const top = (await db.execute(sql`
    select l.id, l.depth, l.name, l.path, coalesce(r.assets, 0)::int as assets
    from locations l left join location_rollups r on r.location_id = l.id
    where l.organization_id = ${organizationId} and l.depth <= 3
    order by l.depth, l.path`)) as unknown as Rows<{
    id: string;
    depth: number;
    name: string;
    path: string;
    assets: number;
  }>;
  const named = (name: string) => {
    const row = top.rows.find((r) => r.name === name);
    if (!row) throw new Error(`The data set has no location ${name}: give the benchmark an empty database.`);
    return row;
  };
  const site = named(`${LEVEL_NAMES[0]} 1`);
  const building = named(`${LEVEL_NAMES[1]} 1`);
  const floors = top.rows.filter((r) => r.depth === 3 && r.path.startsWith(site.path));
  const floor = floors.find((r) => !r.path.startsWith(building.path)) ?? floors[0]!;
  const [counts] = (
    (await db.execute(sql`
      select count(*) filter (where path like ${`${building.path}%`})::int as below,
        max(${numberOf(sql`name`)}) filter (where depth = ${LEVEL_NAMES.length})::int as cabinets
      from locations where organization_id = ${organizationId}`)) as unknown as Rows<{
      below: number;
      cabinets: number;
    }>
  ).rows;
  return {
    site: { id: site.id, assets: site.assets },
    building: { id: building.id, assets: building.assets, locations: counts!.below },
    otherSiteId: named(`${LEVEL_NAMES[0]} 2`).id,
    floor: { id: floor.id, assets: floor.assets },
    // The highest cabinet's number is no prefix of another's: one match.
    terms: { common: 'room', rare: `cabinet ${counts!.cabinets}`, words: 'plant 2 bay' },
  };
}
