import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, select } from '@lingui/core/macro';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELL_LENGTH,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_PROBLEMS,
  IMPORT_MAX_ROWS,
  type TImportBuiltInTarget,
  type TImportDateOrder,
  type TImportEncoding,
  type TImportKind,
  type TImportMatchKey,
  type TImportNumberFormat,
  type TImportPlanned,
  type TImportRun,
  type TImportStatus,
} from '@mqr/contracts';
import { formatNumber } from '#web/lib/dates.ts';

// The import screens' words (translated, docs/translating.md). Counts are written the language's way
// (formatNumber, or `#` in a plural) when a message is made: make them when the screen speaks.

/** How a delimiter is named in the rows line: a key of its select. */
const DELIMITER_KEYS: Record<string, 'comma' | 'semicolon' | 'tab'> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
};

/** What the check found an import of assets would do ("4 create, 2 update, 0 unchanged", ADR 092). */
function passedWithPlan(count: number, planned: TImportPlanned): MessageDescriptor {
  const create = formatNumber(planned.create);
  const update = formatNumber(planned.update);
  const unchanged = formatNumber(planned.unchanged);
  return msg`${plural(count, { 1: 'The row passed the check', other: 'All # rows passed the check' })}: ${create} create, ${update} update, ${unchanged} unchanged.`;
}

/** The locations the commit will make for the file's location column (listed below it). */
function newLocations(count: number): MessageDescriptor {
  return msg`${plural(count, { one: '# new location will be created:', other: '# new locations will be created:' })}`;
}

/** After the listed new locations, those not listed. */
function moreNewLocations(count: number): MessageDescriptor {
  const more = formatNumber(count);
  return msg`${more} more will be created too, not listed here.`;
}

/** The button showing the rest of the listed new locations. */
function moreNewLocationsShown(count: number): MessageDescriptor {
  const more = formatNumber(count);
  return msg`Show ${more} more`;
}

/** The rows line of an import: "12 rows of maintenance history, separated by commas." */
function rows(rowCount: number, delimiter: string, kind: TImportKind): MessageDescriptor {
  const separator = DELIMITER_KEYS[delimiter] ?? 'other';
  switch (kind) {
    case 'assets':
      return msg`${plural(rowCount, { one: '# row', other: '# rows' })}, separated by ${select(separator, { comma: 'commas', semicolon: 'semicolons', tab: 'tabs', other: `“${delimiter}”` })}.`;
    case 'events':
      return msg`${plural(rowCount, { one: '# row', other: '# rows' })} of maintenance history, separated by ${select(separator, { comma: 'commas', semicolon: 'semicolons', tab: 'tabs', other: `“${delimiter}”` })}.`;
    case 'schedules':
      return msg`${plural(rowCount, { one: '# row', other: '# rows' })} of schedules, separated by ${select(separator, { comma: 'commas', semicolon: 'semicolons', tab: 'tabs', other: `“${delimiter}”` })}.`;
    case 'readings':
      return msg`${plural(rowCount, { one: '# row', other: '# rows' })} of meter readings, separated by ${select(separator, { comma: 'commas', semicolon: 'semicolons', tab: 'tabs', other: `“${delimiter}”` })}.`;
  }
}

/** The import button: "Import 12 assets". */
function importButton(count: number, kind: TImportKind): MessageDescriptor {
  switch (kind) {
    case 'assets':
      return msg`${plural(count, { one: 'Import # asset', other: 'Import # assets' })}`;
    case 'events':
      return msg`${plural(count, { one: 'Import # event', other: 'Import # events' })}`;
    case 'schedules':
      return msg`${plural(count, { one: 'Import # schedule', other: 'Import # schedules' })}`;
    case 'readings':
      return msg`${plural(count, { one: 'Import # reading', other: 'Import # readings' })}`;
  }
}

/** What a finished import did. */
function done(
  run: Pick<TImportRun, 'kind' | 'createdCount' | 'updatedCount' | 'skippedCount' | 'unchangedCount'>,
): MessageDescriptor {
  const { createdCount, skippedCount } = run;
  if (run.kind === 'schedules') {
    return msg`Import finished: ${plural(createdCount, { other: '# schedules added' })}.`;
  }
  if (run.kind === 'readings') {
    return msg`Import finished: ${plural(createdCount, { one: '# reading added', other: '# readings added' })}.`;
  }
  if (run.kind === 'events') {
    const skipped = formatNumber(skippedCount);
    return msg`Import finished: ${plural(createdCount, { other: '# events added' })}, ${skipped} skipped as already recorded.`;
  }
  const created = formatNumber(createdCount);
  const updated = formatNumber(run.updatedCount);
  const unchanged = formatNumber(run.unchangedCount);
  return msg`Import finished: ${created} created, ${updated} updated, ${unchanged} unchanged.`;
}

