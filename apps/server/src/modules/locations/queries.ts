import { addDays, DUE_SOON_DAYS, LOCATION_PATH_SEPARATOR } from '@mqr/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { locations, NO_PARENT } from '#server/db/schema.ts';

/**
 * The locations' SQL (ADR 122). A location's subtree is the range of paths that start with its own
 * (`locations_org_path_idx`); what it holds is read from its rolled-up tallies, never counted.
 */

export type LocationRow = typeof locations.$inferSelect;
export type LocationInsert = typeof locations.$inferInsert;

type Rows<T> = { rows: T[] };

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** A `uuid[]` parameter. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The ids along a path, from the top to the location itself. */
export function pathIds(path: string): string[] {
  return path.split('/').filter((id) => id !== '');
}

/** The LIKE pattern of a subtree: every path that starts with `path` (ids and slashes hold no wildcard). */
export const subtreePattern = (path: string) => `${path}%`;

/** `'/'`: the path a location at the top hangs under. */
export const ROOT_PATH = '/';

/** What a location holds, rolled up, as its row in the tree shows it. */
export interface CountsRow {
  assets: number;
  ownAssets: number;
  openTasks: number;
  overdue: number;
  dueSoon: number;
  childCount: number;
}

export type LocationWithCounts = LocationRow & CountsRow;

/**
 * The columns of a location row `l` with its rolled-up counts (`today`: the organization's date) and
 * how many locations are right below it: one key probe of the tallies and two short index ranges.
 */
function withCounts(today: string): SQL {
  const soon = addDays(today, DUE_SOON_DAYS);
  return sql`l.id, l.organization_id as "organizationId", l.parent_id as "parentId", l.name, l.code,
    l.address, l.notes, l.slug, l.path, l.depth, l.full_path as "fullPath", l.created_by_id as "createdById",
    l.updated_by_id as "updatedById", l.created_at as "createdAt", l.updated_at as "updatedAt",
    coalesce(r.assets, 0)::int as assets, coalesce(r.own_assets, 0)::int as "ownAssets",
    coalesce(r.open_tasks, 0)::int as "openTasks",
    coalesce((select sum(d.open) from location_due_rollups d where d.organization_id = l.organization_id
      and d.location_id = l.id and d.due_on < ${today}::date), 0)::int as overdue,
    coalesce((select sum(d.open) from location_due_rollups d where d.organization_id = l.organization_id
      and d.location_id = l.id and d.due_on between ${today}::date and ${soon}::date), 0)::int as "dueSoon",
    (select count(*) from locations c where c.organization_id = l.organization_id
      and coalesce(c.parent_id, ${NO_PARENT}::uuid) = l.id)::int as "childCount"`;
}

const fromLocations = sql`from locations l left join location_rollups r
  on r.location_id = l.id and r.organization_id = l.organization_id`;

