import { ASSET_MESSAGES, FIELD_VALUE_MESSAGES, IMPORT_MESSAGES } from '@mqr/contracts';
import { commitChunk } from './commit.ts';
import { type ImportKindRules, stopAtBrokenRow } from './import-kind.ts';
import { type CheckedRow, checkRow, type ImportPlan } from './plan.ts';
import { findAssetsBySlugs } from './queries.ts';

/**
 * The problems of one row beyond its cells: a slug an earlier row of the file already uses, a slug
 * of a retired asset (read-only until restored, ADR 046), and, for a row that creates an asset, the
 * required fields no column fills. `existing`: whether each existing slug's asset is retired.
 */
function fileProblems(
  plan: ImportPlan,
  checked: CheckedRow,
  firstRowOfSlug: Map<string, number>,
  existing: ReadonlyMap<string, { retired: boolean }>,
) {
  const problems = [...checked.problems];
  const slugHeader = plan.columns.slug === undefined ? '' : (plan.headers[plan.columns.slug] ?? '');
  if (checked.slug) {
    const first = firstRowOfSlug.get(checked.slug);
    if (first !== undefined) problems.push({ column: slugHeader, message: IMPORT_MESSAGES.slugTwice(first) });
    else firstRowOfSlug.set(checked.slug, checked.rowNumber);
    if (existing.get(checked.slug)?.retired)
      problems.push({ column: slugHeader, message: ASSET_MESSAGES.retired });
  }
  const creates = !checked.slug || !existing.has(checked.slug);
  if (creates) {
    for (const rule of plan.requiredElsewhere)
      problems.push({ column: rule.label, message: FIELD_VALUE_MESSAGES.required(rule.label) });
  }
  return problems;
}

/** An import of assets: rows create assets, or update the asset whose slug they give (ADR 045). */
export const assetImport: ImportKindRules = {
  startCheck(db, organizationId, plan) {
    const firstRowOfSlug = new Map<string, number>();
    return async (rows) => {
      const checked = rows.map((r) => checkRow(plan, r.sheetRow, r.cells));
      const slugs = [...new Set(checked.flatMap((c) => (c.slug ? [c.slug] : [])))];
      const existing = new Map(
        (await findAssetsBySlugs(db, organizationId, slugs)).map((asset) => [
          asset.slug,
          { retired: asset.retiredAt !== null },
        ]),
      );
      return checked.flatMap((c) =>
        fileProblems(plan, c, firstRowOfSlug, existing).map((problem) => ({
          ...problem,
          rowNumber: c.rowNumber,
        })),
      );
    };
  },
  commitChunk(db, run, plan, actor, rows) {
    const checked = rows.map((r) => checkRow(plan, r.sheetRow, r.cells));
    stopAtBrokenRow(checked);
    return commitChunk(db, run, plan, actor, checked, rows.at(-1)?.rowNumber ?? run.rowsDone);
  },
};
