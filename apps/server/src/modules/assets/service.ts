import {
  ASSET_MESSAGES,
  isShownPublicly,
  localDate,
  MAX_COUNTED_ROWS,
  MAX_COUNTED_SEARCH_ROWS,
  nextServiceOf,
  type TAsset,
  type TAssetListItem,
  type TAssetSummary,
  type TFile,
  type TMaintenanceEvent,
  type TNextServiceDue,
  type ZAssetBody,
  type ZAssetListQuery,
} from '@mqr/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, conflict, forbidden, notFound } from '#server/lib/app-error.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { assetPublicUrl, assetQrCodeUrl } from '#server/lib/public-urls.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { generateSlug } from '#server/lib/slug.ts';
import { isUuid } from '#server/lib/uuid.ts';
import {
  countOnFilterIndexUpTo,
  countStatusUpTo,
  countsOnFilterIndex,
  findListIds,
  findListPage,
  findListRows,
  isNarrowed,
  keptCountOf,
  type ListRow,
  resolveListView,
} from '../asset-list/index.ts';
import { diffChanges, recordAudit } from '../audit-logs/index.ts';
import { type EventReader, listAssetEventPage, toFile } from '../events/index.ts';
import {
  FIELD_VALUES_MESSAGES,
  type FieldDefinitionRow,
  getFieldDefinitionRows,
  resolveFieldValues,
  valuesByLabel,
} from '../fields/index.ts';
import { targetOrganization } from '../organizations/index.ts';
import { emitAssetEvents } from '../webhooks/index.ts';
import { checkParentAsset } from './hierarchy.ts';
import { destinationOf, putAssetsAt } from './moves.ts';
import {
  type AssetFieldDisplay,
  type AssetInsert,
  type AssetPlaceRow,
  type AssetRow,
  countAssetsAmong,
  countAssetsOf,
  deleteAssetValues,
  findAsset,
  findAssetBySlug,
  findAssetValues,
  findAssetWithFields,
  insertAssetUnlessSlugTaken,
  updateAsset as updateAssetRow,
  upsertAssetValue,
} from './queries.ts';

export type AssetInput = z.output<typeof ZAssetBody>;
export type { AssetRow };

export const ASSET_FIELD_MESSAGES = {
  unknownField: FIELD_VALUES_MESSAGES.unknownField('Asset'),
  invalid: FIELD_VALUES_MESSAGES.invalid,
} as const;

const SLUG_ATTEMPTS = 10;

export interface AssetActionContext {
  actor: AuthUser;
  ipAddress: string;
  publicBaseUrl: string;
  /** The app's clock: what today is for the answer's due dates. */
  now: Date;
}

/**
 * Everything shown about an asset: its row, custom values, its newest events (with their details and
 * files), its next service due and today's date in its organization.
 */
export interface AssetView {
  row: AssetRow;
  nextService: TNextServiceDue;
  today: string;
  fields: AssetFieldDisplay[];
  events: TMaintenanceEvent[];
  eventsNextAfter: string | null;
  eventCount: number;
  files: TFile[];
  place: AssetPlaceRow;
}

export function toAssetSummary(row: AssetRow): TAssetSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    organizationId: row.organizationId,
    qrCodeUrl: assetQrCodeUrl(row.id),
    createdAt: row.createdAt.toISOString(),
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

/**
 * What an asset shows to `reader`, found by id or slug, in two queries whatever the length of its
 * history: the asset with its custom values, planned maintenance and kept count of events (ADR 107),
 * then its newest events with their details; the public sees the values of active public fields only. `now` is the
 * app's clock: what today is in the asset's organization.
 */
async function findAssetView(
  db: DbOrTx,
  organizationId: string,
  key: { id: string } | { slug: string },
  now: Date,
  reader: EventReader = 'staff',
): Promise<AssetView> {
  const found = await findAssetWithFields(db, organizationId, key);
  if (!found) throw notFound('Asset');
  const today = localDate(now, found.plan.timeZone);
  const page = await listAssetEventPage(db, organizationId, found.row.id, today, undefined, reader);
  return {
    row: found.row,
    nextService: nextServiceOf(found.plan, today),
    today,
    fields: reader === 'public' ? found.fields.filter(isShownPublicly) : found.fields,
    events: page.events,
    eventsNextAfter: page.nextAfter,
    eventCount: found.eventCount,
    files: page.files.map(toFile),
    place: found.place,
  };
}

