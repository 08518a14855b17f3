import {
  IMPORT_MESSAGES,
  IMPORT_SAID,
  IMPORT_UNDO_DAYS,
  IMPORT_UNDO_LISTED,
  type TImportRun,
  type TImportUndoPreview,
} from '@mqr/contracts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { ImportChangeBefore } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { findValuesOfAssets } from '../assets/index.ts';
import { type AuditRecord, diffChanges, recordAudits } from '../audit-logs/index.ts';
import { getFieldDefinitionRows } from '../fields/index.ts';
import { deleteUnusedImportedLocations, findLocationRefs, lockLocationTree } from '../locations/index.ts';
import { emitAssetEvents } from '../webhooks/index.ts';
import { recordMoves } from './commit-placement.ts';
import { findImportRun, type ImportRunRow, updateImportRun } from './queries.ts';
import { toImportRun, undoUntil } from './service.ts';
import {
  countImportChanges,
  deleteCreatedAssets,
  deleteExpiredImportChanges,
  deleteImportChanges,
  findChangedSince,
  findUndoBatch,
  lockImportAssets,
  lockImportRun,
  revertUpdatedAssets,
  type UndoAsset,
} from './undo-queries.ts';

/**
 * Undoing an import of assets (ADR 093): within IMPORT_UNDO_DAYS of its end, one transaction deletes
 * the assets it created and puts back those it updated, refused (nothing written) when any of them
 * changed since. Audited per asset, as the import was, and once for the import.
 */

/** Who undoes, from where, and when it is. */
export interface UndoContext {
  actor: AuthUser;
  ipAddress: string;
  now: Date;
}

/** Assets whose audit entries are built and written per statement. */
const UNDO_BATCH = 500;
/** Names a refusal's message lists. */
const NAMED_IN_REFUSAL = 5;

/** Why the import cannot be undone now, or undefined. */
function refusalOf(run: ImportRunRow, now: Date): string | undefined {
  if (run.kind !== 'assets') return IMPORT_MESSAGES.undoOnlyAssets;
  if (run.status === 'Undone') return IMPORT_MESSAGES.undoAlreadyUndone;
  if (run.status !== 'Done') return IMPORT_MESSAGES.undoNotDone;
  const until = undoUntil(run);
  if (!until || until <= now) return IMPORT_MESSAGES.undoExpired;
  return undefined;
}

/** The organization's import that can be undone now (404 or 409 otherwise), locked for an undo. */
async function undoableImport(
  tx: DbOrTx,
  organizationId: string,
  importId: string,
  now: Date,
  lock: boolean,
) {
  const find = lock ? lockImportRun : findImportRun;
  const run = isUuid(importId) ? await find(tx, organizationId, importId) : undefined;
  if (!run) throw notFound('Import');
  const refusal = refusalOf(run, now);
  if (refusal) throw conflict(refusal);
  return run;
}

/** What undoing the import would do, or which of its assets changed since (GET …/undo). */
export async function previewUndo(
  db: Db,
  organizationId: string,
  importId: string,
  now: Date,
): Promise<TImportUndoPreview> {
  return db.transaction(async (tx) => {
    const run = await undoableImport(tx, organizationId, importId, now, false);
    const counts = await countImportChanges(tx, organizationId, run.id);
    const changed = await findChangedSince(tx, organizationId, run.id, IMPORT_UNDO_LISTED);
    return {
      undoUntil: undoUntil(run)!.toISOString(),
      deleteCount: counts.created,
      revertCount: counts.updated,
      moveBackCount: counts.movedBack,
      blocked: changed.assets,
      blockedCount: changed.total,
    };
  });
}

/** The audited view of an asset: name and what the import's mapping wrote, values by field label. */
function snapshot(
  shape: ImportChangeBefore,
  asset: { name: string; description?: string | null; externalId?: string | null },
  fieldValue: (fieldId: string) => string | null,
  labels: ReadonlyMap<string, string>,
) {
  const shown: Record<string, string | null> = { name: asset.name };
  if ('description' in shape) shown.description = asset.description ?? null;
  if ('externalId' in shape) shown.externalId = asset.externalId ?? null;
  for (const fieldId of Object.keys(shape.values))
    shown[labels.get(fieldId) ?? fieldId] = fieldValue(fieldId);
  return shown;
}

/**
 * The audit entries of a batch of the import's assets: a DELETE for each it created, an UPDATE from
 * what it is now back to what the import replaced for each it updated.
 */
async function auditsOf(
  tx: DbOrTx,
  run: ImportRunRow,
  context: UndoContext,
  batch: UndoAsset[],
  labels: ReadonlyMap<string, string>,
): Promise<AuditRecord[]> {
  const updated = batch.filter((asset) => !asset.created && asset.before);
  const fieldIds = [...new Set(updated.flatMap((asset) => Object.keys(asset.before!.values)))];
  const now = new Map<string, string>();
  if (updated.length > 0 && fieldIds.length > 0) {
    const values = await findValuesOfAssets(
      tx,
      run.organizationId,
      updated.map((asset) => asset.id),
      fieldIds,
    );
    for (const value of values) now.set(`${value.assetId}/${value.fieldId}`, value.value);
  }
  return batch.map((asset): AuditRecord => {
    const entry = {
      organizationId: run.organizationId,
      actor: context.actor,
      entityType: 'Asset' as const,
      entityId: asset.id,
      ipAddress: context.ipAddress,
    };
    if (asset.created || !asset.before) {
      const changes = { deleted: true, slug: asset.slug, undo: run.fileName };
      return { ...entry, action: 'DELETE', entityName: asset.name, changes };
    }
    const before = asset.before;
    const from = snapshot(before, asset, (fieldId) => now.get(`${asset.id}/${fieldId}`) ?? null, labels);
    const to = snapshot(before, before, (fieldId) => before.values[fieldId] ?? null, labels);
    const changes = { changes: diffChanges(from, to), undo: run.fileName };
    return { ...entry, action: 'UPDATE', entityName: before.name, changes };
  });
}

