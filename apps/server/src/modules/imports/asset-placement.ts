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
import { findHierarchyProblems } from './file-hierarchy.ts';
import type { Actor, NumberedProblem } from './import-kind.ts';
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

/** How the check names an asset a row of the file creates (`row:N`), as a parent. */
const FILE_ROW = 'row:';
/** How the check notes, until its end, a parent cell that names no asset of the organization. */
const IN_FILE = 'in file:';
export const isFileRow = (id: string) => id.startsWith(FILE_ROW);

export interface Placement {
  /** The location's id, TO_BE_MADE, null for none; undefined when no column is imported as location. */
  locationId?: string | null;
  /**
   * The parent's id (`row:N` for a row of the file that creates it; in the check, IN_FILE and the cell
   * until its end), null for none; undefined when not imported.
   */
  parentAssetId?: string | null;
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
 * The parent a cell names among the organization's assets: by slug, else one in service by name (two
 * such: ambiguous); undefined when none has it (a row of the file may create it).
 */
export function parentNamed(
  plan: ImportPlan,
  ref: string,
  candidates: ParentCandidates,
): { id: string } | { problem: RowProblem } | undefined {
  const bySlug = candidates.bySlug.get(lower(ref));
  if (bySlug) return { id: bySlug.id };
  const named = candidates.byName.get(lower(ref)) ?? [];
  if (named.length > 1) {
    return { problem: rowProblem(columnOf(plan, 'parentAsset'), IMPORT_SAID.parentAmbiguous(named.length)) };
  }
  return named[0] ? { id: named[0].id } : undefined;
}

/** The rows of a file (or a chunk) that create assets, by lower-cased slug and name → `row:N`. */
export class FileAssets {
  readonly bySlug = new Map<string, string>();
  /** By lower-cased name: the first row giving it, and how many rows do. */
  readonly byName = new Map<string, { id: string; count: number }>();

  add(row: CheckedRow): void {
    const self = fileRowOf(row);
    if (row.slug && !this.bySlug.has(row.slug)) this.bySlug.set(row.slug, self);
    const named = this.byName.get(lower(row.name));
    this.byName.set(lower(row.name), { id: named?.id ?? self, count: (named?.count ?? 0) + 1 });
  }

  /** The row creating the asset a cell names: by slug, else by a name one row gives; unknown or ambiguous otherwise. */
  find(plan: ImportPlan, ref: string): { id: string } | { problem: RowProblem } {
    const column = columnOf(plan, 'parentAsset');
    const bySlug = this.bySlug.get(lower(ref));
    if (bySlug) return { id: bySlug };
    const named = this.byName.get(lower(ref));
    if (named && named.count > 1)
      return { problem: rowProblem(column, IMPORT_SAID.parentTwiceInFile(named.count)) };
    if (named) return { id: named.id };
    return { problem: rowProblem(column, IMPORT_SAID.parentUnknown(ref)) };
  }
}

/** How the check and the commit name an asset a row of the file creates: `row:N` (N its row). */
export const fileRowOf = (row: CheckedRow) => `${FILE_ROW}${row.rowNumber}`;

/**
 * The commit's placement of a chunk's rows, in its transaction, under the organization's tree lock
 * (which also keeps parents from changing meanwhile): the locations their paths name, made where
 * missing (ensureImportedLocations: a commit retried finds them made); the parents as the check found
 * them: an asset of the organization by slug or by name (not counting those this import created: the
 * check did not see them), else a row of the file, stored by an earlier chunk (found by its slug or
 * name among this import's assets) or of this chunk (`row:N`, its id known once inserted). The commit
 * takes a row's parent rows into its chunk (commitOrder), so no row of a later chunk is ever named. A
 * parent not found stops the import (planRow's problem).
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
  const ours = candidates && splitOwn(candidates, run.id);
  const inChunk = new FileAssets();
  for (const row of rows) inChunk.add(row);
  return rows.map((row): Placement => {
    const placement: Placement = {};
    if (row.location !== undefined) {
      const at = row.location ? locations.get(locationPathKey(row.location)) : undefined;
      placement.locationId = at?.id ?? null;
    }
    if (ours && row.parent !== undefined) {
      const parent =
        row.parent === null
          ? { id: null }
          : (parentNamed(plan, row.parent, ours.before) ??
            parentNamed(plan, row.parent, ours.own) ??
            inChunk.find(plan, row.parent));
      if ('problem' in parent) placement.problem = parent.problem;
      else placement.parentAssetId = parent.id;
    }
    return placement;
  });
}

/** The candidates by name split: the assets this import created (`own`), and the others. */
function splitOwn(candidates: ParentCandidates, importId: string) {
  const before: ParentCandidates = { bySlug: candidates.bySlug, byName: new Map() };
  const own: ParentCandidates = { bySlug: new Map(), byName: new Map() };
  for (const [name, named] of candidates.byName) {
    const mine = named.filter((asset) => asset.importId === importId);
    const others = named.filter((asset) => asset.importId !== importId);
    if (others.length > 0) before.byName.set(name, others);
    if (mine.length > 0) own.byName.set(name, mine);
  }
  return { before, own };
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
 * written), the rows that create assets (any row, before or after, may name one as its parent), and
 * the parents the file gives, to find at its end (finish) a cycle or a chain too deep among them and
 * the stored ones.
 */