export function toAsset(view: AssetView, publicBaseUrl: string): TAsset {
  return {
    ...toAssetSummary(view.row),
    externalId: view.row.externalId,
    publicUrl: assetPublicUrl(publicBaseUrl, view.row.organizationId, view.row.slug),
    updatedAt: view.row.updatedAt.toISOString(),
    fields: view.fields.map(({ fieldId, label, value, isActive, dataType }) => ({
      fieldId,
      label,
      value,
      isActive,
      dataType,
    })),
    events: view.events,
    eventsNextAfter: view.eventsNextAfter,
    eventCount: view.eventCount,
    files: view.files,
    ...view.nextService,
    location:
      view.row.locationId && view.place.locationName !== null && view.place.locationPath !== null
        ? { id: view.row.locationId, name: view.place.locationName, path: view.place.locationPath }
        : null,
    parentAsset:
      view.row.parentAssetId && view.place.parentName !== null && view.place.parentSlug !== null
        ? { id: view.row.parentAssetId, name: view.place.parentName, slug: view.place.parentSlug }
        : null,
    componentCount: view.place.componentCount,
    reportingEnabled: view.row.reportingEnabled,
  };
}

export function toAssetListItem(row: ListRow): TAssetListItem {
  return {
    ...toAssetSummary(row),
    updatedAt: row.updatedAt.toISOString(),
    values: row.values,
    locationId: row.locationId,
    locationPath: row.locationPath,
    parentAssetId: row.parentAssetId,
  };
}

export type AssetListQuery = z.output<typeof ZAssetListQuery>;

/**
 * One page of the list's view and how many assets it holds, counted one past `countedUpTo`: the kept
 * count of assets in service (ADR 039), the retired (or all) assets up to MAX_COUNTED_ROWS, and a
 * narrowed list (search, filters, open tasks) up to MAX_COUNTED_SEARCH_ROWS, whose first pages are
 * slices of the one walk that counts them (ADR 040). `after` reads on after that asset, however deep.
 */
export async function listAssetPage(
  db: DbOrTx,
  organizationId: string,
  query: AssetListQuery,
  today: string,
): Promise<{ items: TAssetListItem[]; total: number; countedUpTo: number }> {
  const view = await resolveListView(db, organizationId, query, today);
  const narrowed = isNarrowed(view);
  const countedUpTo = narrowed ? MAX_COUNTED_SEARCH_ROWS : MAX_COUNTED_ROWS;
  const start = (query.page - 1) * query.pageSize;
  const columns = query.columns ?? [];
  const counted = () => findListIds(db, view, { offset: 0, limit: countedUpTo + 1 });
  // Filters that a value index counts are counted there (ADR 071), the page walked on its own.
  const onFilterIndex = countsOnFilterIndex(view);
  const countNarrowed = () =>
    onFilterIndex ? countOnFilterIndexUpTo(db, view, countedUpTo + 1) : counted().then((walk) => walk.length);
  if (narrowed && !onFilterIndex && !query.after && start + query.pageSize <= countedUpTo) {
    const walk = await counted();
    const rows = await findListRows(db, organizationId, walk.slice(start, start + query.pageSize), columns);
    return { items: rows.map(toAssetListItem), total: walk.length, countedUpTo };
  }
  const [rows, total] = await Promise.all([
    findListPage(
      db,
      view,
      { offset: query.after ? 0 : start, limit: query.pageSize, after: query.after },
      columns,
    ),
    narrowed
      ? countNarrowed()
      : view.status === 'active'
        ? countAssetsOf(db, organizationId).then((count) =>
            Math.min(keptCountOf(view, count), countedUpTo + 1),
          )
        : countStatusUpTo(db, view, countedUpTo + 1),
  ]);
  return { items: rows.map(toAssetListItem), total, countedUpTo };
}

