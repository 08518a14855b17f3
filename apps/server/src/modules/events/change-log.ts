import { CHANGE_LOG_TEXTS } from '@mqr/contracts';

/** What an edit of an event can change, before or after the save. */
export interface EventContent {
  title: string;
  notes: string | null;
  recordedBy: string | null;
  performedAt: Date;
  /** Custom values by field id; absent or null means none. */
  values: ReadonlyMap<string, string | null>;
  /** The object keys of the attached files. */
  attachmentKeys: readonly string[];
  /** The priority's rank and the downtime (ADR 131). */
  priority: number;
  downFrom: Date | null;
  downTo: Date | null;
}

/** A custom field compared by the change log (the active definitions, in display order). */
export interface LoggedField {
  id: string;
  label: string;
}

const changed = (before: string | null, after: string | null) => before !== after;
const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * The change log lines of an edit, in the documented wording (docs/product/events-and-tasks.md#change-log) and in form order: Title, Notes, Recorded
 * by, Performed at (compared as instants), each custom field by its label, Attachments (any file
 * added or removed), Priority, Downtime (either end). "cleared" when a value goes to none. Empty when nothing changed.
 */
export function describeEventChanges(
  before: EventContent,
  after: EventContent,
  fields: readonly LoggedField[],
): string[] {
  const lines: string[] = [];
  if (changed(before.title, after.title)) lines.push(CHANGE_LOG_TEXTS.title);
  if (changed(before.notes, after.notes)) lines.push(CHANGE_LOG_TEXTS.notes(after.notes === null));
  if (changed(before.recordedBy, after.recordedBy)) {
    lines.push(CHANGE_LOG_TEXTS.recordedBy(after.recordedBy === null));
  }
  if (before.performedAt.getTime() !== after.performedAt.getTime()) lines.push(CHANGE_LOG_TEXTS.performedAt);
  for (const field of fields) {
    const from = before.values.get(field.id) ?? null;
    const to = after.values.get(field.id) ?? null;
    if (changed(from, to)) lines.push(CHANGE_LOG_TEXTS.field(field.label, to === null));
  }
  const keysBefore = new Set(before.attachmentKeys);
  const keysAfter = new Set(after.attachmentKeys);
  if (keysBefore.size !== keysAfter.size || [...keysAfter].some((key) => !keysBefore.has(key))) {
    lines.push(CHANGE_LOG_TEXTS.attachments);
  }
  if (before.priority !== after.priority) lines.push(CHANGE_LOG_TEXTS.priority);
  if (!sameInstant(before.downFrom, after.downFrom) || !sameInstant(before.downTo, after.downTo)) {
    lines.push(CHANGE_LOG_TEXTS.downtime);
  }
  return lines;
}