/** What undoing would do: delete what the import created, put back what it updated. */
function undoText(deleteCount: number, revertCount: number): MessageDescriptor {
  if (deleteCount > 0 && revertCount > 0) {
    return msg`Undoing deletes the ${plural(deleteCount, { one: 'asset', other: '# assets' })} the import created and puts the ${plural(revertCount, { one: 'asset', other: '# assets' })} it updated back as they were. It cannot be undone itself.`;
  }
  if (deleteCount > 0) {
    return msg`Undoing deletes the ${plural(deleteCount, { one: 'asset', other: '# assets' })} the import created. It cannot be undone itself.`;
  }
  if (revertCount > 0) {
    return msg`Undoing puts the ${plural(revertCount, { one: 'asset', other: '# assets' })} it updated back as they were. It cannot be undone itself.`;
  }
  return msg`The import left no asset to delete or put back: undoing only marks it undone.`;
}

/** The texts of the import screens (docs/product/assets.md#import-from-csv). */
export const IMPORT_TEXTS = {
  uploadTitle: msg`Import from CSV`,
  uploadSubtitle: msg`Bring in assets, or the maintenance history of your assets, from a spreadsheet or another tool: upload a CSV file, choose where its columns go, check it, then import.`,
  backToAssets: msg`Back to assets`,
  uploadHeading: msg`Upload a CSV file`,
  kindLegend: msg`The file holds`,
  kinds: {
    assets: {
      label: msg`Assets`,
      hint: msg`One row per asset: new assets, or changes to those it matches by slug, external ID or name.`,
    },
    events: {
      label: msg`Maintenance history`,
      hint: msg`One row per past maintenance event of an asset already here, found by its slug: from a paper logbook or another tool.`,
    },
    schedules: {
      label: msg`Schedules`,
      hint: msg`One row per schedule of an asset already here, found by its slug: from the schedules export of another organization.`,
    },
    readings: {
      label: msg`Meter readings`,
      hint: msg`One row per reading of a meter of an asset already here: its slug, the meter’s name, the reading and when it was read.`,
    },
  } satisfies Record<TImportKind, { label: MessageDescriptor; hint: MessageDescriptor }>,
  fileLabel: msg`CSV file`,
  fileHint: () => {
    const megabytes = formatNumber(IMPORT_MAX_BYTES / 1024 / 1024);
    const maxRows = formatNumber(IMPORT_MAX_ROWS);
    const maxColumns = formatNumber(IMPORT_MAX_COLUMNS);
    const maxCharacters = formatNumber(IMPORT_MAX_CELL_LENGTH);
    return msg`Text with the column names in the first row, separated by commas, semicolons or tabs: UTF-8, UTF-16 or an older encoding such as Windows-1252 or Mac Roman, found from the file. At most ${megabytes} MB, ${maxRows} rows, ${maxColumns} columns and ${maxCharacters} characters in a cell.`;
  },
  formatsHint: {
    assets: msg`Exports of Snipe-IT and HomeBox are recognised.`,
    events: msg`The maintenance history export of Maintenance QR is recognised.`,
    schedules: msg`The schedules export of Maintenance QR is recognised.`,
    readings: msg`Columns named Asset slug, Meter, Reading, Read at, Meter replacement and Notes are recognised.`,
  } satisfies Record<TImportKind, MessageDescriptor>,
  upload: msg`Upload`,
  uploading: msg`Uploading…`,
  uploadFailed: msg`The file could not be uploaded.`,

  recentHeading: msg`Recent imports`,
  recentTable: msg`Imports`,
  recentLoading: msg`Loading imports...`,
  recentFailed: msg`Unable to load the recent imports.`,
  recentEmpty: msg`No imports yet. Upload a CSV file to start one.`,
  fileHeader: msg`File`,
  kindHeader: msg`Type`,
  statusHeader: msg`Status`,
  rowsHeader: msg`Rows`,
  resultHeader: msg`Result`,
  uploadedHeader: msg`Uploaded`,
  actionsHeader: msg`Actions`,
  discard: msg`Discard`,
  discardLabel: (fileName: string) => msg`Discard the import ${fileName}`,
  discardTitle: msg`Discard this import?`,
  discardText: msg`It leaves the list of recent imports with its stored rows and problems. The assets it brought in stay as they are.`,
  discardUndoLost: msg`It can then no longer be undone.`,
  discarding: msg`Discarding…`,
  discardFailed: msg`The import could not be discarded.`,
  cancel: msg`Cancel`,

  runTitle: (fileName: string) => msg`Import ${fileName}`,
  backToImports: msg`Back to imports`,
  runLoading: msg`Loading the import...`,
  runLoadFailed: msg`Unable to load this import. It may no longer exist.`,
  recognised: (format: TImportRun['format']) =>
    format === 'Other'
      ? msg`Not a known export: the columns are matched by their names.`
      : msg`Recognised as a ${format} export.`,
  rows,

  readingHeading: msg`Reading the file`,
  readingIntro: msg`How the file was read, found from its contents. If the sample values below look wrong (letters such as é or ü garbled, numbers or dates misread), change it here.`,
  encodingLabel: msg`Encoding`,
  encodingHint: msg`Choose the encoding the file was saved in when letters look wrong.`,
  encodingFixed: (label: string) =>
    msg`Encoding: ${label}, told by the byte order mark at the start of the file.`,
  numbersLabel: msg`Numbers`,
  numberOptions: {
    point: msg`Decimal point: 1,234.56`,
    comma: msg`Decimal comma: 1.234,56`,
  } satisfies Record<TImportNumberFormat, MessageDescriptor>,
  datesLabel: msg`Dates`,
  dateOptions: {
    YMD: msg`Year first: 2021-03-15`,
    DMY: msg`Day first: 15.03.2021`,
    MDY: msg`Month first: 03/15/2021`,
  } satisfies Record<TImportDateOrder, MessageDescriptor>,
  guessedHint: msg`Guessed from the values in the file.`,
  readAgain: msg`Read the file again`,
  readingAgain: msg`Reading…`,
  readFailed: msg`The file could not be read again.`,

  mappingHeading: msg`Columns`,
  mappingTable: msg`Column mapping`,
  mappingIntro: msg`Choose where each column of the file goes. Nothing is written until the check passes and you import.`,
  matchLabel: msg`Match existing assets by`,
  matchHints: {
    slug: msg`A row whose slug an asset already has updates that asset; the other rows create assets.`,
    externalId: msg`A row whose external ID an asset already has (in any case) updates that asset; the other rows create assets.`,
    name: msg`A row whose name exactly one asset in service has (in any case) updates that asset; the other rows create assets.`,
    none: msg`Every row creates a new asset, even where an asset has the same name.`,
  } satisfies Record<TImportMatchKey, MessageDescriptor>,
  matchedBy: (label: string) => msg`Existing assets matched by: ${label}`,
  columnHeader: msg`Column`,
  samplesHeader: msg`Sample values`,
  targetHeader: msg`Import as`,
  noSamples: msg`Empty in the first rows`,
  targetLabel: (column: string) => msg`Import ${column} as`,
  newFieldLegend: (column: string) => msg`New custom field for ${column}`,
  historyRules: [
    msg`Asset slug finds the asset, in upper or lower case: one of this organization’s assets in service.`,
    msg`Performed at, Started at and Completed at take a date (2024-03-05, read as 12:00 UTC) or a date and time (2024-03-05T14:30:00Z; without an offset, read as UTC).`,
    msg`Status: Pending, In progress or Completed (Open, Started and Done too); empty means Completed.`,
    msg`Started by and Completed by name users of this organization by email or name; other names are kept as written.`,
  ],
  ignore: msg`Don't import`,
  customFields: msg`Custom fields`,
  newField: msg`New custom field`,
  /** A new field's choice once the mapping is saved: "New custom field: Room (Text, key room, internal)". */
  newFieldSummary: (label: string, dataType: string, key: string, isPublic: boolean) => {
    const visibility = isPublic ? 'public' : 'internal';
    return msg`New custom field: ${label} (${dataType}, key ${key}, ${select(visibility, { public: 'public', other: 'internal' })})`;
  },
  retiredField: (label: string) => msg`${label} (retired)`,
  unknownField: msg`Unknown field`,
  fieldLabel: msg`Field label`,
  fieldType: msg`Type`,
  fieldKey: msg`Key`,
  fieldPublic: msg`Public`,
  fieldPublicHint: msg`Shown on the public QR page to anyone who scans it. Unticked, only signed-in staff see it.`,
  sensitiveColumn: {
    personal: msg`This column looks like personal data (names, emails, phone numbers): keep it internal unless anyone who scans the code may see it.`,
    financial: msg`This column looks like financial data (costs, prices, values): keep it internal unless anyone who scans the code may see it.`,
  },
  labelRequired: msg`Enter a label for the new field.`,
  fieldsFailed: msg`Unable to load the custom fields: only the built-in targets are offered.`,
  check: msg`Check the file`,
  checkStarting: msg`Saving…`,
  checkFailed: msg`The check could not be started.`,

  progressHeading: msg`Progress`,
  resultHeading: msg`Result`,
  checkingRow: (done: number, total: number) => {
    const [row, rows] = [formatNumber(done), formatNumber(total)];
    return msg`Checking row ${row} of ${rows}`;
  },
  importingRow: (done: number, total: number) => {
    const [row, rows] = [formatNumber(done), formatNumber(total)];
    return msg`Importing row ${row} of ${rows}`;
  },
  problemsFound: (count: number) =>
    msg`${plural(count, {
      one: '# problem found. Fix it in the file and upload it again.',
      other: '# problems found. Fix them in the file and upload it again.',
    })}`,
  problemsCapped: () => {
    const listed = formatNumber(IMPORT_MAX_PROBLEMS);
    return msg`The first ${listed} are listed.`;
  },
  problemsHint: msg`Rows are numbered as in a spreadsheet: the column names are row 1.`,
  problemsTable: msg`Problems`,
  rowHeader: msg`Row`,
  problemHeader: msg`Problem`,
  problemsLoading: msg`Loading problems...`,
  problemsFailed: msg`Unable to load the problems.`,
  downloadProblems: msg`Download problems (CSV)`,
  downloading: msg`Preparing…`,
  downloadFailed: msg`The problems could not be downloaded.`,
  passed: (count: number) =>
    msg`${plural(count, { 1: 'The row passed the check.', other: 'All # rows passed the check.' })}`,
  passedWithPlan,
  newLocations,
  moreNewLocationsShown,
  fewerNewLocations: msg`Show fewer`,
  moreNewLocations,
  warningsFound: (count: number) =>
    msg`${plural(count, {
      one: '# row adds an asset whose name an asset in service already has. Check it, or match by name to update that asset instead.',
      other:
        '# rows add an asset whose name an asset in service already has. Check them, or match by name to update those assets instead.',
    })}`,
  warningsTable: msg`Warnings`,
  warningHeader: msg`Warning`,
  warningsLoading: msg`Loading warnings...`,
  warningsFailed: msg`Unable to load the warnings.`,
  /** How the rows of a file of history or schedules are written (a file of assets: matchHints). */
  importHint: {
    events: msg`Each row adds a past event to its asset; an event the asset already has (same title and performed at) is skipped, so a file imported twice adds its events once.`,
    schedules: msg`Each row adds a schedule to its asset, due next on its Next due date (else its first), assigned to the user with its Assignee email.`,
    readings: msg`Each row adds a reading to its meter, in the file’s order; a usage schedule whose use is reached gets its task.`,
  } satisfies Record<Exclude<TImportKind, 'assets'>, MessageDescriptor>,
  importButton,
  importStarting: msg`Starting…`,
  commitFailed: msg`The import could not be started.`,
  done,
  undo: msg`Undo import`,
  undoUntil: (date: string) => msg`It can be undone until ${date}.`,
  undoTitle: msg`Undo this import?`,
  undoLoading: msg`Looking at what the import changed...`,
  undoLoadFailed: msg`Unable to tell what undoing would do.`,
  undoText,
  undoMovesBack: (count: number) =>
    msg`${plural(count, {
      one: 'One of them goes back to the location it was at: its history will show the move.',
      other: '# of them go back to the locations they were at: their histories will show the moves.',
    })}`,
  undoBlocked: (count: number) =>
    msg`${plural(count, {
      one: 'This asset changed since the import (an edit, an event, a file or a schedule), so the import can no longer be undone:',
      other:
        'These # assets changed since the import (an edit, an event, a file or a schedule), so the import can no longer be undone:',
    })}`,
  undoMore: (count: number) => {
    const more = formatNumber(count);
    return msg`and ${more} more`;
  },
  undoConfirm: msg`Undo import`,
  undoing: msg`Undoing…`,
  undoFailed: msg`The import could not be undone.`,
  undone: (date: string) =>
    msg`This import was undone on ${date}: the assets it created were deleted and those it updated put back as they were.`,
  viewAssets: msg`View assets`,
  printLabels: (created: number) =>
    msg`${plural(created, { one: 'Print a label for the new asset', other: 'Print labels for the # new assets' })}`,
  failed: msg`The import stopped.`,
};

