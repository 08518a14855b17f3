import type { DbOrTx } from '#server/db/client.ts';
import { fileKeys, findBatchAssets, planRow } from './asset-match.ts';
import { placeChunk, startPlacementCheck } from './asset-placement.ts';
import { commitChunk } from './commit.ts';
import { type ImportKindRules, type NumberedProblem, rowStopped, stopAtBrokenRow } from './import-kind.ts';
import { checkRow, type RowProblem } from './plan.ts';

const numbered = (rowNumber: number, problems: RowProblem[]): NumberedProblem[] =>
  problems.map((problem) => ({ ...problem, rowNumber }));

/**
 * An import of assets: each row creates an asset, updates the one it matches by the mapping's key,
 * or leaves it as it is when it would change nothing (ADRs 045, 092); it may put the asset at a
 * location (made when missing) and below a parent asset.
 */
export const assetImport: ImportKindRules = {
  startCheck(db, organizationId, plan) {
    const againstEarlierRows = fileKeys(plan);
    const placing = startPlacementCheck(db, organizationId, plan);
    return async (rows) => {
      const checked = rows.map((r) => checkRow(plan, r.sheetRow, r.cells));
      const found = await findBatchAssets(db, organizationId, plan, checked);
      const toMakeBefore = placing.locationsToMake();
      const placementOf = await placing.readBatch(checked);
      const planned = {
        create: 0,
        update: 0,
        unchanged: 0,
        newLocations: placing.newLocations(),
        newLocationCount: placing.locationsToMake() - toMakeBefore,
      };
      const problems: NumberedProblem[] = [];
      const warnings: NumberedProblem[] = [];
      for (const row of checked) {
        const placement = placementOf(row);
        const outcome = planRow(plan, row, found, placement);
        planned[outcome.action] += 1;
        const inFile = [...againstEarlierRows(row), ...placing.noteRow(row, outcome.asset?.id, placement)];
        problems.push(...numbered(row.rowNumber, [...outcome.problems, ...inFile]));
        warnings.push(...numbered(row.rowNumber, outcome.warnings));
      }
      return { problems, warnings, planned };
    };
  },
  async commitChunk(db, run, plan, actor, rows) {
    const checked = rows.map((r) => checkRow(plan, r.sheetRow, r.cells));
    stopAtBrokenRow(checked);
    const planRows = async (tx: DbOrTx) => {
      // The chunk's locations first (made where missing, under the tree's lock), then its assets.
      const placements = await placeChunk(tx, run, actor, plan, checked);
      // Locked: what a row is compared with is what it replaces, and what an undo puts back.
      const found = await findBatchAssets(tx, run.organizationId, plan, checked, true);
      const planned = checked.map((row, index) => planRow(plan, row, found, placements[index]));
      // Changed since the check (a field, a retirement, another asset's key): the import stops here.
      const broken = planned.find((row) => row.problems.length > 0);
      if (broken) throw rowStopped(broken.row.rowNumber, broken.problems[0]);
      return planned;
    };
    // Progress is the stored row the chunk ends with (rowNumber), not the spreadsheet's row.
    return commitChunk(db, run, plan, actor, planRows, rows.at(-1)?.rowNumber ?? run.rowsDone);
  },
};
