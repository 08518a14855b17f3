import { EVENT_PAGE_SIZE, type TFile, type TMaintenanceEvent } from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { filePublicUrl } from '#server/lib/public-urls.ts';
import {
  countAssetEvents,
  type EventViewRow,
  type FileRow,
  findAssetEventPage,
  findEventChanges,
  findEventValues,
  findEventView,
  findFilesOfEvents,
} from './queries.ts';

export type { FileRow };

export function toFile(row: FileRow): TFile {
  return {
    id: row.id,
    objectKey: row.objectKey,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    publicUrl: filePublicUrl(row),
  };
}

/** A nullable timestamp as the API shows it. */
export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Events as the API shows them: custom values with labels, files, change log newest first and the
 * stamps' display names. Two queries whatever the number of events; `fileRows` holds (at least)
 * the events' files.
 */
async function toMaintenanceEvents(
  db: DbOrTx,
  organizationId: string,
  rows: EventViewRow[],
  fileRows: FileRow[],
): Promise<TMaintenanceEvent[]> {
  const eventIds = rows.map((e) => e.id);
  const [valueRows, changeRows] = await Promise.all([
    findEventValues(db, organizationId, eventIds),
    findEventChanges(db, organizationId, eventIds),
  ]);
  return rows.map(
    (e): TMaintenanceEvent => ({
      id: e.id,
      title: e.title,
      notes: e.notes,
      recordedBy: e.recordedBy,
      performedAt: e.performedAt.toISOString(),
      taskStatus: e.taskStatus,
      taskStartedAt: iso(e.taskStartedAt),
      taskStartedBy: e.taskStartedBy,
      taskCompletedAt: iso(e.taskCompletedAt),
      taskCompletedBy: e.taskCompletedBy,
      updatedAt: e.updatedAt.toISOString(),
      updatedBy: e.updatedBy,
      fields: valueRows
        .filter((v) => v.eventId === e.id)
        .map((v) => ({ fieldId: v.fieldId, label: v.label, value: v.value })),
      files: fileRows.filter((f) => f.eventId === e.id).map(toFile),
      changeLog: changeRows
        .filter((c) => c.eventId === e.id)
        .map((c) => ({
          id: c.id,
          changedAt: c.changedAt.toISOString(),
          changedBy: c.changedBy,
          changes: c.changes,
        })),
    }),
  );
}

/** A page of an asset's history as the API shows it, with the files of its events. */
export interface AssetEventPage {
  events: TMaintenanceEvent[];
  files: FileRow[];
  /** The id to ask the next page after; null when these are the oldest. */
  nextAfter: string | null;
  /** All the asset's events. */
  total: number;
}

/**
 * EVENT_PAGE_SIZE events of an asset, newest performedAt first, after the event `after` when given;
 * a fixed number of queries whatever the asset's history (ADR 028).
 */
export async function listAssetEventPage(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  after?: string,
): Promise<AssetEventPage> {
  const rows = await findAssetEventPage(db, organizationId, assetId, after);
  // A first page that holds the whole history is its own count (most assets): one query fewer.
  const whole = !after && rows.length <= EVENT_PAGE_SIZE;
  const total = whole ? rows.length : await countAssetEvents(db, organizationId, assetId);
  const shown = rows.slice(0, EVENT_PAGE_SIZE);
  const fileRows = await findFilesOfEvents(
    db,
    organizationId,
    shown.map((row) => row.id),
  );
  return {
    events: await toMaintenanceEvents(db, organizationId, shown, fileRows),
    files: fileRows,
    nextAfter: rows.length > EVENT_PAGE_SIZE ? (shown.at(-1)?.id ?? null) : null,
    total,
  };
}

/** One event of an asset as the API shows it, or undefined when the asset has no such event. */
export async function loadEvent(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  eventId: string,
): Promise<TMaintenanceEvent | undefined> {
  const [row, fileRows] = await Promise.all([
    findEventView(db, organizationId, assetId, eventId),
    findFilesOfEvents(db, organizationId, [eventId]),
  ]);
  if (!row) return undefined;
  const [event] = await toMaintenanceEvents(db, organizationId, [row], fileRows);
  return event;
}
