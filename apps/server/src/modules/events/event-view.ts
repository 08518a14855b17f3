import type { TFile, TMaintenanceEvent } from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { filePublicUrl } from '#server/lib/public-urls.ts';
import {
  type EventViewRow,
  type FileRow,
  findAssetEvents,
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

/**
 * The events of an asset as the API shows them, newest performedAt first, in three queries whatever
 * their number; `assetFiles` are the asset's files (the events' among them).
 */
export async function listAssetEvents(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  assetFiles: FileRow[],
): Promise<TMaintenanceEvent[]> {
  const rows = await findAssetEvents(db, organizationId, assetId);
  return toMaintenanceEvents(db, organizationId, rows, assetFiles);
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
