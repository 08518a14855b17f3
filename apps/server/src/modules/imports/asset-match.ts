import { ASSET_MESSAGES, FIELD_VALUE_SAID, IMPORT_MESSAGES, IMPORT_SAID } from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import type { ImportChangeBefore } from '#server/db/schema.ts';
import { findValuesOfAssets } from '../assets/index.ts';
import { type CheckedRow, columnOf, type ImportPlan, type RowProblem, rowProblem } from './plan.ts';
import {
  type ExistingAsset,
  findAssetsByExternalIds,
  findAssetsBySlugs,
  findAssetsInServiceByNames,
} from './queries.ts';

/**
 * How an import of assets decides what each row does (ADR 092): the asset it matches by the chosen
 * key (slug, external ID, name among the assets in service, or none), then whether the row would
 * change anything of it. The check counts the outcome; the commit does it.
 */

/** The organization's assets a batch of rows may meet, by each key, with the stored values it maps. */
export interface BatchAssets {
  bySlug: Map<string, ExistingAsset>;
  /** By lower-cased external ID. */
  byExternalId: Map<string, ExistingAsset>;
  /** The assets in service by lower-cased name (a name may be several assets'). */
  byName: Map<string, ExistingAsset[]>;
  /** The stored values of the mapped fields of the assets rows match, by `assetId/fieldId`. */
  values: Map<string, string>;
}

/** What a row does: create an asset, update the one it matches, or leave it as it is. */
export type RowAction = 'create' | 'update' | 'unchanged';

export interface PlannedRow {
  row: CheckedRow;
  action: RowAction;
  /** The asset the row matches (update or unchanged). */
  asset?: ExistingAsset;
  /** For an update: what the mapped columns hold now, which an undo puts back (ADR 093). */
  before?: ImportChangeBefore;
  problems: RowProblem[];
  /** A row that creates an asset whose name an asset in service already has. */
  warnings: RowProblem[];
}

const lower = (text: string) => text.toLowerCase();

const distinct = (texts: (string | null)[]) => [...new Set(texts.flatMap((text) => (text ? [text] : [])))];

/** The asset the row names by the plan's key; a name two assets in service have is ambiguous. */
function matchOf(plan: ImportPlan, row: CheckedRow, found: BatchAssets) {
  switch (plan.matchBy) {
    case 'slug':
      return { asset: row.slug ? found.bySlug.get(row.slug) : undefined };
    case 'externalId':
      return { asset: row.externalId ? found.byExternalId.get(lower(row.externalId)) : undefined };
    case 'name': {
      const named = found.byName.get(lower(row.name)) ?? [];
      if (named.length > 1) {
        const problem = rowProblem(columnOf(plan, 'name'), IMPORT_SAID.nameAmbiguous(named.length));
        return { asset: undefined, problem };
      }
      return { asset: named[0] };
    }
    default:
      return { asset: undefined };
  }
}

/**
 * Reads the assets a batch may meet, in a few statements: by slug, by external ID (when columns are
 * imported as them), in service by name (the name key and the duplicate-name warnings), then the
 * mapped values of the assets rows match. `lock` (the commit) locks every asset read until the
 * transaction ends, so the values compared are the ones replaced.
 */
export async function findBatchAssets(
  db: DbOrTx,
  organizationId: string,
  plan: ImportPlan,
  rows: CheckedRow[],
  lock = false,
): Promise<BatchAssets> {
  // One after another: a transaction's statements share its one connection.
  const bySlug = await findAssetsBySlugs(db, organizationId, distinct(rows.map((row) => row.slug)), lock);
  const externalIds = distinct(rows.map((row) => (row.externalId ? lower(row.externalId) : null)));
  const byExternalId = await findAssetsByExternalIds(db, organizationId, externalIds, lock);
  const names = distinct(rows.map((row) => lower(row.name)));
  const named = await findAssetsInServiceByNames(db, organizationId, names, lock);
  const byName = new Map<string, ExistingAsset[]>();
  for (const asset of named) byName.set(lower(asset.name), [...(byName.get(lower(asset.name)) ?? []), asset]);
  const found: BatchAssets = {
    bySlug: new Map(bySlug.map((asset) => [asset.slug, asset])),
    byExternalId: new Map(byExternalId.map((asset) => [lower(asset.externalId ?? ''), asset])),
    byName,
    values: new Map(),
  };
  const matched = distinct(rows.map((row) => matchOf(plan, row, found).asset?.id ?? null));
  const fieldIds = plan.fields.flatMap((field) => (field.fieldId ? [field.fieldId] : []));
  if (matched.length > 0 && fieldIds.length > 0) {
    for (const value of await findValuesOfAssets(db, organizationId, matched, fieldIds)) {
      found.values.set(`${value.assetId}/${value.fieldId}`, value.value);
    }
  }
  return found;
}

