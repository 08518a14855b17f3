import type { MessageDescriptor } from '@lingui/core';
import {
  ASSET_CSV_COLUMNS,
  EVENT_CSV_COLUMNS,
  LANGUAGES,
  SCHEDULE_CSV_COLUMNS,
  type TLanguage,
} from '@mqr/contracts';
import { translatorFor } from './translators.ts';

// The column names our CSV files start with, in the reader's language (ADR 111). Their English is
// contracts' *_CSV_COLUMNS word for word (the import recognises our files by it); custom fields'
// columns are their names, never translated.

/** The header row of an import's problems (imports' problems.csv). */
export const PROBLEM_CSV_COLUMNS = ['Row', 'Column', 'Problem'] as const;

/** A fixed column of the files the import reads back: assets, history, schedules. */
type TExportColumn =
  | (typeof ASSET_CSV_COLUMNS)[number]
  | (typeof EVENT_CSV_COLUMNS)[number]
  | (typeof SCHEDULE_CSV_COLUMNS)[number];

type TCsvColumn = TExportColumn | (typeof PROBLEM_CSV_COLUMNS)[number];

export const CSV_COLUMN_TEXTS: Record<TCsvColumn, MessageDescriptor> = {
  Slug: /*i18n*/ { id: 'csv.slug', message: 'Slug' },
  Name: /*i18n*/ { id: 'csv.name', message: 'Name' },
  Description: /*i18n*/ { id: 'csv.description', message: 'Description' },
  'External ID': /*i18n*/ { id: 'csv.externalId', message: 'External ID' },
  Location: /*i18n*/ { id: 'csv.location', message: 'Location' },
  'Parent asset': /*i18n*/ { id: 'csv.parentAsset', message: 'Parent asset' },
  'Created at': /*i18n*/ { id: 'csv.createdAt', message: 'Created at' },
  'Updated at': /*i18n*/ { id: 'csv.updatedAt', message: 'Updated at' },
  'Asset slug': /*i18n*/ { id: 'csv.assetSlug', message: 'Asset slug' },
  'Asset name': /*i18n*/ { id: 'csv.assetName', message: 'Asset name' },
  Title: /*i18n*/ { id: 'csv.title', message: 'Title' },
  'Performed at': /*i18n*/ { id: 'csv.performedAt', message: 'Performed at' },
  Status: /*i18n*/ { id: 'csv.status', message: 'Status' },
  Notes: /*i18n*/ { id: 'csv.notes', message: 'Notes' },
  'Recorded by': /*i18n*/ { id: 'csv.recordedBy', message: 'Recorded by' },
  'Started at': /*i18n*/ { id: 'csv.startedAt', message: 'Started at' },
  'Started by': /*i18n*/ { id: 'csv.startedBy', message: 'Started by' },
  'Completed at': /*i18n*/ { id: 'csv.completedAt', message: 'Completed at' },
  'Completed by': /*i18n*/ { id: 'csv.completedBy', message: 'Completed by' },
  'Due on': /*i18n*/ { id: 'csv.dueOn', message: 'Due on' },
  Checklist: /*i18n*/ { id: 'csv.checklist', message: 'Checklist' },
  'Checklist steps': /*i18n*/ { id: 'csv.checklistSteps', message: 'Checklist steps' },
  'Checklist done': /*i18n*/ { id: 'csv.checklistDone', message: 'Checklist done' },
  'Checklist passed': /*i18n*/ { id: 'csv.checklistPassed', message: 'Checklist passed' },
  'Checklist flagged': /*i18n*/ { id: 'csv.checklistFlagged', message: 'Checklist flagged' },
  Recurrence: /*i18n*/ { id: 'csv.recurrence', message: 'Recurrence' },
  'Counts from': /*i18n*/ { id: 'csv.countsFrom', message: 'Counts from' },
  'Lead days': /*i18n*/ { id: 'csv.leadDays', message: 'Lead days' },
  'Starts on': /*i18n*/ { id: 'csv.startsOn', message: 'Starts on' },
  'Ends on': /*i18n*/ { id: 'csv.endsOn', message: 'Ends on' },
  'Next due': /*i18n*/ { id: 'csv.nextDue', message: 'Next due' },
  Assignee: /*i18n*/ { id: 'csv.assignee', message: 'Assignee' },
  Priority: /*i18n*/ { id: 'csv.priority', message: 'Priority' },
  Meter: /*i18n*/ { id: 'csv.meter', message: 'Meter' },
  'Usage every': /*i18n*/ { id: 'csv.usageEvery', message: 'Usage every' },
  'Whichever comes': /*i18n*/ { id: 'csv.whicheverComes', message: 'Whichever comes' },
  Row: /*i18n*/ { id: 'csv.row', message: 'Row' },
  Column: /*i18n*/ { id: 'csv.column', message: 'Column' },
  Problem: /*i18n*/ { id: 'csv.problem', message: 'Problem' },
};

/** A file's fixed columns in `language`, in their order. */
export function csvHeaders(columns: readonly TCsvColumn[], language: TLanguage): string[] {
  const tr = translatorFor(language);
  return columns.map((column) => tr.t(CSV_COLUMN_TEXTS[column]));
}

/** Each name our export columns have in some language, trimmed and lower-cased → the column's English. */
let exportColumnsByName: Map<string, TExportColumn> | undefined;

function nameExportColumns(): Map<string, TExportColumn> {
  const columns = [
    ...new Set<TExportColumn>([...ASSET_CSV_COLUMNS, ...EVENT_CSV_COLUMNS, ...SCHEDULE_CSV_COLUMNS]),
  ];
  const byName = new Map<string, TExportColumn>();
  // English first (LANGUAGES starts with it): a translation that happened to be another column's
  // English name would not take it (csv-headers.test.ts: none does).
  for (const language of LANGUAGES) {
    const tr = translatorFor(language);
    for (const column of columns) {
      const name = tr.t(CSV_COLUMN_TEXTS[column]).trim().toLowerCase();
      if (!byName.has(name)) byName.set(name, column);
    }
  }
  return byName;
}

/**
 * The English name of our export's column that `header` names in any language we write ("Kennung",
 * "Identifiant", "Slug" → "Slug"; ADR 115), else undefined: the import reads back a file exported in
 * any reader's language. Read from the same catalogs as csvHeaders.
 */
export function exportColumnOf(header: string): TExportColumn | undefined {
  exportColumnsByName ??= nameExportColumns();
  return exportColumnsByName.get(header.trim().toLowerCase());
}