/** The "Result" column of the recent imports. */
export function resultText(run: TImportRun): MessageDescriptor {
  const done = formatNumber(run.rowsDone);
  const total = formatNumber(run.rowCount);
  const created = formatNumber(run.createdCount);
  switch (run.status) {
    case 'Uploaded':
      return msg`Not checked yet`;
    case 'Checking':
      return msg`${done} of ${total} checked`;
    case 'Checked': {
      if (run.problemCount === 0) return msg`Ready to import`;
      const problems = run.problemCount;
      return msg`${plural(problems, { one: '# problem', other: '# problems' })}`;
    }
    case 'Importing':
      return msg`${done} of ${total} imported`;
    case 'Done': {
      if (run.kind === 'schedules' || run.kind === 'readings') return msg`${created} added`;
      if (run.kind === 'events') {
        const skipped = formatNumber(run.skippedCount);
        return msg`${created} added, ${skipped} skipped`;
      }
      const updated = formatNumber(run.updatedCount);
      const unchanged = formatNumber(run.unchangedCount);
      return msg`${created} created, ${updated} updated, ${unchanged} unchanged`;
    }
    case 'Failed':
      return msg`Stopped with an error`;
    case 'Undone':
      return msg`Undone`;
  }
}

/** An import's status, as its badge says it. */
export const IMPORT_STATUS_TEXTS: Record<TImportStatus, MessageDescriptor> = {
  Uploaded: msg`Uploaded`,
  Checking: msg`Checking`,
  Checked: msg`Checked`,
  Importing: msg`Importing`,
  Done: msg`Done`,
  Failed: msg`Failed`,
  Undone: msg`Undone`,
};