/** An asset of the organization; NOT_FOUND for another organization's id or a malformed one. */
export async function getAssetRow(
  db: DbOrTx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AssetRow> {
  const row = isUuid(id) ? await findAsset(db, organizationId, id, options) : undefined;
  if (!row) throw notFound('Asset');
  return row;
}

export async function getAsset(
  db: DbOrTx,
  organizationId: string,
  id: string,
  publicBaseUrl: string,
  now: Date,
): Promise<TAsset> {
  if (!isUuid(id)) throw notFound('Asset');
  return toAsset(await findAssetView(db, organizationId, { id }, now), publicBaseUrl);
}

/** The asset with this slug in this organization (public page); NOT_FOUND otherwise. */
export async function getAssetRowBySlug(db: DbOrTx, organizationId: string, slug: string): Promise<AssetRow> {
  const row = await findAssetBySlug(db, organizationId, slug);
  if (!row) throw notFound('Asset');
  return row;
}

/**
 * What the public page shows of the asset with this slug (today by `now`): the values of active
 * public fields only, its own and its events' (ADR 091); NOT_FOUND otherwise.
 */
export async function getPublicAssetView(
  db: DbOrTx,
  organizationId: string,
  slug: string,
  now: Date,
): Promise<AssetView> {
  return findAssetView(db, organizationId, { slug }, now, 'public');
}

/** Checks the custom values of a payload against the organization's Asset definitions (see resolveFieldValues). */
export function resolveAssetValues(
  definitions: FieldDefinitionRow[],
  payload: AssetInput['fields'],
  stored?: ReadonlyMap<string, string>,
): Map<string, string | null> {
  return resolveFieldValues('Asset', definitions, payload, stored);
}

/**
 * The audited view of an asset: name, description, external ID, the asset it is part of (by name) and
 * each custom value keyed by its label. A move between locations is audited as a MOVE of its own.
 */
function auditSnapshot(
  row: Pick<AssetRow, 'name' | 'description' | 'externalId' | 'reportingEnabled'>,
  parentAsset: string | null,
  values: Map<string, string | null>,
  definitions: FieldDefinitionRow[],
): Record<string, unknown> {
  return {
    name: row.name,
    description: row.description,
    externalId: row.externalId,
    parentAsset,
    reportingEnabled: row.reportingEnabled,
    ...valuesByLabel(definitions, values),
  };
}

/** The unique index of external IDs (ADR 092): an insert or update that breaks it is a 409. */
const EXTERNAL_ID_INDEX = 'assets_org_external_id_unique';

export const externalIdTaken = () =>
  new AppError('CONFLICT', ASSET_MESSAGES.externalIdTaken, {
    fields: [{ path: 'externalId', message: ASSET_MESSAGES.externalIdTaken }],
  });

/** Runs a save (its whole transaction), answering 409 when its external ID is another asset's. */
async function savingExternalId<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error, EXTERNAL_ID_INDEX)) throw externalIdTaken();
    throw error;
  }
}

async function writeValues(
  tx: DbOrTx,
  organizationId: string,
  assetId: string,
  values: Map<string, string | null>,
): Promise<void> {
  const cleared: string[] = [];
  for (const [fieldId, value] of values) {
    if (value === null) cleared.push(fieldId);
    else await upsertAssetValue(tx, organizationId, assetId, fieldId, value);
  }
  await deleteAssetValues(tx, organizationId, assetId, cleared);
}

/**
 * Inserts an asset under a slug made from its name (`nextSlug`), trying a new one while the
 * organization already holds it: other organizations may hold the same slug.
 */
export async function insertAssetWithFreeSlug(
  tx: DbOrTx,
  values: Omit<AssetInsert, 'slug'>,
  nextSlug: () => string = () => generateSlug(values.name),
): Promise<AssetRow> {
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const created = await insertAssetUnlessSlugTaken(tx, { ...values, slug: nextSlug() });
    if (created) return created;
  }
  throw new Error('Could not find a free slug for the asset.');
}

export async function createAsset(db: Db, context: AssetActionContext, body: AssetInput): Promise<TAsset> {
  const organizationId = await targetOrganization(
    db,
    context.actor,
    body.organizationId,
    ASSET_MESSAGES.otherOrganization,
  );
  const definitions = await getFieldDefinitionRows(db, organizationId, 'Asset');
  const values = resolveAssetValues(definitions, body.fields);
  const row = await savingExternalId(() =>
    db.transaction(async (tx) => {
      const location = body.locationId
        ? await destinationOf(tx, organizationId, body.locationId, 'locationId')
        : null;
      if (body.parentAssetId) {
        await lockHierarchy(tx, organizationId);
        await checkParentAsset(tx, organizationId, undefined, body.parentAssetId);
      }
      const created = await insertAssetWithFreeSlug(tx, {
        organizationId,
        name: body.name,
        description: body.description,
        externalId: body.externalId ?? null,
        locationId: location?.id ?? null,
        parentAssetId: body.parentAssetId ?? null,
        reportingEnabled: body.reportingEnabled ?? true,
        createdById: context.actor.id,
        updatedById: context.actor.id,
      });
      await writeValues(tx, organizationId, created.id, values);
      await recordAudit(tx, {
        organizationId,
        actor: context.actor,
        action: 'CREATE',
        entityType: 'Asset',
        entityId: created.id,
        entityName: created.name,
        changes: { created: true },
        ipAddress: context.ipAddress,
      });
      await emitAssetEvents(tx, 'asset.created', [created]);
      return created;
    }),
  );
  return toAsset(
    await findAssetView(db, row.organizationId, { id: row.id }, context.now),
    context.publicBaseUrl,
  );
}

