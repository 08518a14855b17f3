import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELL_LENGTH,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_PROBLEMS,
  IMPORT_MAX_ROWS,
  type TImportDateOrder,
  type TImportEncoding,
  type TImportKind,
  type TImportMatchKey,
  type TImportNumberFormat,
  type TImportPlanned,
  type TImportRun,
} from '@mqr/contracts';

/** A count as the import screens show it: 12,345. */
export function countText(value: number): string {
  return value.toLocaleString('en-US');
}

/** What the check found an import of assets would do ("4 create, 2 update, 0 unchanged", ADR 092). */
export function plannedText(planned: TImportPlanned): string {
  return `${countText(planned.create)} create, ${countText(planned.update)} update, ${countText(planned.unchanged)} unchanged`;
}

const DELIMITERS: Record<string, string> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' };

/** What each kind of file's rows are, after "{N} rows". */
const ROWS_OF: Record<TImportKind, string> = {
  assets: '',
  events: ' of maintenance history',
  schedules: ' of schedules',
};

/** What one and many records of each kind are called on the import button. */
const NOUNS: Record<TImportKind, [string, string]> = {
  assets: ['asset', 'assets'],
  events: ['event', 'events'],
  schedules: ['schedule', 'schedules'],
};

/** The texts of the import screens (docs/product/assets.md#import-from-csv). */
export const IMPORT_TEXTS = {
  uploadTitle: 'Import from CSV',
  uploadSubtitle:
    'Bring in assets, or the maintenance history of your assets, from a spreadsheet or another tool: upload a CSV file, choose where its columns go, check it, then import.',
  backToAssets: 'Back to assets',
  uploadHeading: 'Upload a CSV file',
  kindLegend: 'The file holds',
  kinds: {
    assets: {
      label: 'Assets',
      hint: 'One row per asset: new assets, or changes to those it matches by slug, external ID or name.',
    },
    events: {
      label: 'Maintenance history',
      hint: 'One row per past maintenance event of an asset already here, found by its slug: from a paper logbook or another tool.',
    },
    schedules: {
      label: 'Schedules',
      hint: 'One row per schedule of an asset already here, found by its slug: from the schedules export of another organization.',
    },
  } satisfies Record<TImportKind, { label: string; hint: string }>,
  fileLabel: 'CSV file',
  fileHint: `Text with the column names in the first row, separated by commas, semicolons or tabs: UTF-8, UTF-16 or an older encoding such as Windows-1252 or Mac Roman, found from the file. At most ${IMPORT_MAX_BYTES / 1024 / 1024} MB, ${countText(IMPORT_MAX_ROWS)} rows, ${countText(IMPORT_MAX_COLUMNS)} columns and ${countText(IMPORT_MAX_CELL_LENGTH)} characters in a cell.`,
  formatsHint: {
    assets: 'Exports of Snipe-IT and HomeBox are recognised.',
    events: 'The maintenance history export of Maintenance QR is recognised.',
    schedules: 'The schedules export of Maintenance QR is recognised.',
  } satisfies Record<TImportKind, string>,
  upload: 'Upload',
  uploading: 'Uploading…',
  uploadFailed: 'The file could not be uploaded.',

  recentHeading: 'Recent imports',
  recentTable: 'Imports',
  recentLoading: 'Loading imports...',
  recentFailed: 'Unable to load the recent imports.',
  recentEmpty: 'No imports yet. Upload a CSV file to start one.',
  kindHeader: 'Type',
  actionsHeader: 'Actions',
  discard: 'Discard',
  discardLabel: (fileName: string) => `Discard the import ${fileName}`,
  discardTitle: 'Discard this import?',
  discardText:
    'It leaves the list of recent imports with its stored rows and problems. The assets it brought in stay as they are.',
  discardUndoLost: 'It can then no longer be undone.',
  discarding: 'Discarding…',
  discardFailed: 'The import could not be discarded.',
  cancel: 'Cancel',

  runTitle: (fileName: string) => `Import ${fileName}`,
  backToImports: 'Back to imports',
  runLoading: 'Loading the import...',
  runLoadFailed: 'Unable to load this import. It may no longer exist.',
  recognised: (format: TImportRun['format']) =>
    format === 'Other'
      ? 'Not a known export: the columns are matched by their names.'
      : `Recognised as a ${format} export.`,
  rows: (rowCount: number, delimiter: string, kind: TImportKind) =>
    `${countText(rowCount)} ${rowCount === 1 ? 'row' : 'rows'}${ROWS_OF[kind]}, separated by ${DELIMITERS[delimiter] ?? `“${delimiter}”`}.`,

  readingHeading: 'Reading the file',
  readingIntro:
    'How the file was read, found from its contents. If the sample values below look wrong (letters such as é or ü garbled, numbers or dates misread), change it here.',
  encodingLabel: 'Encoding',
  encodingHint: 'Choose the encoding the file was saved in when letters look wrong.',
  encodingFixed: (label: string) =>
    `Encoding: ${label}, told by the byte order mark at the start of the file.`,
  numbersLabel: 'Numbers',
  numberOptions: {
    point: 'Decimal point: 1,234.56',
    comma: 'Decimal comma: 1.234,56',
  } satisfies Record<TImportNumberFormat, string>,
  datesLabel: 'Dates',
  dateOptions: {
    YMD: 'Year first: 2021-03-15',
    DMY: 'Day first: 15.03.2021',
    MDY: 'Month first: 03/15/2021',
  } satisfies Record<TImportDateOrder, string>,
  guessedHint: 'Guessed from the values in the file.',
  readAgain: 'Read the file again',
  readingAgain: 'Reading…',
  readFailed: 'The file could not be read again.',

  mappingHeading: 'Columns',
  mappingTable: 'Column mapping',
  mappingIntro:
    'Choose where each column of the file goes. Nothing is written until the check passes and you import.',
  matchLabel: 'Match existing assets by',
  matchHints: {
    slug: 'A row whose slug an asset already has updates that asset; the other rows create assets.',
    externalId:
      'A row whose external ID an asset already has (in any case) updates that asset; the other rows create assets.',
    name: 'A row whose name exactly one asset in service has (in any case) updates that asset; the other rows create assets.',
    none: 'Every row creates a new asset, even where an asset has the same name.',
  } satisfies Record<TImportMatchKey, string>,
  matchedBy: (label: string) => `Existing assets matched by: ${label}`,
  columnHeader: 'Column',
  samplesHeader: 'Sample values',
  targetHeader: 'Import as',
  noSamples: 'Empty in the first rows',
  targetLabel: (column: string) => `Import ${column} as`,
  newFieldLegend: (column: string) => `New custom field for ${column}`,
  historyRules: [
    'Asset slug finds the asset, in upper or lower case: one of this organization’s assets in service.',
    'Performed at, Started at and Completed at take a date (2024-03-05, read as 12:00 UTC) or a date and time (2024-03-05T14:30:00Z; without an offset, read as UTC).',
    'Status: Pending, In progress or Completed (Open, Started and Done too); empty means Completed.',
    'Started by and Completed by name users of this organization by email or name; other names are kept as written.',
  ],
  ignore: "Don't import",
  customFields: 'Custom fields',
  newField: 'New custom field',
  retiredField: (label: string) => `${label} (retired)`,
  unknownField: 'Unknown field',
  fieldLabel: 'Field label',
  fieldType: 'Type',
  fieldKey: 'Key',
  fieldPublic: 'Public',
  fieldPublicHint:
    'Shown on the public QR page to anyone who scans it. Unticked, only signed-in staff see it.',
  sensitiveColumn: {
    personal:
      'This column looks like personal data (names, emails, phone numbers): keep it internal unless anyone who scans the code may see it.',
    financial:
      'This column looks like financial data (costs, prices, values): keep it internal unless anyone who scans the code may see it.',
  },
  visibility: (isPublic: boolean) => (isPublic ? 'public' : 'internal'),
  labelRequired: 'Enter a label for the new field.',
  fieldsFailed: 'Unable to load the custom fields: only the built-in targets are offered.',
  check: 'Check the file',
  checkStarting: 'Saving…',
  checkFailed: 'The check could not be started.',

  progressHeading: 'Progress',
  resultHeading: 'Result',
  checkingRow: (done: number, total: number) => `Checking row ${countText(done)} of ${countText(total)}`,
  importingRow: (done: number, total: number) => `Importing row ${countText(done)} of ${countText(total)}`,
  problemsFound: (count: number) =>
    count === 1
      ? '1 problem found. Fix it in the file and upload it again.'
      : `${countText(count)} problems found. Fix them in the file and upload it again.`,
  problemsCapped: `The first ${countText(IMPORT_MAX_PROBLEMS)} are listed.`,
  problemsHint: 'Rows are numbered as in a spreadsheet: the column names are row 1.',
  problemsTable: 'Problems',
  rowHeader: 'Row',
  problemHeader: 'Problem',
  problemsLoading: 'Loading problems...',
  problemsFailed: 'Unable to load the problems.',
  downloadProblems: 'Download problems (CSV)',
  downloading: 'Preparing…',
  downloadFailed: 'The problems could not be downloaded.',
  passed: (count: number) =>
    count === 1 ? 'The row passed the check.' : `All ${countText(count)} rows passed the check.`,
  passedWithPlan: (count: number, planned: TImportPlanned) =>
    `${count === 1 ? 'The row passed the check' : `All ${countText(count)} rows passed the check`}: ${plannedText(planned)}.`,
  warningsFound: (count: number) =>
    count === 1
      ? '1 row adds an asset whose name an asset in service already has. Check it, or match by name to update that asset instead.'
      : `${countText(count)} rows add an asset whose name an asset in service already has. Check them, or match by name to update those assets instead.`,
  warningsTable: 'Warnings',
  warningHeader: 'Warning',
  warningsLoading: 'Loading warnings...',
  warningsFailed: 'Unable to load the warnings.',
  /** How the rows of a file of history or schedules are written (a file of assets: matchHints). */
  importHint: {
    events:
      'Each row adds a past event to its asset; an event the asset already has (same title and performed at) is skipped, so a file imported twice adds its events once.',
    schedules:
      'Each row adds a schedule to its asset, due next on its Next due date (else its first), assigned to the user with its Assignee email.',
  } satisfies Record<Exclude<TImportKind, 'assets'>, string>,
  importButton: (count: number, kind: TImportKind) => {
    const [one, many] = NOUNS[kind];
    return count === 1 ? `Import 1 ${one}` : `Import ${countText(count)} ${many}`;
  },
  importStarting: 'Starting…',
  commitFailed: 'The import could not be started.',
  done: (
    run: Pick<TImportRun, 'kind' | 'createdCount' | 'updatedCount' | 'skippedCount' | 'unchangedCount'>,
  ) => {
    if (run.kind === 'schedules') return `Import finished: ${countText(run.createdCount)} schedules added.`;
    return run.kind === 'events'
      ? `Import finished: ${countText(run.createdCount)} events added, ${countText(run.skippedCount)} skipped as already recorded.`
      : `Import finished: ${countText(run.createdCount)} created, ${countText(run.updatedCount)} updated, ${countText(run.unchangedCount)} unchanged.`;
  },
  undo: 'Undo import',
  undoUntil: (date: string) => `It can be undone until ${date}.`,
  undoTitle: 'Undo this import?',
  undoLoading: 'Looking at what the import changed...',
  undoLoadFailed: 'Unable to tell what undoing would do.',
  undoText: (deleteCount: number, revertCount: number) => {
    const assets = (count: number) => (count === 1 ? 'asset' : `${countText(count)} assets`);
    const parts = [
      ...(deleteCount > 0 ? [`deletes the ${assets(deleteCount)} the import created`] : []),
      ...(revertCount > 0 ? [`puts the ${assets(revertCount)} it updated back as they were`] : []),
    ];
    return parts.length > 0
      ? `Undoing ${parts.join(' and ')}. It cannot be undone itself.`
      : 'The import left no asset to delete or put back: undoing only marks it undone.';
  },
  undoBlocked: (count: number) =>
    count === 1
      ? 'This asset changed since the import (an edit, an event, a file or a schedule), so the import can no longer be undone:'
      : `These ${countText(count)} assets changed since the import (an edit, an event, a file or a schedule), so the import can no longer be undone:`,
  undoMore: (count: number) => `and ${countText(count)} more`,
  undoConfirm: 'Undo import',
  undoing: 'Undoing…',
  undoFailed: 'The import could not be undone.',
  undone: (date: string) =>
    `This import was undone on ${date}: the assets it created were deleted and those it updated put back as they were.`,
  viewAssets: 'View assets',
  printLabels: (created: number) =>
    created === 1
      ? 'Print a label for the new asset'
      : `Print labels for the ${countText(created)} new assets`,
  failed: 'The import stopped.',
} as const;