export const IMPORT_ENCODING_LABELS: Record<TImportEncoding, MessageDescriptor> = {
  'utf-8': msg`UTF-8`,
  'windows-1252': msg`Windows-1252 (Western European)`,
  macintosh: msg`Mac Roman`,
  'iso-8859-15': msg`ISO-8859-15 (Western European)`,
  'windows-1250': msg`Windows-1250 (Central European)`,
  'iso-8859-2': msg`ISO-8859-2 (Central European)`,
  'windows-1251': msg`Windows-1251 (Cyrillic)`,
  'windows-1253': msg`Windows-1253 (Greek)`,
  'windows-1254': msg`Windows-1254 (Turkish)`,
  'windows-1257': msg`Windows-1257 (Baltic)`,
  'utf-16le': msg`UTF-16 LE`,
  'utf-16be': msg`UTF-16 BE`,
};

/** What the mapping's "Match existing assets by" offers, and how messages name the key. */
export const IMPORT_MATCH_LABELS: Record<TImportMatchKey, MessageDescriptor> = {
  slug: msg`Slug`,
  externalId: msg`External ID`,
  name: msg`Name`,
  none: msg`Nothing: always create new assets`,
};

/** The built-in targets a column can be imported as (contracts' IMPORT_TARGET_LABELS, translated). */
export const IMPORT_TARGET_TEXTS: Record<TImportBuiltInTarget, MessageDescriptor> = {
  name: msg`Name`,
  description: msg`Description`,
  slug: msg`Slug`,
  externalId: msg`External ID`,
  location: msg`Location`,
  parentAsset: msg`Parent asset`,
  asset: msg`Asset slug`,
  title: msg`Title`,
  performedAt: msg`Performed at`,
  status: msg`Status`,
  notes: msg`Notes`,
  recordedBy: msg`Recorded by`,
  startedAt: msg`Started at`,
  startedBy: msg`Started by`,
  completedAt: msg`Completed at`,
  completedBy: msg`Completed by`,
  recurrence: msg`Recurrence`,
  mode: msg`Counts from`,
  leadDays: msg`Lead days`,
  startsOn: msg`Starts on`,
  endsOn: msg`Ends on`,
  nextDueOn: msg`Next due`,
  assignee: msg`Assignee`,
  priority: msg`Priority`,
  meter: msg`Meter`,
  usageEvery: msg`Usage every`,
  usageCombine: msg`Whichever comes`,
  value: msg`Reading`,
  readAt: msg`Read at`,
  replacement: msg`Meter replacement`,
};
