import { ASSET_MESSAGES, type TAsset } from '@mqr/contracts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, conflict } from '#server/lib/app-error.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { type AuditRecord, recordAudit, recordAudits } from '../audit-logs/index.ts';
import { type DeletedHistory, deleteAssetsHistory, hasOpenTasks, removeObjects } from '../events/index.ts';
import { deleteRequestsOfAssets, objectKeysOfPhotos } from '../requests/index.ts';
import { emitAssetEvents } from '../webhooks/index.ts';
import { deleteAssetRows, deleteValuesOfAssets, updateAsset as updateAssetRow } from './queries.ts';
import { type AssetActionContext, type AssetRow, getAsset, getAssetRow } from './service.ts';

/** What the audit log says of a retirement or a restoration (docs/product/audit-log.md). */
const IN_SERVICE = 'In service';
const RETIRED = 'Retired';

/** The audit entry's changes of a retirement or a restoration. */
export function statusChange(action: 'RETIRE' | 'RESTORE') {
  const [from, to] = action === 'RETIRE' ? [IN_SERVICE, RETIRED] : [RETIRED, IN_SERVICE];
  return { changes: { Status: { from, to } } };
}

/**
 * Retires an asset (administrators, ADR 046): it leaves the lists, becomes read-only and keeps its
 * history and public page. Refused while it has open tasks, so no pending task ever hangs on a
 * retired asset; the asset is locked, and adding an event holds it, so the two cannot cross.
 */
export async function retireAsset(db: Db, context: AssetActionContext, id: string): Promise<TAsset> {
  return changeService(db, context, id, 'RETIRE', async (tx, row) => {
    if (row.retiredAt) throw conflict(ASSET_MESSAGES.alreadyRetired);
    if (await hasOpenTasks(tx, row.organizationId, row.id)) throw conflict(ASSET_MESSAGES.openTasks);
    return new Date();
  });
}

/** Puts a retired asset back in service (administrators). */
export async function restoreAsset(db: Db, context: AssetActionContext, id: string): Promise<TAsset> {
  return changeService(db, context, id, 'RESTORE', async (_tx, row) => {
    if (!row.retiredAt) throw conflict(ASSET_MESSAGES.notRetired);
    return null;
  });
}

async function changeService(
  db: Db,
  context: AssetActionContext,
  id: string,
  action: 'RETIRE' | 'RESTORE',
  decide: (tx: DbOrTx, row: AssetRow) => Promise<Date | null>,
): Promise<TAsset> {
  const organizationId = context.actor.organizationId;
  await db.transaction(async (tx) => {
    const row = await getAssetRow(tx, organizationId, id, { forUpdate: true });
    const retiredAt = await decide(tx, row);
    await updateAssetRow(tx, organizationId, row.id, {
      retiredAt,
      updatedAt: new Date(),
      updatedById: context.actor.id,
    });
    await recordAudit(tx, auditOf(context, row, action, statusChange(action)));
    if (action === 'RETIRE') await emitAssetEvents(tx, 'asset.retired', [row]);
  });
  return getAsset(db, organizationId, id, context.publicBaseUrl, context.now);
}

/** Deleting assets also removes their stored files, after the commit. */
export type AssetDeleteContext = AssetActionContext & {
  storage: FileStorage;
  onStorageError: (error: unknown, key: string) => void;
};

/**
 * Deletes a retired asset for good (administrators, ADR 046), once its name is typed to confirm: its
 * custom values, events (with their values, change logs and files) and the row go; one DELETE audit
 * entry stays. Stored files leave storage after the commit.
 */
export async function deleteAsset(
  db: Db,
  context: AssetDeleteContext,
  id: string,
  confirmName: string,
): Promise<void> {
  const organizationId = context.actor.organizationId;
  const objectKeys = await db.transaction(async (tx) => {
    const row = await getAssetRow(tx, organizationId, id, { forUpdate: true });
    if (!row.retiredAt) throw conflict(ASSET_MESSAGES.deleteNotRetired);
    if (confirmName.trim() !== row.name) {
      throw new AppError('VALIDATION', ASSET_MESSAGES.deleteConfirmMismatch, {
        fields: [{ path: 'confirmName', message: ASSET_MESSAGES.deleteConfirmMismatch }],
      });
    }
    return deleteAssetsFor(tx, context, [row]);
  });
  await removeObjects(context, objectKeys);
}

/** What deleting an asset needs of it, and names in its audit entry. */
export type AssetToDelete = Pick<AssetRow, 'id' | 'organizationId' | 'name' | 'slug'>;

/**
 * Deletes the organization's assets `ids` (checked by the caller) with their custom values, events
 * (with their values, change logs and files) and schedules, set-based, in the caller's transaction.
 * Answers what went with each: its events and the object keys to remove from storage after the commit.
 */
export async function deleteAssetsWithHistory(
  tx: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<DeletedHistory> {
  // Their requests go too, and the photos no task has as a file leave storage with the files; a
  // task's file that is another request's photo (merged from another asset) stays (ADR 133).
  const photos = await deleteRequestsOfAssets(tx, organizationId, ids);
  const history = await deleteAssetsHistory(tx, organizationId, ids);
  const kept = await objectKeysOfPhotos(tx, organizationId, objectKeysOf(history));
  for (const deleted of history.values()) {
    deleted.objectKeys = deleted.objectKeys.filter((key) => !kept.has(key));
  }
  for (const photo of photos) history.get(photo.assetId)!.objectKeys.push(photo.objectKey);
  await deleteValuesOfAssets(tx, organizationId, ids);
  await deleteAssetRows(tx, organizationId, ids);
  return history;
}

/** The object keys of what deleting assets took, to remove from storage after the commit. */
export const objectKeysOf = (history: DeletedHistory) =>
  [...history.values()].flatMap((deleted) => deleted.objectKeys);

/**
 * Deletes the assets (one organization's, checked by the caller) as deleteAssetsWithHistory does,
 * and writes one DELETE audit entry each. Answers the object keys to remove after the commit.
 */
export async function deleteAssetsFor(
  tx: DbOrTx,
  context: AssetActionContext,
  rows: AssetToDelete[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const history = await deleteAssetsWithHistory(
    tx,
    rows[0]!.organizationId,
    rows.map((row) => row.id),
  );
  await recordAudits(
    tx,
    rows.map((row) => {
      const { events, objectKeys } = history.get(row.id)!;
      return auditOf(context, row, 'DELETE', {
        deleted: true,
        slug: row.slug,
        events,
        files: objectKeys.length,
      });
    }),
  );
  return objectKeysOf(history);
}

function auditOf(
  context: AssetActionContext,
  row: Pick<AssetRow, 'id' | 'organizationId' | 'name'>,
  action: AuditRecord['action'],
  changes: Record<string, unknown>,
): AuditRecord {
  return {
    organizationId: row.organizationId,
    actor: context.actor,
    action,
    entityType: 'Asset',
    entityId: row.id,
    entityName: row.name,
    changes,
    ipAddress: context.ipAddress,
  };
}
