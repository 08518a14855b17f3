import { z } from 'zod';
import { oneSelection, ZAssetListView, ZAssetSelection } from './asset-list.ts';
import { FIELD_DATA_TYPES, type TFieldDataType } from './fields.ts';
import { instant } from './limits.ts';
import { englishMessages } from './messages.ts';

/** What the CSV exports say of bad input. */
export const EXPORT_MESSAGES = {
  ...englishMessages({
    fromInvalid: /*i18n*/ {
      id: 'export.fromInvalid',
      message: 'From must be a date and time with an offset, e.g. 2026-01-01T00:00:00Z.',
    },
    toInvalid: /*i18n*/ {
      id: 'export.toInvalid',
      message: 'To must be a date and time with an offset, e.g. 2026-12-31T23:59:59Z.',
    },
    toBeforeFrom: /*i18n*/ { id: 'export.toBeforeFrom', message: 'To must not be before From.' },
  }),
} as const;

/** The asset list's CSV: the assets the list shows for its view (search, filters, status), in its order. */
export const ZAssetExportQuery = ZAssetListView;

/** POST /api/exports/assets.csv: the selected assets (ticked ones, or all the list's view shows). */
export const ZAssetExportBody = ZAssetSelection.superRefine((body, context) => oneSelection(body, context));

/** The maintenance history's CSV: events performed from `from` up to `to`, both included. */
export const ZEventExportQuery = z
  .object({
    from: instant(EXPORT_MESSAGES.fromInvalid),
    to: instant(EXPORT_MESSAGES.toInvalid),
  })
  .refine((range) => Date.parse(range.from) <= Date.parse(range.to), {
    message: EXPORT_MESSAGES.toBeforeFrom,
    path: ['to'],
  });

/** The first columns of the asset CSV, before one column per custom field. */
export const ASSET_CSV_COLUMNS = [
  'Slug',
  'Name',
  'Description',
  'External ID',
  'Location',
  'Parent asset',
  'Created at',
  'Updated at',
] as const;

/** The first columns of the maintenance history CSV, before one column per event custom field. */
export const EVENT_CSV_COLUMNS = [
  'Asset slug',
  'Asset name',
  'Title',
  'Performed at',
  'Status',
  'Notes',
  'Recorded by',
  'Started at',
  'Started by',
  'Completed at',
  'Completed by',
  'Due on',
  // The task's checklist (ADR 134): its name, its steps, those done, passed and flagged.
  'Checklist',
  'Checklist steps',
  'Checklist done',
  'Checklist passed',
  'Checklist flagged',
] as const;

/**
 * The columns of the schedules CSV (ADR 095), which the import of schedules reads back: the asset
 * by slug, the recurrence as the API writes it (JSON), the next due date, the assignee by email, the
 * priority of its tasks (ADR 144), and its usage trigger (ADR 138): the meter by name, the use
 * between two services, and with a calendar backstop whichever comes first or last.
 */
export const SCHEDULE_CSV_COLUMNS = [
  'Asset slug',
  'Asset name',
  'Title',
  'Notes',
  'Recurrence',
  'Counts from',
  'Lead days',
  'Starts on',
  'Ends on',
  'Next due',
  'Assignee',
  'Status',
  'Priority',
  'Meter',
  'Usage every',
  'Whichever comes',
] as const;

/** A field's type at the end of a column's name, as the exports write it: " (date)". */
const TYPE_SUFFIX = new RegExp(` \\((${FIELD_DATA_TYPES.join('|')})\\)$`, 'i');

/**
 * A custom field's column name with its type after it, "Install date (date)", so that a spreadsheet
 * keeps it and the import creates the field with that type (ADR 095). A Text field's name stays as
 * it is, unless it would read as another type ("Size (number)" is then "Size (number) (text)").
 */
export function withFieldType(name: string, dataType: TFieldDataType): string {
  if (dataType === 'Text' && !TYPE_SUFFIX.test(name)) return name;
  return `${name} (${dataType.toLowerCase()})`;
}

/** The name and the type of a column named as withFieldType names it; no type when it gives none. */
export function fieldTypeOf(header: string): { name: string; dataType: TFieldDataType | undefined } {
  const match = TYPE_SUFFIX.exec(header.trim());
  if (!match) return { name: header, dataType: undefined };
  const dataType = FIELD_DATA_TYPES.find((type) => type.toLowerCase() === match[1]?.toLowerCase());
  return { name: header.trim().slice(0, match.index), dataType };
}
