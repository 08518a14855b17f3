import type { DbOrTx } from '#server/db/client.ts';
import { fileKeys, findBatchAssets, planRow } from './asset-match.ts';
import { placeChunk, startPlacementCheck } from './asset-placement.ts';
import { commitChunk } from './commit.ts';
import { type CommitOrder, readCommitOrder } from './commit-order.ts';
import {
  type CheckRun,
  type ImportKindRules,
  type NumberedProblem,
  rowStopped,
  type StoredFile,
  type StoredRow,
  stopAtBrokenRow,
} from './import-kind.ts';
import { checkRow, type ImportPlan, type RowProblem } from './plan.ts';

/** Each commit's order, read once per commit (its file is the same object for every chunk). */
const orders = new WeakMap<StoredFile, Promise<CommitOrder>>();

/**
 * The rows a chunk writes (ADR 128): its own rows but those written before their turn with a row
 * above, and the later rows its rows take (parents first), so that every parent a row names is
 * written by then.
 */
async function chunkRows(plan: ImportPlan, file: StoredFile, after: number, rows: StoredRow[]) {
  let order = orders.get(file);
  if (!order) {
    order = readCommitOrder(plan, file);
    orders.set(file, order);
  }
  const { writtenWith, takes } = await order;
  const last = rows.at(-1)?.rowNumber ?? after;
  const own = rows.filter((row) => (writtenWith.get(row.rowNumber) ?? row.rowNumber) > after);
  const later = own.flatMap((row) => (takes.get(row.rowNumber) ?? []).filter((n) => n > last).reverse());
  if (later.length === 0) return own;
  const taken = new Map((await file.rowsNumbered(later)).map((row) => [row.rowNumber, row]));
  return [...later.flatMap((n) => taken.get(n) ?? []), ...own];
}

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
    const check: CheckRun = async (rows) => {
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
        placing.noteRow(row, outcome.asset?.id, placement);
        problems.push(...numbered(row.rowNumber, [...outcome.problems, ...againstEarlierRows(row)]));
        warnings.push(...numbered(row.rowNumber, outcome.warnings));
      }
      return { problems, warnings, planned };
    };
    check.finish = placing.finish;
    return check;
  },
  async commitChunk(db, run, plan, actor, rows, _now, file) {
    const chunk = await chunkRows(plan, file, run.rowsDone, rows);
    const checked = chunk.map((r) => checkRow(plan, r.sheetRow, r.cells));
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
