import {
  ASSET_SELECTION_MAX,
  ASSET_SELECTION_MESSAGES,
  BULK_MESSAGES,
  BULK_SAID,
  checkFieldValue,
  localDate,
  type TAssetListView,
  type TBulkResult,
  type TBulkRetireResult,
  type ZBulkDeleteBody,
  type ZBulkFieldValueBody,
} from '@mqr/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, invalidField, notFound } from '#server/lib/app-error.ts';
import { findSelectedByView } from '../asset-list/index.ts';
import { type AuditRecord, recordAudits } from '../audit-logs/index.ts';
import { removeObjects } from '../events/index.ts';
import { getFieldDefinitionRows } from '../fields/index.ts';
import { emitAssetEvents } from '../webhooks/index.ts';
import { type AssetDeleteContext, deleteAssetsFor, statusChange } from './lifecycle.ts';
import {
  findRetirementStateForUpdate,
  findSelectionForUpdate,
  markAssetsUpdated,
  setRetirementOfAssets,
  setValueOfAssets,
} from './queries.ts';
import type { AssetActionContext } from './service.ts';

/**
 * Actions on a selection of the asset list (ADR 048): the ticked assets, or every asset the list shows
 * for its view, at most ASSET_SELECTION_MAX, changed in chunks in one transaction with an audit entry
 * per changed asset. An asset another organization's, or no one's, answers 404 and changes nothing.
 */

/** Assets read, locked and written per statement. */
export const BULK_CHUNK_SIZE = 500;

export type BulkFieldValue = z.output<typeof ZBulkFieldValueBody>;

/** The selected ids: as given, or the view's assets in its order (400 past the limit, or for none). */
export function selectedIds(
  db: DbOrTx,
  context: AssetActionContext,
  selection: { assetIds?: string[] | undefined; query?: TAssetListView | undefined },
): Promise<string[]> | string[] {
  if (selection.assetIds) return selection.assetIds;
  return findSelectedByView(
    db,
    context.actor.organizationId,
    selection.query!,
    {
      max: ASSET_SELECTION_MAX,
      tooMany: ASSET_SELECTION_MESSAGES.tooMany,
      noneFound: ASSET_SELECTION_MESSAGES.noneFound,
      path: 'query',
    },
    localDate(context.now, context.actor.timeZone),
  );
}

function chunksOf<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += BULK_CHUNK_SIZE) {
    chunks.push(items.slice(start, start + BULK_CHUNK_SIZE));
  }
  return chunks;
}

/** The audit entry of one asset the action changed. */
function auditOf(
  context: AssetActionContext,
  organizationId: string,
  asset: { id: string; name: string },
  action: AuditRecord['action'],
  changes: object,
): AuditRecord {
  return {
    organizationId,
    actor: context.actor,
    action,
    entityType: 'Asset',
    entityId: asset.id,
    entityName: asset.name,
    changes,
    ipAddress: context.ipAddress,
  };
}

const invalid = invalidField;

/**
 * Gives the selected assets in service one value of an active Asset field (or clears it), checked as
 * the asset form checks it. Retired assets and assets that already hold the value are left as they
 * are, so a request sent again changes nothing more. Each changed asset gets an UPDATE audit entry
 * with the field's from → to, as an edit on its form would.
 */
export async function setFieldValueOfSelection(
  db: Db,
  context: AssetActionContext,
  body: BulkFieldValue,
): Promise<TBulkResult> {
  const organizationId = context.actor.organizationId;
  const definitions = await getFieldDefinitionRows(db, organizationId, 'Asset');
  const field = definitions.find((definition) => definition.id === body.fieldId.toLowerCase());
  if (!field) throw notFound('Field');
  if (!field.isActive) throw invalid('fieldId', BULK_MESSAGES.fieldRetired);
  const check = checkFieldValue({ ...field, isActive: true }, body.value);
  if (!check.ok) throw invalid('value', check.said);
  const value = check.value;
  const ids = await selectedIds(db, context, body);

  const changed = await db.transaction(async (tx) => {
    let count = 0;
    for (const chunk of chunksOf(ids)) {
      const current = await findSelectionForUpdate(tx, organizationId, chunk, field.id);
      if (current.length !== chunk.length) throw notFound('Asset');
      const changing = current.filter((asset) => asset.retiredAt === null && asset.value !== value);
      if (changing.length === 0) continue;
      const changingIds = changing.map((asset) => asset.id);
      await setValueOfAssets(tx, organizationId, changingIds, field.id, value);
      await markAssetsUpdated(tx, organizationId, changingIds, context.actor.id);
      await recordAudits(
        tx,
        changing.map((asset) =>
          auditOf(context, organizationId, asset, 'UPDATE', {
            changes: { [field.label]: { from: asset.value, to: value } },
          }),
        ),
      );
      await emitAssetEvents(
        tx,
        'asset.updated',
        changing.map((asset) => ({ ...asset, organizationId })),
      );
      count += changing.length;
    }
    return count;
  });
  return { selected: ids.length, changed };
}