/**
 * Replaces name, description and the active custom values (active fields left out are cleared;
 * retired ones keep their stored values), and the external ID when the body has one (null clears
 * it). The slug never changes; assets never change organization.
 */
export async function updateAsset(
  db: Db,
  context: AssetActionContext,
  id: string,
  body: AssetInput,
): Promise<TAsset> {
  const organizationId = context.actor.organizationId;
  const existing = await getAssetRow(db, organizationId, id);
  if (body.organizationId && body.organizationId !== existing.organizationId) {
    throw forbidden(ASSET_MESSAGES.otherOrganization);
  }
  const definitions = await getFieldDefinitionRows(db, organizationId, 'Asset');
  const row = await savingExternalId(() =>
    db.transaction(async (tx) => {
      // Locked: the stored values a save may keep unchanged (ADR 020) are the ones it replaces.
      const current = await getAssetRow(tx, organizationId, existing.id, { forUpdate: true });
      if (current.retiredAt) throw conflict(ASSET_MESSAGES.retired);
      const parentChanges =
        body.parentAssetId !== undefined && (body.parentAssetId ?? null) !== current.parentAssetId;
      if (parentChanges) await lockHierarchy(tx, organizationId);
      const parentBefore = current.parentAssetId
        ? await parentNameOf(tx, organizationId, current.parentAssetId)
        : null;
      const parentAfter = !parentChanges
        ? parentBefore
        : body.parentAssetId
          ? (await checkParentAsset(tx, organizationId, current.id, body.parentAssetId)).name
          : null;
      const destination =
        body.locationId === undefined
          ? undefined
          : await destinationOf(tx, organizationId, body.locationId, 'locationId');
      const storedValues = await findAssetValues(tx, organizationId, current.id);
      const values = resolveAssetValues(definitions, body.fields, storedValues);
      const before = new Map<string, string | null>();
      for (const fieldId of values.keys()) before.set(fieldId, storedValues.get(fieldId) ?? null);
      const updated = await updateAssetRow(tx, organizationId, current.id, {
        name: body.name,
        description: body.description,
        externalId: body.externalId === undefined ? current.externalId : body.externalId,
        parentAssetId: body.parentAssetId === undefined ? current.parentAssetId : body.parentAssetId,
        reportingEnabled: body.reportingEnabled ?? current.reportingEnabled,
        updatedById: context.actor.id,
        updatedAt: new Date(),
      });
      await writeValues(tx, organizationId, current.id, values);
      if (destination !== undefined) await putAssetsAt(tx, context, [current], destination);
      await recordAudit(tx, {
        organizationId,
        actor: context.actor,
        action: 'UPDATE',
        entityType: 'Asset',
        entityId: updated.id,
        entityName: updated.name,
        changes: {
          changes: diffChanges(
            auditSnapshot(current, parentBefore, before, definitions),
            auditSnapshot(updated, parentAfter, values, definitions),
          ),
        },
        ipAddress: context.ipAddress,
      });
      await emitAssetEvents(tx, 'asset.updated', [updated]);
      return updated;
    }),
  );
  return toAsset(
    await findAssetView(db, row.organizationId, { id: row.id }, context.now),
    context.publicBaseUrl,
  );
}

/** NOT_FOUND unless every one of `ids` is an asset of the organization. */
export async function checkAssetsOfOrganization(db: DbOrTx, organizationId: string, ids: string[]) {
  if ((await countAssetsAmong(db, organizationId, ids)) !== ids.length) throw notFound('Asset');
}

/**
 * Holds the organization's asset hierarchy while a parent changes: two changes at once could each pass
 * the cycle check and make a cycle together. FOR NO KEY UPDATE lets other writes' foreign-key locks through.
 */
async function lockHierarchy(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(sql`select 1 from organizations where id = ${organizationId} for no key update`);
}

/** The name of an asset of the organization (a parent's, for the audit log). */
async function parentNameOf(tx: DbOrTx, organizationId: string, id: string): Promise<string | null> {
  return (await findAsset(tx, organizationId, id))?.name ?? null;
}
