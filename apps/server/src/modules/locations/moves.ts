import type { TAssetMove } from '@mqr/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { assetMoves } from '#server/db/schema.ts';
import { type AuditRecord, type AuditSource, recordAudits } from '../audit-logs/index.ts';
import { emitAssetsMoved } from '../webhooks/index.ts';

/** Where an asset was or is: a location (id and full path at the move), or none. */
export type Whereabouts = { id: string; path: string } | null;

/** One asset moved between locations. */
export interface AssetMove {
  assetId: string;
  name: string;
  slug: string;
  from: Whereabouts;
  to: Whereabouts;
}

/** Rows written per statement: an insert's parameters stay far below PostgreSQL's 65,535. */
const CHUNK = 1000;

/**
 * Records moves of assets already made, in the caller's transaction: each in its asset's history of
 * moves (from, to, who, when), as a MOVE in the audit log, and as `asset.moved` to the organization's
 * webhooks. A move to where the asset already was is no move and is not recorded.
 */
export async function recordAssetMoves(
  tx: DbOrTx,
  organizationId: string,
  source: AuditSource,
  moves: readonly AssetMove[],
  /** When they moved: now, or the time a move recorded offline was made (ADR 127). */
  movedAt: Date = new Date(),
  /** The time the client sent, kept in the audit entries (ADR 085). */
  claimed: { occurredAt?: string } = {},
): Promise<void> {
  const real = moves.filter((move) => (move.from?.id ?? null) !== (move.to?.id ?? null));
  for (let start = 0; start < real.length; start += CHUNK) {
    const chunk = real.slice(start, start + CHUNK);
    await tx.insert(assetMoves).values(
      chunk.map((move) => ({
        organizationId,
        assetId: move.assetId,
        fromLocationId: move.from?.id ?? null,
        fromPath: move.from?.path ?? null,
        toLocationId: move.to?.id ?? null,
        toPath: move.to?.path ?? null,
        movedById: source.actor?.id ?? null,
        movedByName: source.actor?.displayName ?? null,
        movedAt,
      })),
    );
    await recordAudits(
      tx,
      chunk.map(
        (move): AuditRecord => ({
          organizationId,
          ...source,
          action: 'MOVE',
          entityType: 'Asset',
          entityId: move.assetId,
          entityName: move.name,
          changes: {
            changes: { location: { from: move.from?.path ?? null, to: move.to?.path ?? null } },
            ...claimed,
          },
        }),
      ),
    );
    await emitAssetsMoved(
      tx,
      organizationId,
      chunk.map((move) => ({
        assetId: move.assetId,
        slug: move.slug,
        name: move.name,
        fromLocationId: move.from?.id ?? null,
        fromPath: move.from?.path ?? null,
        toLocationId: move.to?.id ?? null,
        toPath: move.to?.path ?? null,
      })),
    );
  }
}

/** A page of an asset's moves, newest first, and how many it has. */
export async function listAssetMoves(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  window: { offset: number; limit: number },
): Promise<{ items: TAssetMove[]; total: number }> {
  const ofAsset = and(eq(assetMoves.assetId, assetId), eq(assetMoves.organizationId, organizationId));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(assetMoves)
      .where(ofAsset)
      .orderBy(desc(assetMoves.movedAt), desc(assetMoves.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(assetMoves).where(ofAsset),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      movedAt: row.movedAt.toISOString(),
      movedBy: row.movedByName,
      fromLocationId: row.fromLocationId,
      fromPath: row.fromPath,
      toLocationId: row.toLocationId,
      toPath: row.toPath,
    })),
    total: counted?.n ?? 0,
  };
}
