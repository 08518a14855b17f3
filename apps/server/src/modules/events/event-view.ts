import {
  dueStateOf,
  EVENT_PAGE_SIZE,
  isShownPublicly,
  priorityOfRank,
  type TMaintenanceEvent,
} from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { toFile } from '#server/lib/file-view.ts';
import {
  type EventValueRow,
  type EventViewRow,
  type FileRow,
  findAssetEventPage,
  findEventView,
} from './queries.ts';

export type { FileRow };

export { toFile };

/** Files in the order they were added (then by id), as the asset's list of files shows them. */
const oldestFileFirst = (a: FileRow, b: FileRow) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A nullable timestamp as the API shows it. */
export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * What a task shows of its plan: its due date and state on `today` (the organization's date), its
 * schedule and assignee, its priority and downtime.
 */
export function taskPlan(
  row: Pick<
    EventViewRow,
    'dueOn' | 'taskStatus' | 'scheduleId' | 'assigneeId' | 'assigneeName' | 'priority' | 'downFrom' | 'downTo'
  >,
  today: string,
) {
  return {
    dueOn: row.dueOn,
    dueState: dueStateOf({ dueOn: row.dueOn, completed: row.taskStatus === 'Completed' }, today),
    scheduleId: row.scheduleId,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    priority: priorityOfRank(row.priority),
    downFrom: iso(row.downFrom),
    downTo: iso(row.downTo),
  };
}

/**
 * Who reads the events: staff see every value stored, the public page only those of active public
 * fields (isShownPublicly, ADR 091).
 */
export type EventReader = 'staff' | 'public';

const valueShownTo = (reader: EventReader) => (value: EventValueRow) =>
  reader === 'staff' || isShownPublicly(value);

/**
 * Events as the API shows them to `reader`: custom values with labels, files, change log newest
 * first, the stamps' display names, and their due state on `today`.
 */
function toMaintenanceEvents(
  rows: EventViewRow[],
  today: string,
  reader: EventReader = 'staff',
): TMaintenanceEvent[] {
  const visible = valueShownTo(reader);
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
      ...taskPlan(e, today),
      updatedAt: e.updatedAt.toISOString(),
      updatedBy: e.updatedBy,
      fields: e.values
        .filter(visible)
        .map((v) => ({ fieldId: v.fieldId, label: v.label, value: v.value, dataType: v.dataType })),
      files: e.files.map(toFile),
      timeSpent: e.timeSpent,
      costs: e.costs,
      costTotalMinor: e.costs.reduce((sum, line) => sum + line.totalMinor, 0),
      currency: e.currency,
      changeLog: e.changes.map((c) => ({
        id: c.id,
        changedAt: c.changedAt.toISOString(),
        changedBy: c.changedBy,
        changes: c.changes,
      })),
      checklist: e.checklist,
      followUpOf: e.followUpOf,
    }),
  );
}

/** A page of an asset's history as the API shows it, with the files of its events. */
export interface AssetEventPage {
  events: TMaintenanceEvent[];
  files: FileRow[];
  /** The id to ask the next page after; null when these are the oldest. */
  nextAfter: string | null;
}

/**
 * EVENT_PAGE_SIZE events of an asset, newest performedAt first, after the event `after` when given;
 * one query whatever the asset's history (ADR 028). How many events it has in all is kept beside it
 * (asset_event_counts, ADR 107), read with the asset. Due states are of `today`; the custom values
 * are those `reader` may see.
 */
export async function listAssetEventPage(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  today: string,
  after?: string,
  reader: EventReader = 'staff',
): Promise<AssetEventPage> {
  const rows = await findAssetEventPage(db, organizationId, assetId, after);
  const shown = rows.slice(0, EVENT_PAGE_SIZE);
  return {
    events: toMaintenanceEvents(shown, today, reader),
    files: shown.flatMap((row) => row.files).sort(oldestFileFirst),
    nextAfter: rows.length > EVENT_PAGE_SIZE ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** One event of an asset as the API shows it (due state of `today`), or undefined when the asset has no such event. */
export async function loadEvent(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  eventId: string,
  today: string,
): Promise<TMaintenanceEvent | undefined> {
  const row = await findEventView(db, organizationId, assetId, eventId);
  return row ? toMaintenanceEvents([row], today)[0] : undefined;
}