/**
 * Undoes an import of assets (POST …/undo): refused with the assets that changed since, naming the
 * first few, when any did; else, in one transaction, every asset it created is deleted and every one
 * it updated put back (where it was and its parent too), each with its audit entry (and an
 * `asset.updated` webhook event for those put back; one put back at another location is moved there
 * as any move is: its history, a MOVE entry, `asset.moved`); the locations its location column made are
 * deleted when nothing uses them (no asset, no location of someone else's below them); one UNDO entry
 * for the import (with those counts), which ends Undone.
 */
export async function undoImport(db: Db, context: UndoContext, importId: string): Promise<TImportRun> {
  const organizationId = context.actor.organizationId;
  const row = await db.transaction(async (tx) => {
    const run = await undoableImport(tx, organizationId, importId, context.now, true);
    // The tree before the assets, in the order a commit takes them: the locations it made may go.
    await lockLocationTree(tx, organizationId);
    await lockImportAssets(tx, organizationId, run.id);
    const changed = await findChangedSince(tx, organizationId, run.id, NAMED_IN_REFUSAL);
    if (changed.total > 0) {
      const names = changed.assets.map((asset) => asset.name);
      throw conflict(IMPORT_SAID.undoBlocked(changed.total, names));
    }
    const definitions = await getFieldDefinitionRows(tx, organizationId, 'Asset');
    const labels = new Map(definitions.map((definition) => [definition.id, definition.label]));
    const counts = { deleted: 0, reverted: 0, locationsDeleted: 0 };
    let after: string | undefined;
    for (;;) {
      const batch = await findUndoBatch(tx, organizationId, run.id, after, UNDO_BATCH);
      if (batch.length === 0) break;
      await recordAudits(tx, await auditsOf(tx, run, context, batch, labels));
      const reverted = batch.filter((asset) => !asset.created && asset.before);
      const stillThere = await findLocationRefs(
        tx,
        organizationId,
        reverted.flatMap((asset) => (asset.before?.locationId ? [asset.before.locationId] : [])),
      );
      await emitAssetEvents(
        tx,
        'asset.updated',
        reverted.map((asset) => ({
          id: asset.id,
          organizationId,
          slug: asset.slug,
          name: asset.before!.name,
        })),
      );
      // Put back where they were: moves as any, recorded before the assets' locations are written back.
      await recordMoves(
        tx,
        organizationId,
        { actor: context.actor, ipAddress: context.ipAddress },
        reverted.flatMap((asset) => {
          const before = asset.before!;
          if (!('locationId' in before)) return [];
          const back = before.locationId && stillThere.has(before.locationId) ? before.locationId : null;
          if (back === asset.locationId) return [];
          return [
            { assetId: asset.id, name: before.name, slug: asset.slug, fromId: asset.locationId, toId: back },
          ];
        }),
      );
      counts.reverted += reverted.length;
      counts.deleted += batch.length - reverted.length;
      after = batch.at(-1)?.id;
    }
    await deleteCreatedAssets(tx, organizationId, run.id);
    await revertUpdatedAssets(tx, organizationId, run.id, context.actor.id, context.now);
    // Once its assets are gone or back where they were: the locations it made that nothing uses.
    counts.locationsDeleted = await deleteUnusedImportedLocations(tx, organizationId, run.id);
    await deleteImportChanges(tx, organizationId, run.id);
    await recordAudits(tx, [
      {
        organizationId,
        actor: context.actor,
        action: 'UNDO',
        entityType: 'Import',
        entityId: run.id,
        entityName: run.fileName,
        changes: { changes: { Status: { from: 'Done', to: 'Undone' } }, ...counts },
        ipAddress: context.ipAddress,
      },
    ]);
    const undone = await updateImportRun(tx, organizationId, run.id, ['Done'], {
      status: 'Undone',
      undoneAt: context.now,
    });
    if (!undone) throw conflict(IMPORT_MESSAGES.undoNotDone);
    return undone;
  });
  return toImportRun(row, []);
}

/** Rows of what undoing needed deleted per statement by the sweep. */
const SWEEP_BATCH = 1000;

/**
 * Forgets what undoing needed, of every organization's imports whose undo is gone (finished more
 * than IMPORT_UNDO_DAYS before `now`), a batch at a time; answers how many rows went.
 */
export async function sweepExpiredUndos(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - IMPORT_UNDO_DAYS * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const done = await deleteExpiredImportChanges(db, cutoff, SWEEP_BATCH);
    total += done;
    if (done < SWEEP_BATCH) return total;
  }
}