export function startPlacementCheck(db: DbOrTx, organizationId: string, plan: ImportPlan) {
  /** Lower-cased full path → the organization's location there, or null when it has none. */
  const known = new Map<string, string | null>();
  const toMake = new Set<string>();
  let listed: string[] = [];
  /** The rows creating an asset. */
  const made = new FileAssets();
  /** The parent the file gives each asset (an id, `row:N`, or IN_FILE and the cell), over what is stored. */
  const fileParent = new Map<string, string | null>();
  /** The row giving each asset of fileParent its parent. */
  const rowOf = new Map<string, number>();
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
   * assets' stored chains) in a few statements; answers each row's placement (a parent no asset of
   * the organization has is looked for among the file's rows by finish).
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
    return (row) => {
      const placement: Placement = {};
      if (row.location !== undefined) {
        placement.locationId =
          row.location === null ? null : (known.get(locationPathKey(row.location)) ?? TO_BE_MADE);
      }
      if (!candidates || row.parent === undefined) return placement;
      if (row.parent === null) return { ...placement, parentAssetId: null };
      const parent = parentNamed(plan, row.parent, candidates);
      // No asset of the organization: a row of the file, before or after this one, found by finish.
      if (!parent) return { ...placement, parentAssetId: `${IN_FILE}${row.parent}` };
      return 'problem' in parent
        ? { ...placement, problem: parent.problem }
        : { ...placement, parentAssetId: parent.id };
    };
  }

  /**
   * Notes a checked row (in file order): the asset it creates or updates (`assetId`: undefined for a
   * new one) and the parent it gives it.
   */
  function noteRow(row: CheckedRow, assetId: string | undefined, placement: Placement): void {
    const self = assetId ?? fileRowOf(row);
    if (!assetId) made.add(row);
    if (placement.parentAssetId === undefined) return;
    fileParent.set(self, placement.parentAssetId);
    rowOf.set(self, row.rowNumber);
  }

  /**
   * Once every row is noted: the parents named as rows of the file found among all the rows that
   * create assets (unknown, or a name two rows give: a problem), then the cycles and the chains
   * deeper than ASSET_COMPONENT_MAX_DEPTH among the file's parents over the stored ones.
   */
  function finish(): NumberedProblem[] {
    const column = columnOf(plan, 'parentAsset');
    const problems: NumberedProblem[] = [];
    for (const [self, parent] of fileParent) {
      if (!parent?.startsWith(IN_FILE)) continue;
      const found = made.find(plan, parent.slice(IN_FILE.length));
      if ('id' in found) fileParent.set(self, found.id);
      else {
        fileParent.set(self, null);
        problems.push({ ...found.problem, rowNumber: rowOf.get(self)! });
      }
    }
    const parentOf = (node: string) => (fileParent.has(node) ? fileParent.get(node) : storedParent.get(node));
    const rank = (node: string) => rowOf.get(node);
    const hierarchy = findHierarchyProblems(fileParent.keys(), parentOf, rank, ASSET_COMPONENT_MAX_DEPTH);
    for (const [node, problem] of hierarchy) {
      const rowNumber = rowOf.get(node)!;
      if (problem === 'cycle')
        problems.push({ ...rowProblem(column, ASSET_HIERARCHY_MESSAGES.parentCycle), rowNumber });
      else problems.push({ column, message: ASSET_HIERARCHY_MESSAGES.tooDeep, rowNumber });
    }
    return problems;
  }

  return {
    readBatch,
    noteRow,
    finish,
    /** The locations the last batch adds to those the commit makes (listed ones only), top first. */
    newLocations: () => listed,
    /** How many locations the commit makes, counted so far. */
    locationsToMake: () => toMake.size,
  };
}