/** Timestamps arrive as text from a raw statement: as the row type has them. */
function asLocation<T extends LocationRow>(row: T): T {
  return { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

/** One location of the organization with its counts; undefined for another organization's or none. */
export async function findLocationWithCounts(
  db: DbOrTx,
  organizationId: string,
  key: { id: string } | { slug: string },
  today: string,
): Promise<LocationWithCounts | undefined> {
  const where = 'id' in key ? sql`l.id = ${key.id}` : sql`l.slug = ${key.slug}`;
  const [row] = await rowsOf<LocationWithCounts>(
    db,
    sql`select ${withCounts(today)} ${fromLocations} where l.organization_id = ${organizationId} and ${where}`,
  );
  return row && asLocation(row);
}

/**
 * The locations right below `parentId` (null: the top ones), by name, `limit` after `offset`, with their
 * counts, and how many there are (`locations_org_parent_name_unique` holds them in this order).
 */
export async function findChildren(
  db: DbOrTx,
  organizationId: string,
  parentId: string | null,
  window: { offset: number; limit: number },
  today: string,
): Promise<{ rows: LocationWithCounts[]; total: number }> {
  const parentKey = sql`coalesce(l.parent_id, ${NO_PARENT}::uuid) = ${parentId ?? NO_PARENT}::uuid`;
  const [rows, [counted]] = await Promise.all([
    rowsOf<LocationWithCounts>(
      db,
      sql`select ${withCounts(today)} ${fromLocations}
        where l.organization_id = ${organizationId} and ${parentKey}
        order by lower(l.name), l.id limit ${window.limit} offset ${window.offset}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from locations l where l.organization_id = ${organizationId} and ${parentKey}`,
    ),
  ]);
  return { rows: rows.map(asLocation), total: counted?.n ?? 0 };
}

/** A location of the organization; `lock` holds it (`update`: for a change of it, `share`: while something is put there). */
export async function findLocation(
  db: DbOrTx,
  organizationId: string,
  id: string,
  lock?: 'update' | 'share',
): Promise<LocationRow | undefined> {
  const query = db
    .select()
    .from(locations)
    .where(and(eq(locations.organizationId, organizationId), eq(locations.id, id)))
    .limit(1);
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

/** The names of the locations along `path` above the location itself, from the top. */
export async function findAncestors(
  db: DbOrTx,
  organizationId: string,
  path: string,
): Promise<{ id: string; name: string }[]> {
  const ids = pathIds(path).slice(0, -1);
  if (ids.length === 0) return [];
  return rowsOf(
    db,
    sql`select l.id, l.name from locations l where l.organization_id = ${organizationId}
      and l.id = any(${uuidArray(ids)}) order by l.depth`,
  );
}

/** The location right below `parentId` (null: at the top) named `name` whatever its case, if any. */
export async function findChildByName(
  db: DbOrTx,
  organizationId: string,
  parentId: string | null,
  name: string,
): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(locations)
    .where(
      sql`${locations.organizationId} = ${organizationId}
        and coalesce(${locations.parentId}, ${NO_PARENT}::uuid) = ${parentId ?? NO_PARENT}::uuid
        and lower(${locations.name}) = lower(${name})`,
    )
    .limit(1);
  return row;
}

/** Inserts a location unless its slug is taken in the organization (then undefined, nothing inserted). */
export async function insertLocationUnlessSlugTaken(
  db: DbOrTx,
  values: LocationInsert,
): Promise<LocationRow | undefined> {
  const [row] = await db
    .insert(locations)
    .values(values)
    .onConflictDoNothing({ target: [locations.organizationId, locations.slug] })
    .returning();
  return row;
}

/**
 * Writes a location's details; a new name rewrites the full paths of its subtree (its own included),
 * which start with its old full path.
 */
export async function updateLocationDetails(
  tx: DbOrTx,
  current: LocationRow,
  values: Pick<LocationRow, 'name' | 'code' | 'address' | 'notes' | 'updatedById'>,
  newFullPath: string,
): Promise<void> {
  await tx
    .update(locations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(locations.organizationId, current.organizationId), eq(locations.id, current.id)));
  if (values.name === current.name) return;
  // Lengths in characters, as the database counts them (a name may hold characters beyond UTF-16's one unit).
  await tx.execute(sql`update locations l
    set full_path = ${newFullPath}::text || substr(l.full_path, length(${current.fullPath}::text) + 1)
    where l.organization_id = ${current.organizationId} and l.path like ${subtreePattern(current.path)}`);
}

/** Where a subtree hangs: its parent's path, full path and depth (the top: '/', '' and 0). */
export interface Anchor {
  path: string;
  fullPath: string;
  depth: number;
}

export const TOP_ANCHOR: Anchor = { path: ROOT_PATH, fullPath: '', depth: 0 };

/** A location as the anchor of what hangs below it. */
export const anchorOf = (row: Pick<LocationRow, 'path' | 'fullPath' | 'depth'>): Anchor => ({
  path: row.path,
  fullPath: row.fullPath,
  depth: row.depth,
});

/** The full path of a location below `anchor` named `name`. */
export const fullPathUnder = (anchor: Anchor, name: string) =>
  anchor.fullPath === '' ? name : `${anchor.fullPath}${LOCATION_PATH_SEPARATOR}${name}`;

/** The prefix the full paths below an anchor start with. */
const fullPrefix = (anchor: Anchor) =>
  anchor.fullPath === '' ? '' : `${anchor.fullPath}${LOCATION_PATH_SEPARATOR}`;

/**
 * Moves what hangs below `from` (the locations whose paths start with `from.path`, but `except`) to
 * hang below `to`: their paths, full paths and depths rewritten in one statement, and the parent of
 * those right below `from` (`fromParentId`) becomes `toParentId`. Takes their rows' locks.
 */
export async function rehangSubtrees(
  tx: DbOrTx,
  organizationId: string,
  move: {
    /** The paths the moved locations start with (a moved location's parent's, or its own for its children). */
    from: Anchor;
    to: Anchor;
    /** The rows whose paths start with `from.path`, or only the subtree of one location below it. */
    within: string;
    except?: string;
    fromParentId: string | null;
    toParentId: string | null;
  },
): Promise<void> {
  const { from, to } = move;
  await tx.execute(sql`update locations l set
      path = ${to.path}::text || substr(l.path, ${from.path.length + 1}),
      full_path = ${fullPrefix(to)}::text || substr(l.full_path, length(${fullPrefix(from)}::text) + 1),
      depth = l.depth + ${to.depth - from.depth},
      parent_id = case when coalesce(l.parent_id, ${NO_PARENT}::uuid) = ${move.fromParentId ?? NO_PARENT}::uuid
        then ${move.toParentId}::uuid else l.parent_id end
    where l.organization_id = ${organizationId} and l.path like ${subtreePattern(move.within)}
      ${move.except ? sql`and l.id <> ${move.except}` : sql``}`);
}

/** The deepest depth in a location's subtree (excluding `except`), or 0 when nothing is there. */
export async function deepestIn(
  db: DbOrTx,
  organizationId: string,
  path: string,
  except?: string,
): Promise<number> {
  const [row] = await rowsOf<{ depth: number | null }>(
    db,
    sql`select max(l.depth)::int as depth from locations l where l.organization_id = ${organizationId}
      and l.path like ${subtreePattern(path)} ${except ? sql`and l.id <> ${except}` : sql``}`,
  );
  return row?.depth ?? 0;
}

/** The names (lower-cased) right below both `a` and `b` (null: the top): those that would clash if joined. */
export async function clashingChildNames(
  db: DbOrTx,
  organizationId: string,
  a: string,
  b: string | null,
): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select lower(x.name) as name from locations x join locations y
      on y.organization_id = x.organization_id and lower(y.name) = lower(x.name)
      and coalesce(y.parent_id, ${NO_PARENT}::uuid) = ${b ?? NO_PARENT}::uuid
      where x.organization_id = ${organizationId} and x.parent_id = ${a} limit 10`,
  );
  return rows.map((row) => row.name);
}

/** How many assets (in service or retired) are at the location itself, and how many locations right below it. */
export async function findHoldings(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<{ assets: number; locations: number }> {
  const [row] = await rowsOf<{ assets: number; locations: number }>(
    db,
    sql`select (select count(*) from assets a where a.organization_id = ${organizationId} and a.location_id = ${id})::int as assets,
      (select count(*) from locations c where c.organization_id = ${organizationId} and c.parent_id = ${id})::int as locations`,
  );
  return row ?? { assets: 0, locations: 0 };
}

/** Deletes a location (its rolled-up tallies go with it: they are all zero by then). */
export async function deleteLocationRow(tx: DbOrTx, organizationId: string, id: string): Promise<void> {
  await tx.delete(locations).where(and(eq(locations.organizationId, organizationId), eq(locations.id, id)));
}

/**
 * Carries the rolled-up tallies of the locations `rootIds` (and so of everything below them) from the
 * locations `fromChain` to `toChain` (ADR 122): what moved leaves the old ancestors and joins the new
 * ones; a location in both chains keeps its tallies. Run after the moved rows are locked.
 */
export async function carryRollups(
  tx: DbOrTx,
  organizationId: string,
  rootIds: readonly string[],
  fromChain: readonly string[],
  toChain: readonly string[],
): Promise<void> {
  if (rootIds.length === 0) return;
  const chain = sql`select c.id, sum(c.w)::int as w from (
      select unnest(${uuidArray(fromChain)}) as id, -1 as w union all select unnest(${uuidArray(toChain)}), 1) c
    group by c.id having sum(c.w) <> 0`;
  await tx.execute(sql`with moved as (
      select coalesce(sum(m.assets), 0)::int as assets, coalesce(sum(m.open_tasks), 0)::int as open_tasks
      from location_rollups m where m.organization_id = ${organizationId} and m.location_id = any(${uuidArray(rootIds)})
    ), chain as (${chain})
    insert into location_rollups as r (location_id, organization_id, assets, own_assets, open_tasks)
    select c.id, ${organizationId}, c.w * m.assets, 0, c.w * m.open_tasks from chain c, moved m
    where m.assets <> 0 or m.open_tasks <> 0
    on conflict (location_id, organization_id) do update set assets = r.assets + excluded.assets, open_tasks = r.open_tasks + excluded.open_tasks`);
  await tx.execute(sql`with moved as (
      select m.due_on, sum(m.open)::int as open from location_due_rollups m
      where m.organization_id = ${organizationId} and m.location_id = any(${uuidArray(rootIds)})
      group by m.due_on having sum(m.open) <> 0
    ), chain as (${chain})
    insert into location_due_rollups as r (location_id, organization_id, due_on, open)
    select c.id, ${organizationId}, m.due_on, c.w * m.open from chain c, moved m
    on conflict (location_id, due_on, organization_id) do update set open = r.open + excluded.open`);
}

/** The ids of the locations right below a location. */
export async function findChildIds(db: DbOrTx, organizationId: string, id: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select l.id from locations l where l.organization_id = ${organizationId} and l.parent_id = ${id}`,
  );
  return rows.map((row) => row.id);
}

