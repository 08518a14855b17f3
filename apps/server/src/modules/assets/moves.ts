import type { TBulkResult, TMoveAssetBody, ZBulkMoveAssetsBody } from '@mqr/contracts';
import { ASSET_MESSAGES, OCCURRED_AT_MESSAGES } from '@mqr/contracts';
import { and, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { assetMoves, assets } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import { claimedTime, stampOf } from '../events/index.ts';
import {
  findLocationRefs,
  locationForAsset,
  recordAssetMoves,
  type Whereabouts,
} from '../locations/index.ts';
import { BULK_CHUNK_SIZE, selectedIds } from './bulk.ts';
import { type AssetActionContext, getAssetRow } from './service.ts';

/** An asset as a move reads it: who it is and where it was. */
type Moving = { id: string; name: string; slug: string; locationId: string | null };

/**
 * Puts `moving` (assets of the organization, locked by the caller) at `destination` (null: no
 * location), leaving those already there, and records each move (its history, the audit log,
 * `asset.moved`). Answers how many moved. The rolled-up counts follow by the assets' trigger (ADR 122).
 */
export async function putAssetsAt(
  tx: DbOrTx,
  context: AssetActionContext,
  moving: readonly Moving[],
  destination: Whereabouts,
  /** When: now, or when a move recorded offline was made, with the time the client sent (ADR 127). */
  at?: { movedAt: Date; claimed: { occurredAt?: string } },
): Promise<number> {
  const organizationId = context.actor.organizationId;
  const changing = moving.filter((asset) => asset.locationId !== (destination?.id ?? null));
  if (changing.length === 0) return 0;
  const from = await findLocationRefs(
    tx,
    organizationId,
    changing.flatMap((asset) => (asset.locationId ? [asset.locationId] : [])),
  );
  await tx
    .update(assets)
    .set({ locationId: destination?.id ?? null, updatedAt: new Date(), updatedById: context.actor.id })
    .where(
      and(
        eq(assets.organizationId, organizationId),
        inArray(
          assets.id,
          changing.map((asset) => asset.id),
        ),
      ),
    );
  await recordAssetMoves(
    tx,
    organizationId,
    { actor: context.actor, ipAddress: context.ipAddress },
    changing.map((asset) => {
      const was = asset.locationId ? from.get(asset.locationId) : undefined;
      return {
        assetId: asset.id,
        name: asset.name,
        slug: asset.slug,
        from: was ? { id: was.id, path: was.path } : null,
        to: destination,
      };
    }),
    at?.movedAt,
    at?.claimed,
  );
  return changing.length;
}

/** Where `locationId` is, for a move there: a location of the organization (404 on `field`), or none. */
export async function destinationOf(
  tx: DbOrTx,
  organizationId: string,
  locationId: string | null,
  field: string,
): Promise<Whereabouts> {
  if (locationId === null) return null;
  const row = await locationForAsset(tx, organizationId, locationId, field);
  return { id: row.id, path: row.fullPath };
}

/** Moves one asset in service to a location of the organization (null: to none). */
export async function moveAsset(
  db: Db,
  context: AssetActionContext,
  id: string,
  body: TMoveAssetBody,
): Promise<void> {
  const organizationId = context.actor.organizationId;
  const existing = await getAssetRow(db, organizationId, id);
  await db.transaction(async (tx) => {
    const current = await getAssetRow(tx, organizationId, existing.id, { forUpdate: true });
    if (current.retiredAt) throw conflict(ASSET_MESSAGES.retired);
    const destination = await destinationOf(tx, organizationId, body.locationId, 'locationId');
    const stamped = stampOf(
      context.now,
      body.occurredAt,
      current.createdAt,
      OCCURRED_AT_MESSAGES.beforeAsset,
    );
    // A move made offline before one recorded meanwhile (the asset is locked) is stamped at that
    // move: the history's newest entry stays where the asset is.
    const [latest] = await tx
      .select({ movedAt: max(assetMoves.movedAt) })
      .from(assetMoves)
      .where(and(eq(assetMoves.organizationId, organizationId), eq(assetMoves.assetId, current.id)));
    const movedAt = latest?.movedAt && latest.movedAt > stamped ? latest.movedAt : stamped;
    await putAssetsAt(tx, context, [current], destination, {
      movedAt,
      claimed: claimedTime(body.occurredAt),
    });
  });
}

/**
 * Moves the selected assets in service (at most ASSET_SELECTION_MAX) to one location (null: to none),
 * in chunks in one transaction; retired assets and those already there are left as they are.
 */
export async function moveSelection(
  db: Db,
  context: AssetActionContext,
  body: z.output<typeof ZBulkMoveAssetsBody>,
): Promise<TBulkResult> {
  const organizationId = context.actor.organizationId;
  const ids = await selectedIds(db, context, body);
  const changed = await db.transaction(async (tx) => {
    const destination = await destinationOf(tx, organizationId, body.locationId, 'locationId');
    let count = 0;
    for (let start = 0; start < ids.length; start += BULK_CHUNK_SIZE) {
      const chunk = ids.slice(start, start + BULK_CHUNK_SIZE);
      const current = await tx
        .select({
          id: assets.id,
          name: assets.name,
          slug: assets.slug,
          locationId: assets.locationId,
          retiredAt: assets.retiredAt,
        })
        .from(assets)
        .where(and(eq(assets.organizationId, organizationId), inArray(assets.id, chunk)))
        .for('update');
      if (current.length !== chunk.length) throw notFound('Asset');
      count += await putAssetsAt(
        tx,
        context,
        current.filter((asset) => asset.retiredAt === null),
        destination,
      );
    }
    return count;
  });
  return { selected: ids.length, changed };
}
