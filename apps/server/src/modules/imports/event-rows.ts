import {
  EVENT_MESSAGES,
  EVENT_NOTES_MAX_LENGTH,
  EVENT_RECORDED_BY_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  IMPORT_MESSAGES,
  IMPORT_SAID,
  INPUT_MESSAGES,
  isInstantInRange,
  isValidDate,
  type TImportDateOrder,
  type TTaskStatus,
} from '@mqr/contracts';
import { dateIn } from './cell-formats.ts';
import { type CheckedRowBase, type ImportPlan, readRow } from './plan.ts';

/** A row of a history file as the import would write it, with what is wrong with it. */
export interface CheckedEventRow extends CheckedRowBase {
  /** The asset's slug, lower-cased ('' when the row gives none). */
  slug: string;
  title: string;
  notes: string | null;
  recordedBy: string | null;
  /** Null when the cell is not a moment (the row then has a problem). */
  performedAt: Date | null;
  status: TTaskStatus;
  startedAt: Date | null;
  completedAt: Date | null;
  /** The people of the stamps as the file names them (an email or a display name), matched at the commit. */
  startedBy: string | null;
  completedBy: string | null;
}

/** How a history file may spell a status (lower case, spaces, `-` and `_` as one space); empty: Completed. */
const STATUS_WORDS: Record<string, TTaskStatus> = {
  pending: 'Pending',
  open: 'Pending',
  'to do': 'Pending',
  todo: 'Pending',
  'in progress': 'InProgress',
  inprogress: 'InProgress',
  started: 'InProgress',
  completed: 'Completed',
  complete: 'Completed',
  done: 'Completed',
  finished: 'Completed',
  closed: 'Completed',
};

/** The status a cell names; Completed for an empty one (a logbook lists work done); undefined if unknown. */
export function statusOf(text: string): TTaskStatus | undefined {
  if (text === '') return 'Completed';
  return STATUS_WORDS[text.toLowerCase().replace(/[\s_-]+/g, ' ')];
}

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** `Z`, `+02`, `+0200` or `+02:00` as ISO writes an offset. */
function offsetOf(zone: string): string {
  if (zone.toUpperCase() === 'Z') return 'Z';
  const digits = zone.replace(':', '');
  return `${digits.slice(0, 3)}:${digits.slice(3) || '00'}`;
}

/**
 * The moment a cell names: an ISO date-time with an offset as it says; a date-time without one in
 * UTC; a date alone at 12:00 UTC, which is that same day in every time zone from UTC−11 to UTC+11.
 * `T` or a space between date and time; seconds and fractions optional. The date may be written in
 * the file's order (`15.03.2021 14:30`). Undefined when the cell is none of these, or the day or
 * time does not exist; a message when it falls outside 1900–9999.
 */
export function momentOf(cell: string, order: TImportDateOrder = 'YMD'): Date | string | undefined {
  const date = dateIn(cell, order);
  const text = date ? `${date.iso}${cell.slice(date.length)}` : cell;
  let iso: string;
  if (isValidDate(text)) iso = `${text}T12:00:00Z`;
  else {
    const match = DATE_TIME.exec(text);
    if (!match) return undefined;
    const [, day = '', hours = '', minutes = '', seconds = '00', fraction = '', zone = 'Z'] = match;
    if (!isValidDate(day) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) {
      return undefined;
    }
    iso = `${day}T${hours}:${minutes}:${seconds}${fraction.slice(0, 4)}${offsetOf(zone)}`;
  }
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return undefined;
  return isInstantInRange(iso) ? new Date(time) : INPUT_MESSAGES.instantOutOfRange;
}

type Stamp = 'startedAt' | 'startedBy' | 'completedAt' | 'completedBy';