/** A location option of the type-ahead. */
export interface OptionRow {
  id: string;
  name: string;
  code: string | null;
  parentId: string | null;
  fullPath: string;
  depth: number;
}

/**
 * The type-ahead (ADR 122): locations whose full path holds every word, the shallowest first, then by
 * path. A common word walks `locations_org_depth_path_idx` and stops at `limit`; a rare one is found
 * on the trigram index; PostgreSQL tells them apart. Read through `locations_in_scope`, whose ILIKE may
 * use that index under row-level security (ADR 066).
 */
export async function searchLocations(
  db: DbOrTx,
  organizationId: string,
  words: readonly string[],
  limit: number,
): Promise<OptionRow[]> {
  const conditions = words.map((word) => sql`l.full_path ilike ${containsPattern(word)}`);
  return rowsOf<OptionRow>(
    db,
    sql`select l.id, l.name, l.code, l.parent_id as "parentId", l.full_path as "fullPath", l.depth
      from locations_in_scope l where l.organization_id = ${organizationId} and ${sql.join(conditions, sql` and `)}
      order by l.depth, l.full_path, l.id limit ${limit}`,
  );
}

/** Where some locations are, for answers that name them: id, name and full path, by id. */
export async function findLocationRefs(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string; path: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; name: string; path: string }>(
    db,
    sql`select l.id, l.name, l.full_path as path from locations l
      where l.organization_id = ${organizationId} and l.id = any(${uuidArray([...new Set(ids)])})`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Assets in service at a location and below it (its rolled-up tally, or 0), and in its whole
 * organization (the kept count of ADR 039).
 */
export async function rolledAssetsOf(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<{ assets: number; organizationAssets: number }> {
  const [row] = await rowsOf<{ assets: number; organizationAssets: number }>(
    db,
    sql`select coalesce((select r.assets from location_rollups r
        where r.organization_id = ${organizationId} and r.location_id = ${id}), 0) as assets,
      coalesce((select c.assets from organization_asset_counts c
        where c.organization_id = ${organizationId}), 0) as "organizationAssets"`,
  );
  return row ?? { assets: 0, organizationAssets: 0 };
}

/** Assets in service with a location: the top locations' rolled-up tallies summed. */
export async function placedAssetsOf(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(sum(r.assets), 0)::int as n from locations l join location_rollups r on r.location_id = l.id
      where l.organization_id = ${organizationId} and coalesce(l.parent_id, ${NO_PARENT}::uuid) = ${NO_PARENT}::uuid`,
  );
  return row?.n ?? 0;
}

/** The ids of a location's subtree (itself included), or undefined when it holds more than `max`. */
export async function findSubtreeIds(
  db: DbOrTx,
  organizationId: string,
  path: string,
  max: number,
): Promise<string[] | undefined> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select l.id from locations l where l.organization_id = ${organizationId}
      and l.path like ${subtreePattern(path)} limit ${max + 1}`,
  );
  return rows.length > max ? undefined : rows.map((row) => row.id);
}
