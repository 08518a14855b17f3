import { IMPORT_SAID } from '@mqr/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { assets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { checkParentAsset } from '../assets/index.ts';
import type { AuditSource } from '../audit-logs/index.ts';
import { findLocationRefs, recordAssetMoves } from '../locations/index.ts';
import type { PlannedRow } from './asset-match.ts';
import { fileRowOf, isFileRow } from './asset-placement.ts';
import { rowStopped } from './import-kind.ts';
import { columnOf, type ImportPlan, rowProblem } from './plan.ts';

/** An asset the import (or its undo) moved to another location: its locations by id, read at the end. */
export interface ImportedMove {
  assetId: string;
  name: string;
  slug: string;
  fromId: string | null;
  toId: string | null;
}

/**
 * Gives each created or updated asset of a chunk the parent its row names, once the chunk's assets
 * are stored (a row may name one an earlier row of the chunk creates, `row:N`), each checked as the
 * asset form checks it (no cycle, at most ASSET_COMPONENT_MAX_DEPTH levels with its components): a
 * parent that no longer fits stops the import at that row.
 */
export async function setParents(
  tx: DbOrTx,
  organizationId: string,
  plan: ImportPlan,
  planned: PlannedRow[],
  createdByRow: ReadonlyMap<string, string>,
  writtenAt: Date,
): Promise<void> {
  for (const { row, action, asset, placement } of planned) {
    if (placement.parentAssetId === undefined || action === 'unchanged') continue;
    const assetId = asset?.id ?? createdByRow.get(fileRowOf(row));
    const wanted = placement.parentAssetId;
    const parentId = wanted && isFileRow(wanted) ? createdByRow.get(wanted) : wanted;
    const column = columnOf(plan, 'parentAsset');
    if (!assetId || parentId === undefined) {
      throw rowStopped(row.rowNumber, rowProblem(column, IMPORT_SAID.parentUnknown(row.parent ?? '')));
    }
    if (parentId === (asset?.parentAssetId ?? null)) continue;
    if (parentId) {
      try {
        await checkParentAsset(tx, organizationId, assetId, parentId);
      } catch (error) {
        if (error instanceof AppError) {
          throw rowStopped(row.rowNumber, rowProblem(column, error.said ?? error.message));
        }
        throw error;
      }
    }
    await tx
      .update(assets)
      .set({ parentAssetId: parentId, updatedAt: writtenAt })
      .where(and(eq(assets.organizationId, organizationId), eq(assets.id, assetId)));
  }
}

/**
 * Records moves of an import or of its undo (putting assets back where they were) as any move is
 * recorded: in the assets' histories, the audit log and webhooks (asset.moved), their locations'
 * paths as they are now.
 */
export async function recordMoves(
  tx: DbOrTx,
  organizationId: string,
  source: AuditSource,
  moves: ImportedMove[],
): Promise<void> {
  if (moves.length === 0) return;
  const ids = moves.flatMap((move) => [move.fromId, move.toId].filter((id) => id !== null));
  const refs = await findLocationRefs(tx, organizationId, ids);
  const at = (id: string | null) => {
    const ref = id ? refs.get(id) : undefined;
    return ref ? { id: ref.id, path: ref.path } : null;
  };
  await recordAssetMoves(
    tx,
    organizationId,
    source,
    moves.map(({ fromId, toId, ...move }) => ({ ...move, from: at(fromId), to: at(toId) })),
  );
}