/** What the mapped columns of the asset hold now (only those the mapping imports). */
function beforeOf(plan: ImportPlan, asset: ExistingAsset, found: BatchAssets): ImportChangeBefore {
  const before: ImportChangeBefore = { name: asset.name, values: {} };
  if (plan.columns.description !== undefined) before.description = asset.description;
  if (plan.columns.externalId !== undefined) before.externalId = asset.externalId;
  for (const field of plan.fields) {
    if (field.fieldId)
      before.values[field.fieldId] = found.values.get(`${asset.id}/${field.fieldId}`) ?? null;
  }
  return before;
}

/** Whether writing the row would change the asset: a mapped column whose value differs. */
function changes(plan: ImportPlan, row: CheckedRow, before: ImportChangeBefore): boolean {
  if (row.name !== before.name) return true;
  if ('description' in before && row.description !== before.description) return true;
  if ('externalId' in before && row.externalId !== before.externalId) return true;
  // A field the import creates has no value on any asset yet.
  return plan.fields.some(
    (field, index) => (row.values[index] ?? null) !== (field.fieldId ? before.values[field.fieldId] : null),
  );
}

/**
 * What one row does and what keeps it from doing it, beyond its cells: a name two assets in service
 * have (matching by name), a slug another asset has or a slug other than its asset's (slugs never
 * change), an external ID another asset has, a change to a retired asset, the required fields a new
 * asset would miss; and a warning for a new asset whose name an asset in service already has.
 */
export function planRow(plan: ImportPlan, row: CheckedRow, found: BatchAssets): PlannedRow {
  const problems = [...row.problems];
  const match = matchOf(plan, row, found);
  if (match.problem) problems.push(match.problem);
  const asset = match.asset;
  if (row.slug) {
    const column = columnOf(plan, 'slug');
    if (asset && asset.slug !== row.slug)
      problems.push(rowProblem(column, IMPORT_SAID.slugDiffers(asset.slug)));
    else if (!asset && found.bySlug.has(row.slug)) {
      problems.push(rowProblem(column, IMPORT_MESSAGES.otherAssetTakesSlug));
    }
  }
  if (row.externalId) {
    const holder = found.byExternalId.get(lower(row.externalId));
    if (holder && holder.id !== asset?.id) {
      problems.push(rowProblem(columnOf(plan, 'externalId'), ASSET_MESSAGES.externalIdTaken));
    }
  }
  if (!asset) {
    for (const rule of plan.requiredElsewhere) {
      problems.push(rowProblem(rule.label, FIELD_VALUE_SAID.required(rule.label)));
    }
    const warnings = found.byName.has(lower(row.name))
      ? [rowProblem(columnOf(plan, 'name'), IMPORT_MESSAGES.nameExists)]
      : [];
    return { row, action: 'create', problems, warnings };
  }
  const before = beforeOf(plan, asset, found);
  if (!changes(plan, row, before)) return { row, action: 'unchanged', asset, problems, warnings: [] };
  // Retired assets are read-only until restored (ADR 046); one the row leaves as it is is no problem.
  if (asset.retiredAt) {
    const key = plan.matchBy === 'slug' || plan.matchBy === 'externalId' ? plan.matchBy : 'name';
    problems.push(rowProblem(columnOf(plan, key), ASSET_MESSAGES.retired));
  }
  return { row, action: 'update', asset, before, problems, warnings: [] };
}

/**
 * The keys each row of a file must not share with an earlier row (ADR 092): a slug, an external ID
 * (either would be two assets' or one asset's twice), and a name when rows match by it. Kept across
 * a check's batches.
 */
export function fileKeys(plan: ImportPlan) {
  const first = {
    slug: new Map<string, number>(),
    externalId: new Map<string, number>(),
    name: new Map<string, number>(),
  };
  const seen = (keys: Map<string, number>, key: string | null, rowNumber: number) => {
    if (!key) return undefined;
    const earlier = keys.get(key);
    if (earlier === undefined) keys.set(key, rowNumber);
    return earlier;
  };
  return (row: CheckedRow): RowProblem[] => {
    const problems: RowProblem[] = [];
    const slugRow = seen(first.slug, row.slug, row.rowNumber);
    if (slugRow !== undefined)
      problems.push(rowProblem(columnOf(plan, 'slug'), IMPORT_SAID.slugTwice(slugRow)));
    const idRow = seen(first.externalId, row.externalId ? lower(row.externalId) : null, row.rowNumber);
    if (idRow !== undefined) {
      problems.push(rowProblem(columnOf(plan, 'externalId'), IMPORT_SAID.externalIdTwice(idRow)));
    }
    if (plan.matchBy === 'name') {
      const nameRow = seen(first.name, row.name ? lower(row.name) : null, row.rowNumber);
      if (nameRow !== undefined)
        problems.push(rowProblem(columnOf(plan, 'name'), IMPORT_SAID.nameTwice(nameRow)));
    }
    return problems;
  };
}
