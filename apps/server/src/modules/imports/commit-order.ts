import { FileAssets, fileRowOf } from './asset-placement.ts';
import type { StoredFile } from './import-kind.ts';
import { checkRow, type ImportPlan } from './plan.ts';

/**
 * Which rows a commit writes before their turn (ADR 128): a row whose parent asset a later row of
 * the file creates is written in the same chunk as that row, the parent's row taken into the chunk
 * of its first component's row (and so on up its chain). Read from the file alone, so a commit run
 * again after a crash finds the same order.
 */
export interface CommitOrder {
  /** A row → the row whose chunk writes it, for the rows written before their turn. */
  writtenWith: ReadonlyMap<number, number>;
  /** A row → the later rows written with it. */
  takes: ReadonlyMap<number, number[]>;
}

const NONE: CommitOrder = { writtenWith: new Map(), takes: new Map() };

/**
 * Reads the file's parent cells (one pass over the stored rows, keeping a number per row) and
 * answers its commit order. A cell is taken for the file's row it would name (by slug, else by a
 * name; the organization's assets are not looked up): a row taken too early is only written sooner.
 * Each row is taken once, by the first row below it, so the work is linear however deep the file.
 */
export async function readCommitOrder(plan: ImportPlan, file: StoredFile): Promise<CommitOrder> {
  if (plan.columns.parentAsset === undefined) return NONE;
  const rows = new FileAssets();
  const cells: { rowNumber: number; ref: string }[] = [];
  /** `row:N` (the check's sheet row) → the stored row number. */
  const stored = new Map<string, number>();
  for await (const batch of file.batches()) {
    for (const row of batch) {
      const checked = checkRow(plan, row.sheetRow, row.cells);
      rows.add(checked);
      stored.set(fileRowOf(checked), row.rowNumber);
      if (checked.parent) cells.push({ rowNumber: row.rowNumber, ref: checked.parent });
    }
  }
  const parentRow = new Map<number, number>();
  for (const { rowNumber, ref } of cells) {
    const found = rows.find(plan, ref);
    const parent = 'id' in found ? stored.get(found.id) : undefined;
    if (parent !== undefined && parent !== rowNumber) parentRow.set(rowNumber, parent);
  }
  const writtenWith = new Map<number, number>();
  const takes = new Map<number, number[]>();
  const placed = new Set<number>();
  for (const { rowNumber } of cells) {
    // Taken by a row above: its chain was taken with it.
    if (placed.has(rowNumber)) continue;
    placed.add(rowNumber);
    const taken: number[] = [];
    // Rows come in order: a row above this one is placed already, with the chain above it.
    for (let up = parentRow.get(rowNumber); up !== undefined && up > rowNumber && !placed.has(up); ) {
      placed.add(up);
      writtenWith.set(up, rowNumber);
      taken.push(up);
      up = parentRow.get(up);
    }
    if (taken.length > 0) takes.set(rowNumber, taken);
  }
  return { writtenWith, takes };
}