/**
 * Retires the selected assets in service (administrators), as retiring each on its page would: not one
 * with open tasks (they stay in service and are counted), every retired one with a RETIRE audit entry.
 * Already retired assets are left as they are, so a request sent again changes nothing more.
 */
export async function retireSelection(
  db: Db,
  context: AssetActionContext,
  body: { assetIds?: string[] | undefined; query?: TAssetListView | undefined },
): Promise<TBulkRetireResult> {
  const organizationId = context.actor.organizationId;
  const ids = await selectedIds(db, context, body);
  return db.transaction(async (tx) => {
    const result = { selected: ids.length, changed: 0, withOpenTasks: 0 };
    for (const chunk of chunksOf(ids)) {
      const current = await findRetirementStateForUpdate(tx, organizationId, chunk);
      if (current.length !== chunk.length) throw notFound('Asset');
      const inService = current.filter((asset) => asset.retiredAt === null);
      const retiring = inService.filter((asset) => !asset.hasOpenTasks);
      result.withOpenTasks += inService.length - retiring.length;
      if (retiring.length === 0) continue;
      await setRetirementOfAssets(
        tx,
        organizationId,
        retiring.map((asset) => asset.id),
        true,
        context.actor.id,
      );
      await recordAudits(
        tx,
        retiring.map((asset) => auditOf(context, organizationId, asset, 'RETIRE', statusChange('RETIRE'))),
      );
      await emitAssetEvents(
        tx,
        'asset.retired',
        retiring.map((asset) => ({ ...asset, organizationId })),
      );
      result.changed += retiring.length;
    }
    return result;
  });
}

/**
 * Puts the selected retired assets back in service (administrators), as restoring each on its page
 * would, with a RESTORE audit entry each. Assets in service are left as they are, so a request sent
 * again changes nothing more.
 */
export async function restoreSelection(
  db: Db,
  context: AssetActionContext,
  body: { assetIds?: string[] | undefined; query?: TAssetListView | undefined },
): Promise<TBulkResult> {
  const organizationId = context.actor.organizationId;
  const ids = await selectedIds(db, context, body);
  const changed = await db.transaction(async (tx) => {
    let count = 0;
    for (const chunk of chunksOf(ids)) {
      const current = await findRetirementStateForUpdate(tx, organizationId, chunk);
      if (current.length !== chunk.length) throw notFound('Asset');
      const restoring = current.filter((asset) => asset.retiredAt !== null);
      if (restoring.length === 0) continue;
      await setRetirementOfAssets(
        tx,
        organizationId,
        restoring.map((asset) => asset.id),
        false,
        context.actor.id,
      );
      await recordAudits(
        tx,
        restoring.map((asset) => auditOf(context, organizationId, asset, 'RESTORE', statusChange('RESTORE'))),
      );
      count += restoring.length;
    }
    return count;
  });
  return { selected: ids.length, changed };
}

export type BulkDelete = z.output<typeof ZBulkDeleteBody>;

/**
 * Deletes the selected assets for good (administrators), as deleting each on its page would: every
 * one of them must be retired, and `confirmCount` must be how many they are. Everything is checked,
 * every asset locked, before the first row goes; then all of them go in the same transaction, with a
 * DELETE audit entry each. Their stored files leave storage after the commit.
 */
export async function deleteSelection(
  db: Db,
  context: AssetDeleteContext,
  body: BulkDelete,
): Promise<TBulkResult> {
  const organizationId = context.actor.organizationId;
  const ids = await selectedIds(db, context, body);
  if (body.confirmCount !== ids.length) {
    throw invalid('confirmCount', BULK_SAID.deleteCountMismatch(ids.length));
  }
  const objectKeys = await db.transaction(async (tx) => {
    const locked = [];
    for (const chunk of chunksOf(ids)) {
      const current = await findRetirementStateForUpdate(tx, organizationId, chunk);
      if (current.length !== chunk.length) throw notFound('Asset');
      locked.push(...current);
    }
    const inService = locked.filter((asset) => asset.retiredAt === null).length;
    if (inService > 0) throw conflict(BULK_SAID.deleteNotRetired(inService));
    const keys: string[] = [];
    for (const chunk of chunksOf(locked)) {
      keys.push(
        ...(await deleteAssetsFor(
          tx,
          context,
          chunk.map((asset) => ({ ...asset, organizationId })),
        )),
      );
    }
    return keys;
  });
  await removeObjects(context, objectKeys);
  return { selected: ids.length, changed: ids.length };
}
