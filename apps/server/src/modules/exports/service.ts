import { ASSET_CSV_COLUMNS, DEFAULT_LANGUAGE, EVENT_CSV_COLUMNS, type TLanguage } from '@mqr/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { assets } from '#server/db/schema.ts';
import { csvHeaders } from '#server/lib/i18n/csv-headers.ts';
import { EXPORT_BATCH_SIZE } from '#server/lib/send-csv.ts';
import { spreadsheetSafe } from '#server/lib/spreadsheet-safe.ts';
import {
  findAssetRowsInOrder,
  findAssetViewBatch,
  type ListRow,
  type ListView,
} from '../asset-list/index.ts';
import { findValuesOfAssets } from '../assets/index.ts';
import { findEventBatch, findValuesOfEvents } from '../events/index.ts';
import { getFieldDefinitionRows } from '../fields/index.ts';
import { fieldHeaders } from './column-headers.ts';

type Row = string[];

const iso = (date: Date | null) => (date ? date.toISOString() : '');

/** fieldId -> value of each owner (asset or event) in a batch's values. */
function valuesByOwner(rows: { owner: string; fieldId: string; value: string }[]) {
  const byOwner = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const own = byOwner.get(row.owner) ?? new Map<string, string>();
    own.set(row.fieldId, row.value);
    byOwner.set(row.owner, own);
  }
  return byOwner;
}

/**
 * The rows of a CSV, header first, read in batches of `batchSize` from `readBatch` (each after the
 * last id of the one before) with the custom values of each batch, every cell spreadsheet-safe.
 */
async function* batchedRows<T extends { id: string }>(
  header: Row,
  fieldIds: string[],
  readBatch: (after: string | undefined) => Promise<T[]>,
  readValues: (ids: string[]) => Promise<{ owner: string; fieldId: string; value: string }[]>,
  cellsOf: (row: T) => Row,
): AsyncGenerator<Row> {
  yield header.map(spreadsheetSafe);
  let after: string | undefined;
  for (;;) {
    const batch = await readBatch(after);
    if (batch.length === 0) return;
    const values = valuesByOwner(await readValues(batch.map((row) => row.id)));
    for (const row of batch) {
      const own = values.get(row.id);
      yield [...cellsOf(row), ...fieldIds.map((id) => own?.get(id) ?? '')].map(spreadsheetSafe);
    }
    after = batch.at(-1)?.id;
  }
}

/** The assets of an export: the list's view (in its order), or ticked assets (in the order given). */
export type AssetExportSource = ListView | { organizationId: string; assetIds: string[] };

/** A batch of the source's assets after the asset `after`. */
function assetBatchOf(db: DbOrTx, source: AssetExportSource, batchSize: number) {
  return (after: string | undefined) => {
    if (!('assetIds' in source)) return findAssetViewBatch(db, source, after, batchSize);
    const start = after === undefined ? 0 : source.assetIds.indexOf(after) + 1;
    return findAssetRowsInOrder(db, source.organizationId, source.assetIds.slice(start, start + batchSize));
  };
}

/**
 * The batch's assets, each with its parent's slug (read in one statement): the export names a parent
 * by slug, which never changes and which the import reads back.
 */
async function withParentSlugs(db: DbOrTx, organizationId: string, rows: ListRow[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.parentAssetId ? [row.parentAssetId] : [])))];
  const parents = ids.length
    ? await db
        .select({ id: assets.id, slug: assets.slug })
        .from(assets)
        .where(and(eq(assets.organizationId, organizationId), inArray(assets.id, ids)))
    : [];
  const slugs = new Map(parents.map((parent) => [parent.id, parent.slug]));
  return rows.map((row) => ({
    ...row,
    parentSlug: row.parentAssetId ? (slugs.get(row.parentAssetId) ?? '') : '',
  }));
}

/**
 * The source's assets with every Asset field of the organization, a column each; our headers in
 * `language`. The location as its full path ("Plant A / Building 2 / Room 5") and the parent by slug:
 * what the import reads back.
 */
export async function* assetCsvRows(
  db: DbOrTx,
  source: AssetExportSource,
  batchSize = EXPORT_BATCH_SIZE,
  language: TLanguage = DEFAULT_LANGUAGE,
): AsyncGenerator<Row> {
  const { organizationId } = source;
  const fields = await getFieldDefinitionRows(db, organizationId, 'Asset');
  const fixed = csvHeaders(ASSET_CSV_COLUMNS, language);
  yield* batchedRows(
    [...fixed, ...fieldHeaders(fixed, fields)],
    fields.map((field) => field.id),
    async (after) => withParentSlugs(db, organizationId, await assetBatchOf(db, source, batchSize)(after)),
    async (ids) =>
      (await findValuesOfAssets(db, organizationId, ids)).map((v) => ({ ...v, owner: v.assetId })),
    (asset) => [
      asset.slug,
      asset.name,
      asset.description ?? '',
      asset.externalId ?? '',
      asset.locationPath ?? '',
      asset.parentSlug,
      iso(asset.createdAt),
      iso(asset.updatedAt),
    ],
  );
}

/**
 * The organization's events performed within the range (planned tasks not completed yet: due within it),
 * oldest first, with every event field.
 */
export async function* eventCsvRows(
  db: DbOrTx,
  organizationId: string,
  range: { from: Date; to: Date },
  batchSize = EXPORT_BATCH_SIZE,
  language: TLanguage = DEFAULT_LANGUAGE,
): AsyncGenerator<Row> {
  const fields = await getFieldDefinitionRows(db, organizationId, 'MaintenanceEvent');
  const fixed = csvHeaders(EVENT_CSV_COLUMNS, language);
  yield* batchedRows(
    [...fixed, ...fieldHeaders(fixed, fields)],
    fields.map((field) => field.id),
    async (after) =>
      (await findEventBatch(db, organizationId, range, after, batchSize)).map((event) => ({
        ...event,
        id: event.eventId,
      })),
    async (ids) =>
      (await findValuesOfEvents(db, organizationId, ids)).map((v) => ({ ...v, owner: v.eventId })),
    (event) => [
      event.assetSlug,
      event.assetName,
      event.title,
      // A planned task not completed yet has not been performed: its due date says when (ADR 096).
      event.dueOn !== null && event.taskStatus !== 'Completed' ? '' : iso(event.performedAt),
      event.taskStatus,
      event.notes ?? '',
      event.recordedBy ?? '',
      iso(event.taskStartedAt),
      event.taskStartedBy ?? '',
      iso(event.taskCompletedAt),
      event.taskCompletedBy ?? '',
      event.dueOn ?? '',
      event.checklist?.name ?? '',
      ...(event.checklist
        ? [
            event.checklist.summary.total,
            event.checklist.summary.done,
            event.checklist.summary.passed,
            event.checklist.summary.flagged,
          ].map(String)
        : ['', '', '', '']),
    ],
  );
}
