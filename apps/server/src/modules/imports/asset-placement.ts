import {
  ASSET_COMPONENT_MAX_DEPTH,
  ASSET_HIERARCHY_MESSAGES,
  IMPORT_NEW_LOCATIONS_LISTED,
  IMPORT_SAID,
  joinLocationPath,
} from '@mqr/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import {
  ensureImportedLocations,
  findLocationsByPathKeys,
  locationPathKey,
  lockLocationTree,
  pathPrefixes,
} from '../locations/index.ts';
import type { Actor } from './import-kind.ts';
import { type CheckedRow, columnOf, type ImportPlan, type RowProblem, rowProblem } from './plan.ts';
import {
  type ExistingAsset,
  findAssetsBySlugs,
  findAssetsInServiceByNames,
  type ImportRunRow,
} from './queries.ts';

/**
 * Where a row of an asset file puts its asset (docs/product/imports.md#locations-and-parent-assets):
 * the location its path names, and the parent asset its slug or name names.
 */

/** A location the commit makes: the check's answer for a path the organization does not have yet. */
export const TO_BE_MADE = 'to be made';

/** How the check names an asset an earlier row of the file creates (`row:N`), as a parent. */
const FILE_ROW = 'row:';
export const isFileRow = (id: string) => id.startsWith(FILE_ROW);

export interface Placement {
  /** The location's id, TO_BE_MADE, null for none; undefined when no column is imported as location. */
  locationId?: string | null;
  /** The parent's id (`row:N` in the check for an earlier row that creates it), null for none; undefined when not imported. */
  parentAssetId?: string | null;
  /** The location's full path (the commit's, for the asset's history of moves). */
  locationPath?: string;
  /** What keeps the parent from being found (unknown, ambiguous). */
  problem?: RowProblem;
}

const lower = (text: string) => text.toLowerCase();

type Rows<T> = { rows: T[] };

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** The assets rows may name as their parent, by slug (lower-cased) and by lower-cased name in service. */
export interface ParentCandidates {
  bySlug: Map<string, ExistingAsset>;
  byName: Map<string, ExistingAsset[]>;
}

/** Reads the assets a batch's parent cells may name: by slug, then in service by name. */
export async function findParentCandidates(
  db: DbOrTx,
  organizationId: string,
  rows: CheckedRow[],
): Promise<ParentCandidates> {
  const refs = [...new Set(rows.flatMap((row) => (row.parent ? [lower(row.parent)] : [])))];
  const bySlug = new Map((await findAssetsBySlugs(db, organizationId, refs)).map((a) => [a.slug, a]));
  const byName = new Map<string, ExistingAsset[]>();
  for (const asset of await findAssetsInServiceByNames(db, organizationId, refs)) {
    byName.set(lower(asset.name), [...(byName.get(lower(asset.name)) ?? []), asset]);
  }
  return { bySlug, byName };
}

/**
 * The parent a cell names: an asset of the organization by slug, else one in service by name (two
 * such: ambiguous), else `inFile` (a row of the file that creates it); unknown otherwise.
 */
export function parentNamed(
  plan: ImportPlan,
  ref: string,
  candidates: ParentCandidates,
  inFile: (ref: string) => string | undefined,
): { id: string } | { problem: RowProblem } {
  const column = columnOf(plan, 'parentAsset');
  const bySlug = candidates.bySlug.get(lower(ref));
  if (bySlug) return { id: bySlug.id };
  const named = candidates.byName.get(lower(ref)) ?? [];
  if (named.length > 1) return { problem: rowProblem(column, IMPORT_SAID.parentAmbiguous(named.length)) };
  if (named[0]) return { id: named[0].id };
  const fileRow = inFile(ref);
  if (fileRow) return { id: fileRow };
  return { problem: rowProblem(column, IMPORT_SAID.parentUnknown(ref)) };
}

/** How the check and the commit name an asset a row of the file creates: `row:N` (N its row). */
export const fileRowOf = (row: CheckedRow) => `${FILE_ROW}${row.rowNumber}`;

/**
 * The commit's placement of a chunk's rows, in its transaction, under the organization's tree lock
 * (which also keeps parents from changing meanwhile): the locations their paths name, made where
 * missing (ensureImportedLocations: a commit retried finds them made); the parents by slug or name,
 * or an earlier row of the chunk (`row:N`, its id known once inserted). Earlier chunks' rows are
 * stored by then. A parent not found stops the import (planRow's problem).
 */
export async function placeChunk(
  tx: DbOrTx,
  run: ImportRunRow,
  actor: Actor,
  plan: ImportPlan,
  rows: CheckedRow[],
): Promise<Placement[]> {
  const organizationId = run.organizationId;
  if (plan.columns.location === undefined && plan.columns.parentAsset === undefined)
    return rows.map(() => ({}));
  await lockLocationTree(tx, organizationId);
  const paths = rows.flatMap((row) => (row.location ? [row.location] : []));
  const importer = { organizationId, importId: run.id, fileName: run.fileName, actor };
  const locations = await ensureImportedLocations(tx, importer, paths);
  const candidates =
    plan.columns.parentAsset === undefined ? undefined : await findParentCandidates(tx, organizationId, rows);
  const earlier = new Map<string, string>();
  return rows.map((row): Placement => {
    const placement: Placement = {};
    if (row.location !== undefined) {
      const at = row.location ? locations.get(locationPathKey(row.location)) : undefined;
      placement.locationId = at?.id ?? null;
      placement.locationPath = at?.fullPath;
    }
    if (candidates && row.parent !== undefined) {
      const parent =
        row.parent === null
          ? { id: null }
          : parentNamed(plan, row.parent, candidates, (ref) => earlier.get(lower(ref)));
      if ('problem' in parent) placement.problem = parent.problem;
      else placement.parentAssetId = parent.id;
    }
    if (row.slug && !earlier.has(row.slug)) earlier.set(row.slug, fileRowOf(row));
    if (!earlier.has(lower(row.name))) earlier.set(lower(row.name), fileRowOf(row));
    return placement;
  });
}