/**
 * One row of a history file checked with the event form's rules (title required and at most 200
 * characters, notes at most 4,000, recorded by at most 200, each custom value against its field),
 * a performed-at moment, a status, and stamps that fit the status: a Pending event has none, one In
 * progress no completion. The status fills the stamps the app would have: In progress starts at the
 * Started at cell, else when performed; Completed completes at the Completed at cell, else when
 * performed, and without a Started at cell starts with its completion, by its completer (as
 * completing a Pending task stamps the start too).
 */
export function checkEventRow(plan: ImportPlan, rowNumber: number, cells: string[]): CheckedEventRow {
  const row = readRow(plan, cells);
  const slug = row.text('asset').toLowerCase();
  if (slug === '') row.problem('asset', IMPORT_MESSAGES.assetRequired);
  const title = row.text('title');
  if (title === '') row.problem('title', EVENT_MESSAGES.titleRequired);
  else if (title.length > EVENT_TITLE_MAX_LENGTH) row.problem('title', EVENT_MESSAGES.titleTooLong);
  const notes = row.text('notes');
  if (notes.length > EVENT_NOTES_MAX_LENGTH) row.problem('notes', EVENT_MESSAGES.notesTooLong);
  const recordedBy = row.text('recordedBy');
  if (recordedBy.length > EVENT_RECORDED_BY_MAX_LENGTH) {
    row.problem('recordedBy', EVENT_MESSAGES.recordedByTooLong);
  }
  const moment = (target: 'performedAt' | 'startedAt' | 'completedAt'): Date | null => {
    const text = row.text(target);
    if (text === '') return null;
    const order = plan.formats.dateOrder;
    const parsed = momentOf(text, order);
    if (parsed instanceof Date) return parsed;
    row.problem(target, parsed ?? IMPORT_SAID.momentInvalid(target, text, order));
    return null;
  };
  const performedAt = moment('performedAt');
  if (row.text('performedAt') === '') {
    row.problem('performedAt', IMPORT_SAID.performedAtRequired());
  }
  for (const person of ['startedBy', 'completedBy'] as const) {
    if (row.text(person).length > EVENT_RECORDED_BY_MAX_LENGTH) {
      row.problem(person, IMPORT_SAID.personTooLong(person));
    }
  }
  const status = statusOf(row.text('status'));
  if (!status) row.problem('status', IMPORT_MESSAGES.statusInvalid);
  const stamps = {
    startedAt: moment('startedAt'),
    completedAt: moment('completedAt'),
    startedBy: row.text('startedBy') || null,
    completedBy: row.text('completedBy') || null,
  };
  const refuse = (targets: Stamp[], message: string) => {
    for (const target of targets) if (row.text(target) !== '') row.problem(target, message);
  };
  if (status === 'Pending') {
    refuse(['startedAt', 'startedBy', 'completedAt', 'completedBy'], IMPORT_MESSAGES.pendingHasStamp);
    stamps.startedAt = stamps.completedAt = stamps.startedBy = stamps.completedBy = null;
  } else if (status === 'InProgress') {
    refuse(['completedAt', 'completedBy'], IMPORT_MESSAGES.inProgressHasCompletion);
    stamps.startedAt ??= performedAt;
    stamps.completedAt = stamps.completedBy = null;
  } else if (status === 'Completed') {
    stamps.completedAt ??= performedAt;
    if (row.text('startedAt') === '') {
      stamps.startedAt = stamps.completedAt;
      stamps.startedBy ??= stamps.completedBy;
    }
    if (stamps.startedAt && stamps.completedAt && stamps.completedAt < stamps.startedAt) {
      const column = plan.columns.completedAt === undefined ? 'startedAt' : 'completedAt';
      row.problem(column, IMPORT_MESSAGES.completedBeforeStarted);
    }
  }
  const values = row.values();
  return {
    rowNumber,
    problems: row.problems,
    values,
    slug,
    title,
    notes: notes || null,
    recordedBy: recordedBy || null,
    performedAt,
    status: status ?? 'Completed',
    ...stamps,
  };
}