/** The "Result" column of the recent imports. */
export function resultText(run: TImportRun): string {
  switch (run.status) {
    case 'Uploaded':
      return 'Not checked yet';
    case 'Checking':
      return `${countText(run.rowsDone)} of ${countText(run.rowCount)} checked`;
    case 'Checked':
      if (run.problemCount === 0) return 'Ready to import';
      return run.problemCount === 1 ? '1 problem' : `${countText(run.problemCount)} problems`;
    case 'Importing':
      return `${countText(run.rowsDone)} of ${countText(run.rowCount)} imported`;
    case 'Done':
      if (run.kind === 'schedules') return `${countText(run.createdCount)} added`;
      return run.kind === 'events'
        ? `${countText(run.createdCount)} added, ${countText(run.skippedCount)} skipped`
        : `${countText(run.createdCount)} created, ${countText(run.updatedCount)} updated, ${countText(run.unchangedCount)} unchanged`;
    case 'Failed':
      return 'Stopped with an error';
    case 'Undone':
      return 'Undone';
  }
}

export const IMPORT_ENCODING_LABELS: Record<TImportEncoding, string> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252 (Western European)',
  macintosh: 'Mac Roman',
  'iso-8859-15': 'ISO-8859-15 (Western European)',
  'windows-1250': 'Windows-1250 (Central European)',
  'iso-8859-2': 'ISO-8859-2 (Central European)',
  'windows-1251': 'Windows-1251 (Cyrillic)',
  'windows-1253': 'Windows-1253 (Greek)',
  'windows-1254': 'Windows-1254 (Turkish)',
  'windows-1257': 'Windows-1257 (Baltic)',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
};

/** What the mapping's "Match existing assets by" offers, and how messages name the key. */
export const IMPORT_MATCH_LABELS: Record<TImportMatchKey, string> = {
  slug: 'Slug',
  externalId: 'External ID',
  name: 'Name',
  none: 'Nothing: always create new assets',
};