/** The parent of each asset along the chains above `ids` (themselves included), as stored. */
export async function findParentChains(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; parent: string | null }>(
    db,
    sql`with recursive up(id, parent, n) as (
        select a.id, a.parent_asset_id, 1 from assets a
          where a.organization_id = ${organizationId} and a.id = any(${`{${ids.join(',')}}`}::uuid[])
        union all
        select p.id, p.parent_asset_id, up.n + 1 from up join assets p on p.id = up.parent and p.organization_id = ${organizationId}
        where up.n <= ${ASSET_COMPONENT_MAX_DEPTH})
      select distinct id, parent from up`,
  );
  return new Map(rows.map((row) => [row.id, row.parent]));
}

/**
 * A check's view of the file's locations and parents across its batches: which paths exist, the
 * locations the commit will make (counted once, the first IMPORT_NEW_LOCATIONS_LISTED listed as first
 * written), the rows that create assets (a later row may name one as its parent), and the parents the
 * file gives, to find a cycle or a chain too deep among them and the stored ones.
 */
export function startPlacementCheck(db: DbOrTx, organizationId: string, plan: ImportPlan) {
  /** Lower-cased full path → the organization's location there, or null when it has none. */
  const known = new Map<string, string | null>();
  const toMake = new Set<string>();
  let listed: string[] = [];
  /** Rows creating an asset, by lower-cased slug and name → `row:N`. */
  const made = { bySlug: new Map<string, string>(), byName: new Map<string, string>() };
  /** The parent the file gives each asset (an id, or `row:N`), over what is stored. */
  const fileParent = new Map<string, string | null>();
  const storedParent = new Map<string, string | null>();

  /** Looks up the batch's paths not met before; notes the locations the commit will make. */
  async function readLocations(rows: CheckedRow[]): Promise<void> {
    const prefixes = rows.flatMap((row) => (row.location ? pathPrefixes(row.location) : []));
    const unseen = [...new Set(prefixes.map(locationPathKey))].filter((key) => !known.has(key));
    const found = await findLocationsByPathKeys(db, organizationId, unseen);
    for (const key of unseen) known.set(key, found.get(key)?.id ?? null);
    listed = [];
    for (const prefix of prefixes) {
      const key = locationPathKey(prefix);
      if (known.get(key) || toMake.has(key)) continue;
      toMake.add(key);
      if (toMake.size <= IMPORT_NEW_LOCATIONS_LISTED) listed.push(joinLocationPath(prefix));
    }
  }

  /**
   * Reads what a batch's rows name (their paths, the assets their parent cells may name and those
   * assets' stored chains) in a few statements; answers each row's placement, to be asked in file
   * order (a parent may be a row before it, of this batch too, noted by noteRow).
   */
  async function readBatch(rows: CheckedRow[]): Promise<(row: CheckedRow) => Placement> {
    await readLocations(rows);
    const candidates =
      plan.columns.parentAsset === undefined
        ? undefined
        : await findParentCandidates(db, organizationId, rows);
    if (candidates) {
      const named = [...candidates.bySlug.values(), ...[...candidates.byName.values()].flat()];
      const unseen = [...new Set(named.map((asset) => asset.id))].filter((id) => !storedParent.has(id));
      for (const [id, parent] of await findParentChains(db, organizationId, unseen))
        storedParent.set(id, parent);
    }
    const inFile = (ref: string) => made.bySlug.get(lower(ref)) ?? made.byName.get(lower(ref));
    return (row) => {
      const placement: Placement = {};
      if (row.location !== undefined) {
        placement.locationId =
          row.location === null ? null : (known.get(locationPathKey(row.location)) ?? TO_BE_MADE);
      }
      if (!candidates || row.parent === undefined) return placement;
      if (row.parent === null) return { ...placement, parentAssetId: null };
      const parent = parentNamed(plan, row.parent, candidates, inFile);
      return 'problem' in parent
        ? { ...placement, problem: parent.problem }
        : { ...placement, parentAssetId: parent.id };
    };
  }

  /**
   * Notes a checked row (in file order): the asset it creates or updates (`assetId`: undefined for a
   * new one) and its parent; answers a cycle, or a chain deeper than ASSET_COMPONENT_MAX_DEPTH.
   */
  function noteRow(row: CheckedRow, assetId: string | undefined, placement: Placement): RowProblem[] {
    const self = assetId ?? fileRowOf(row);
    if (!assetId) {
      if (row.slug) made.bySlug.set(row.slug, self);
      if (!made.byName.has(lower(row.name))) made.byName.set(lower(row.name), self);
    }
    if (placement.parentAssetId === undefined) return [];
    fileParent.set(self, placement.parentAssetId);
    const column = columnOf(plan, 'parentAsset');
    let above = 0;
    let node: string | null | undefined = placement.parentAssetId;
    while (node) {
      if (node === self) return [rowProblem(column, ASSET_HIERARCHY_MESSAGES.parentCycle)];
      above += 1;
      if (above + 1 > ASSET_COMPONENT_MAX_DEPTH)
        return [{ column, message: ASSET_HIERARCHY_MESSAGES.tooDeep }];
      node = fileParent.has(node) ? fileParent.get(node) : storedParent.get(node);
    }
    return [];
  }

  return {
    readBatch,
    noteRow,
    /** The locations the last batch adds to those the commit makes (listed ones only), top first. */
    newLocations: () => listed,
    /** How many locations the commit makes, counted so far. */
    locationsToMake: () => toMake.size,
  };
}
