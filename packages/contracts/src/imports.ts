import { z } from 'zod';
import { ZApiText, ZMessageParts } from './errors.ts';
import { EVENT_RECORDED_BY_MAX_LENGTH } from './event-messages.ts';
import {
  DISPLAY_ORDER_MAX,
  FIELD_DATA_TYPES,
  FIELD_KEY_MAX_LENGTH,
  FIELD_KEY_PATTERN,
  FIELD_LABEL_MAX_LENGTH,
  type TFieldTarget,
} from './fields.ts';
import { storableText } from './limits.ts';
import { type ApiText, englishMessages, inEnglish, said } from './messages.ts';

/** The largest CSV an import takes, and its most rows (a header row and up to this many). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** The most columns a file may have: as many as a mapping names (checked on upload, from the header row). */
export const IMPORT_MAX_COLUMNS = 500;
/** The header row must end within the file's first this many bytes (its delimiter is told from them). */
export const IMPORT_HEADER_MAX_BYTES = 256 * 1024;
/** Rows of the file shown in the mapping screen's preview. */
export const IMPORT_PREVIEW_ROWS = 10;
/** A Select field made from a column takes at most this many distinct values as its options. */
export const IMPORT_MAX_SELECT_OPTIONS = 200;
/** Problems kept for one dry run; past them the run says how many more rows failed. */
export const IMPORT_MAX_PROBLEMS = 10_000;
/** The longest cell a file may hold, in characters: more than any text an import writes (ADR 094). */
export const IMPORT_MAX_CELL_LENGTH = 10_000;

/**
 * The encodings an import reads (names as iconv-lite and browsers know them), and what the check
 * calls them. UTF-16 is told by its byte order mark and cannot be changed; the others all write the
 * delimiters, quotes and line breaks as ASCII does, so their cells are kept as the file's bytes and
 * one can be chosen for another after the upload (ADR 094).
 */
export const IMPORT_ENCODINGS = [
  'utf-8',
  'windows-1252',
  'macintosh',
  'iso-8859-15',
  'windows-1250',
  'iso-8859-2',
  'windows-1251',
  'windows-1253',
  'windows-1254',
  'windows-1257',
  'utf-16le',
  'utf-16be',
] as const;
export type TImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** The encodings one may choose for a file read byte by byte (every one but UTF-16). */
export const IMPORT_BYTE_ENCODINGS = IMPORT_ENCODINGS.filter((encoding) => !encoding.startsWith('utf-16'));

/** How a file writes numbers: 1,234.56 (a decimal point) or 1.234,56 (a decimal comma). */
export const IMPORT_NUMBER_FORMATS = ['point', 'comma'] as const;
export type TImportNumberFormat = (typeof IMPORT_NUMBER_FORMATS)[number];
export const IMPORT_NUMBER_EXAMPLES: Record<TImportNumberFormat, string> = {
  point: '1,234.56',
  comma: '1.234,56',
};
/** How a file writes dates: year, day or month first. */
export const IMPORT_DATE_ORDERS = ['YMD', 'DMY', 'MDY'] as const;
export type TImportDateOrder = (typeof IMPORT_DATE_ORDERS)[number];
export const IMPORT_DATE_EXAMPLES: Record<TImportDateOrder, string> = {
  YMD: '2021-03-15',
  DMY: '15.03.2021',
  MDY: '03/15/2021',
};

/** Warnings kept for one dry run, as for problems; all are counted. */
export const IMPORT_MAX_WARNINGS = 10_000;
/** The check lists this many of the locations a commit will create (all are counted). */
export const IMPORT_NEW_LOCATIONS_LISTED = 50;
/** Days after an import of assets ends during which it can be undone (ADR 093). */
export const IMPORT_UNDO_DAYS = 7;
/** Assets an undo's refusal names, of those that changed since the import. */
export const IMPORT_UNDO_LISTED = 20;

/** Undone: an import of assets whose created assets were deleted and updates reverted (ADR 093). */
export const IMPORT_STATUSES = [
  'Uploaded',
  'Checking',
  'Checked',
  'Importing',
  'Done',
  'Failed',
  'Undone',
] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * What an import brings in: assets (the register), past maintenance events of existing assets, or
 * schedules of existing assets (our schedules export, ADR 095).
 */
export const IMPORT_KINDS = ['assets', 'events', 'schedules', 'readings'] as const;
export type TImportKind = (typeof IMPORT_KINDS)[number];

/** POST /api/admin/imports?kind=: what the file holds (assets when not said). */
export const ZImportUploadQuery = z.object({ kind: z.enum(IMPORT_KINDS).default('assets') });

/**
 * Where the columns of each kind of file can go: its built-in places in the order the mapping offers
 * them (`required` ones must each take a column), and, when `takesFields`, the custom fields of
 * `fieldTarget`.
 */
export const IMPORT_TARGETS = {
  assets: {
    builtIn: ['name', 'description', 'slug', 'externalId', 'location', 'parentAsset'],
    required: ['name'],
    fieldTarget: 'Asset',
    takesFields: true,
  },
  events: {
    builtIn: [
      'asset',
      'title',
      'performedAt',
      'status',
      'notes',
      'recordedBy',
      'startedAt',
      'startedBy',
      'completedAt',
      'completedBy',
    ],
    required: ['asset', 'title', 'performedAt'],
    fieldTarget: 'MaintenanceEvent',
    takesFields: true,
  },
  schedules: {
    builtIn: [
      'asset',
      'title',
      'notes',
      'recurrence',
      'mode',
      'leadDays',
      'startsOn',
      'endsOn',
      'nextDueOn',
      'assignee',
      'status',
      'priority',
      'meter',
      'usageEvery',
      'usageCombine',
    ],
    required: ['asset', 'title', 'recurrence', 'startsOn'],
    fieldTarget: 'MaintenanceEvent',
    takesFields: false,
  },
  /** Meter readings (ADR 137): each row a reading of an asset's meter, found by its slug and the meter's name. */
  readings: {
    builtIn: ['asset', 'meter', 'value', 'readAt', 'replacement', 'notes'],
    required: ['asset', 'meter', 'value', 'readAt'],
    fieldTarget: 'MaintenanceEvent',
    takesFields: false,
  },
} as const satisfies Record<
  TImportKind,
  { builtIn: readonly string[]; required: readonly string[]; fieldTarget: TFieldTarget; takesFields: boolean }
>;
export type TImportBuiltInTarget = (typeof IMPORT_TARGETS)[TImportKind]['builtIn'][number];
const BUILT_IN_TARGETS = [
  ...IMPORT_TARGETS.assets.builtIn,
  ...IMPORT_TARGETS.events.builtIn,
  'recurrence',
  'mode',
  'leadDays',
  'startsOn',
  'endsOn',
  'nextDueOn',
  'assignee',
  'priority',
  'meter',
  'usageEvery',
  'usageCombine',
  'value',
  'readAt',
  'replacement',
] as const;

/** What each built-in target is called on the mapping screen and in messages. */
export const IMPORT_TARGET_LABELS: Record<TImportBuiltInTarget, string> = {
  name: 'Name',
  description: 'Description',
  slug: 'Slug',
  externalId: 'External ID',
  location: 'Location',
  parentAsset: 'Parent asset',
  asset: 'Asset slug',
  title: 'Title',
  performedAt: 'Performed at',
  status: 'Status',
  notes: 'Notes',
  recordedBy: 'Recorded by',
  startedAt: 'Started at',
  startedBy: 'Started by',
  completedAt: 'Completed at',
  completedBy: 'Completed by',
  recurrence: 'Recurrence',
  mode: 'Counts from',
  leadDays: 'Lead days',
  startsOn: 'Starts on',
  endsOn: 'Ends on',
  nextDueOn: 'Next due',
  assignee: 'Assignee',
  priority: 'Priority',
  meter: 'Meter',
  usageEvery: 'Usage every',
  usageCombine: 'Whichever comes',
  value: 'Reading',
  readAt: 'Read at',
  replacement: 'Meter replacement',
};

/**
 * How an import of assets finds the asset a row updates (ADR 092): by slug, by external ID, by name
 * (in service, case-insensitive: only when asked), or not at all (every row creates an asset).
 */
export const IMPORT_MATCH_KEYS = ['slug', 'externalId', 'name', 'none'] as const;
export type TImportMatchKey = (typeof IMPORT_MATCH_KEYS)[number];

/** What the file was recognised as (its header row), which picks the first mapping. */
export const IMPORT_FORMATS = ['Maintenance QR', 'Snipe-IT', 'HomeBox', 'Other'] as const;

/** A file's text in a message: at most 40 characters. */
const clipped = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** An import's refusals with values, as the server sends them (ADR 113). */
export const IMPORT_SAID = {
  cellTooLong: (row: number, column: string) =>
    said(
      /*i18n*/ {
        id: 'import.cellTooLong',
        message:
          'Row {row}, column "{column}" holds more than {max, number} characters. Shorten it, or leave the column out of the file, and try again.',
      },
      { row, column: clipped(column), max: IMPORT_MAX_CELL_LENGTH },
    ),
  unreadable: (line: number, reason: string) =>
    said(
      /*i18n*/ {
        id: 'import.unreadable',
        message: 'The file cannot be read as CSV at line {line}: {reason}',
      },
      { line, reason },
    ),
  duplicateHeader: (header: string) =>
    said(
      /*i18n*/ {
        id: 'import.duplicateHeader',
        message: 'Two columns are named "{header}". Rename one and try again.',
      },
      { header },
    ),
  blankHeader: (column: number) =>
    said(
      /*i18n*/ { id: 'import.blankHeader', message: 'Column {column} has no name in the first row.' },
      { column },
    ),
  formulaHeader: (column: number, name: string) =>
    said(
      /*i18n*/ {
        id: 'import.formulaHeader',
        message:
          'Column {column} is named "{name}", which a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a line break). Rename it and try again.',
      },
      { column, name: clipped(name) },
    ),
  // A built-in target is sent by its key (as the mapping names it) and named in the message, so that
  // each language names it in its own words.
  wrongTarget: (target: TImportBuiltInTarget) =>
    said(
      /*i18n*/ {
        id: 'import.wrongTarget',
        message:
          'A file of this kind has no column to import as {target, select, name {name} description {description} slug {slug} externalId {external id} location {location} parentAsset {parent asset} asset {asset slug} title {title} performedAt {performed at} status {status} notes {notes} recordedBy {recorded by} startedAt {started at} startedBy {started by} completedAt {completed at} completedBy {completed by} recurrence {recurrence} mode {counts from} leadDays {lead days} startsOn {starts on} endsOn {ends on} nextDueOn {next due} assignee {assignee} priority {priority} meter {meter} usageEvery {usage every} usageCombine {whichever comes} value {reading} readAt {read at} replacement {meter replacement} other {{target}}}.',
      },
      { target },
    ),
  mappedTwice: (target: TImportBuiltInTarget) =>
    said(
      /*i18n*/ {
        id: 'import.mappedTwice',
        message:
          'Only one column can be imported as {target, select, name {name} description {description} slug {slug} externalId {external id} location {location} parentAsset {parent asset} asset {asset slug} title {title} performedAt {performed at} status {status} notes {notes} recordedBy {recorded by} startedAt {started at} startedBy {started by} completedAt {completed at} completedBy {completed by} recurrence {recurrence} mode {counts from} leadDays {lead days} startsOn {starts on} endsOn {ends on} nextDueOn {next due} assignee {assignee} priority {priority} meter {meter} usageEvery {usage every} usageCombine {whichever comes} value {reading} readAt {read at} replacement {meter replacement} other {{target}}}.',
      },
      { target },
    ),
  newFieldKeyTaken: (key: string) =>
    said(
      /*i18n*/ {
        id: 'import.newFieldKeyTaken',
        message: 'A custom field with the key "{key}" already exists.',
      },
      { key },
    ),
  noRoomForNewFields: (label: string, displayOrder: number) =>
    said(
      /*i18n*/ {
        id: 'import.noRoomForNewFields',
        message:
          'The new fields would come after the field "{label}", whose display order {displayOrder} leaves no room below the largest, {max}. Lower its display order under Fields, then run the check again.',
      },
      { label, displayOrder, max: DISPLAY_ORDER_MAX },
    ),
  tooManyOptions: (column: string) =>
    said(
      /*i18n*/ {
        id: 'import.tooManyOptions',
        message: 'Column "{column}" has more than {max} different values: import it as Text.',
      },
      { column, max: IMPORT_MAX_SELECT_OPTIONS },
    ),
  matchKeyNotMapped: (key: 'slug' | 'externalId') =>
    said(
      /*i18n*/ {
        id: 'import.matchKeyNotMapped',
        message:
          'Choose the column that holds the {key, select, slug {slug} other {external ID}} to match existing assets by it, or match by something else.',
      },
      { key },
    ),
  // A row's problems, stored with the check (ADR 121): the row an earlier row of the file takes a key from.
  slugTwice: (row: number) =>
    said(
      /*i18n*/ { id: 'import.slugTwice', message: 'This slug is already used by row {row} of the file.' },
      { row },
    ),
  externalIdTwice: (row: number) =>
    said(
      /*i18n*/ {
        id: 'import.externalIdTwice',
        message: 'This external ID is already used by row {row} of the file.',
      },
      { row },
    ),
  nameTwice: (row: number) =>
    said(
      /*i18n*/ {
        id: 'import.nameTwice',
        message: 'This name is already in row {row} of the file: both rows would update the same asset.',
      },
      { row },
    ),
  parentUnknown: (ref: string) =>
    said(
      /*i18n*/ {
        id: 'import.parentUnknown',
        message:
          'No asset of this organization has the slug or name "{ref}", and no row of the file creates one.',
      },
      { ref: clipped(ref) },
    ),
  parentAmbiguous: (count: number) =>
    said(
      /*i18n*/ {
        id: 'import.parentAmbiguous',
        message: '{count} assets in service have this name: name the parent asset by its slug instead.',
      },
      { count },
    ),
  parentTwiceInFile: (count: number) =>
    said(
      /*i18n*/ {
        id: 'import.parentTwiceInFile',
        message:
          '{count} rows of the file create an asset with this name: name the parent asset by its slug instead.',
      },
      { count },
    ),
  nameAmbiguous: (count: number) =>
    said(
      /*i18n*/ {
        id: 'import.nameAmbiguous',
        message: '{count} assets in service have this name: match by slug or external ID instead.',
      },
      { count },
    ),
  slugDiffers: (slug: string) =>
    said(
      /*i18n*/ {
        id: 'import.slugDiffers',
        message:
          'The asset this row matches has the slug "{slug}": a slug never changes. Correct the cell or clear it.',
      },
      { slug },
    ),
  eventTwice: (row: number) =>
    said(
      /*i18n*/ {
        id: 'import.eventTwice',
        message: 'This event is already in row {row} of the file (same asset, title and performed at).',
      },
      { row },
    ),
  /** A moment of a history file (performed, started or completed at) that is none, as the file's dates are written. */
  momentInvalid: (
    target: 'performedAt' | 'startedAt' | 'completedAt' | 'readAt',
    value: string,
    order: TImportDateOrder,
  ) =>
    order === 'YMD'
      ? said(
          /*i18n*/ {
            id: 'import.momentInvalid',
            message:
              '{target, select, performedAt {Performed at} startedAt {Started at} completedAt {Completed at} readAt {Read at} other {{target}}} "{value}" must be a date such as 2024-03-05 or a date and time such as 2024-03-05T14:30:00Z.',
          },
          { target, value: clipped(value) },
        )
      : said(
          /*i18n*/ {
            id: 'import.momentInvalidInOrder',
            message:
              '{target, select, performedAt {Performed at} startedAt {Started at} completedAt {Completed at} readAt {Read at} other {{target}}} "{value}" must be a date written as {example} or a date and time such as {example} 14:30.',
          },
          { target, value: clipped(value), example: IMPORT_DATE_EXAMPLES[order] },
        ),
  /** Readings of one meter come in time order (ADR 137): `row` is the earlier row of the file it precedes. */
  readingsOutOfOrder: (row: number) =>
    said(
      /*i18n*/ {
        id: 'import.readingsOutOfOrder',
        message:
          'The readings of a meter must come in the order they were read: this one was read before the one of row {row}.',
      },
      { row },
    ),
  performedAtRequired: () =>
    said(/*i18n*/ { id: 'import.performedAtRequired', message: 'Performed at is required.' }),
  personTooLong: (target: 'startedBy' | 'completedBy') =>
    said(
      /*i18n*/ {
        id: 'import.personTooLong',
        message:
          '{target, select, startedBy {Started by} completedBy {Completed by} other {{target}}} must be at most {max} characters.',
      },
      { target, max: EVENT_RECORDED_BY_MAX_LENGTH },
    ),
  numberInvalid: (value: string, format: TImportNumberFormat) =>
    said(
      /*i18n*/ { id: 'import.numberInvalid', message: '"{value}" is not a number written as {example}.' },
      { value: clipped(value), example: IMPORT_NUMBER_EXAMPLES[format] },
    ),
  dateInvalid: (value: string, order: TImportDateOrder) =>
    said(
      /*i18n*/ { id: 'import.dateInvalid', message: '"{value}" is not a date written as {example}.' },
      { value: clipped(value), example: IMPORT_DATE_EXAMPLES[order] },
    ),
  /** The commit stopped at a row that no longer passes (a field changed since the check): its first problem. */
  rowStopped: (row: number, column: string, problem: ApiText) =>
    said(
      /*i18n*/ { id: 'import.rowStopped', message: 'Row {row}, {column}: {problem} Run the check again.' },
      { row, column },
      { problem },
    ),
  undoBlocked: (count: number, names: string[]) =>
    said(
      /*i18n*/ {
        id: 'import.undoBlocked',
        message:
          '{count, plural, one {# asset} other {# assets}} of this import changed since it ran (edited, retired, or given an event, a file or a schedule): {names}{more, plural, =0 {} other { and # more}}. Undoing would lose that work, so nothing was undone.',
      },
      { count, names: names.join(', '), more: Math.max(count - names.length, 0) },
    ),
};

/** What a bad file or a bad mapping is told. */
export const IMPORT_MESSAGES = {
  ...englishMessages({
    tooLarge: said(
      /*i18n*/ {
        id: 'import.tooLarge',
        message: 'The file is larger than {maxMb} MB. Split it into smaller files.',
      },
      { maxMb: IMPORT_MAX_BYTES / 1024 / 1024 },
    ),
    headerTooLong: said(
      /*i18n*/ {
        id: 'import.headerTooLong',
        message:
          'The first row, which names the columns, is longer than {kb} KB. Keep only the columns to import and try again.',
      },
      { kb: IMPORT_HEADER_MAX_BYTES / 1024 },
    ),
    noFile: /*i18n*/ { id: 'import.noFile', message: 'Choose a CSV file to import.' },
    empty: /*i18n*/ { id: 'import.empty', message: 'The file is empty.' },
    tooManyRows: said(
      /*i18n*/ {
        id: 'import.tooManyRows',
        message: 'The file has more than {importMaxRows, number} rows. Split it into smaller files.',
      },
      { importMaxRows: IMPORT_MAX_ROWS },
    ),
    binary: /*i18n*/ {
      id: 'import.binary',
      message: 'This is not a CSV file: it holds binary data. Export the sheet as CSV and try again.',
    },
    encodingFixed: /*i18n*/ {
      id: 'import.encodingFixed',
      message:
        'This file starts with a UTF-16 byte order mark, which tells its encoding: it cannot be changed.',
    },
    tooManyColumns: said(
      /*i18n*/ {
        id: 'import.tooManyColumns',
        message:
          'The file has more than {importMaxColumns} columns. Keep only the columns to import and try again.',
      },
      { importMaxColumns: IMPORT_MAX_COLUMNS },
    ),
    noCustomFields: /*i18n*/ {
      id: 'import.noCustomFields',
      message: 'A file of schedules has no column to import into a custom field.',
    },
    assetsFileAsHistory: /*i18n*/ {
      id: 'import.assetsFileAsHistory',
      message: 'This file is an asset export of Maintenance QR: choose "Assets" and upload it again.',
    },
    readingsFile: /*i18n*/ {
      id: 'import.readingsFile',
      message: 'This file holds meter readings: choose "Meter readings" and upload it again.',
    },
    meterRequired: /*i18n*/ {
      id: 'import.meterRequired',
      message: 'Meter is required: the name of one of the asset’s meters.',
    },
    meterNotFound: /*i18n*/ {
      id: 'import.meterNotFound',
      message:
        'This asset has no meter of this name: add the meter on the asset’s page, or correct the name.',
    },
    replacementInvalid: /*i18n*/ {
      id: 'import.replacementInvalid',
      message: 'Meter replacement must be yes or no (or empty for no).',
    },
    readAtRequired: /*i18n*/ { id: 'import.readAtRequired', message: 'Read at is required.' },
    schedulesFile: /*i18n*/ {
      id: 'import.schedulesFile',
      message: 'This file is a schedules export of Maintenance QR: choose "Schedules" and upload it again.',
    },
    historyFileAsAssets: /*i18n*/ {
      id: 'import.historyFileAsAssets',
      message:
        'This file is a maintenance history export of Maintenance QR: choose "Maintenance history" and upload it again.',
    },
    fieldMappedTwice: /*i18n*/ {
      id: 'import.fieldMappedTwice',
      message: 'Only one column can be imported into each custom field.',
    },
    unknownField: /*i18n*/ {
      id: 'import.unknownField',
      message: 'This custom field does not exist for assets of this organization.',
    },
    retiredField: /*i18n*/ {
      id: 'import.retiredField',
      message: 'This custom field is retired: reactivate it to import into it.',
    },
    wrongColumnCount: /*i18n*/ {
      id: 'import.wrongColumnCount',
      message: 'The mapping must name a target for every column of the file.',
    },
    notCheckable: /*i18n*/ {
      id: 'import.notCheckable',
      message: 'This import is running or finished: upload the file again to start over.',
    },
    notCommittable: /*i18n*/ {
      id: 'import.notCommittable',
      message: 'Run the check first; an import is possible once it finds no problems.',
    },
    hasProblems: /*i18n*/ {
      id: 'import.hasProblems',
      message: 'The check found problems: fix them in the file and upload it again.',
    },
    formula: /*i18n*/ {
      id: 'import.formula',
      message: 'This cell holds a spreadsheet formula: put its value in the cell instead.',
    },
    slugInvalid: /*i18n*/ {
      id: 'import.slugInvalid',
      message: 'A slug uses lowercase letters, digits and single hyphens (e.g. pump-7).',
    },
    otherAssetTakesSlug: /*i18n*/ {
      id: 'import.otherAssetTakesSlug',
      message: 'Another asset of the organization has this slug.',
    },
    matchKeyForAssets: /*i18n*/ {
      id: 'import.matchKeyForAssets',
      message: 'Only a file of assets matches existing assets: leave out matchBy.',
    },
    nameExists: /*i18n*/ {
      id: 'import.nameExists',
      message:
        'An asset in service already has this name: this row adds another. Match by name to update that asset instead.',
    },
    undoOnlyAssets: /*i18n*/ {
      id: 'import.undoOnlyAssets',
      message: 'Only an import of assets can be undone.',
    },
    undoNotDone: /*i18n*/ { id: 'import.undoNotDone', message: 'Only a finished import can be undone.' },
    undoAlreadyUndone: /*i18n*/ {
      id: 'import.undoAlreadyUndone',
      message: 'This import has already been undone.',
    },
    undoExpired: said(
      /*i18n*/ {
        id: 'import.undoExpired',
        message:
          'This import finished more than {importUndoDays} days ago, or before imports could be undone: it can no longer be undone.',
      },
      { importUndoDays: IMPORT_UNDO_DAYS },
    ),
    stopped: /*i18n*/ {
      id: 'import.stopped',
      message:
        'The import stopped on a server error. Upload the file again; if it happens again, see the server log.',
    },
    discardRunning: /*i18n*/ {
      id: 'import.discardRunning',
      message: 'This import is being checked or imported: wait until it stops, then discard it.',
    },
    assetRequired: /*i18n*/ { id: 'import.assetRequired', message: 'Asset slug is required.' },
    assetNotFound: /*i18n*/ {
      id: 'import.assetNotFound',
      message: 'No asset of this organization has this slug: import the asset first, or correct the slug.',
    },
    assetRetired: /*i18n*/ {
      id: 'import.assetRetired',
      message: 'This asset is retired: restore it to add history.',
    },
    statusInvalid: /*i18n*/ {
      id: 'import.statusInvalid',
      message: 'Status must be Pending, In progress or Completed.',
    },
    recurrenceInvalid: /*i18n*/ {
      id: 'import.recurrenceInvalid',
      message:
        'Recurrence must be written as the schedules export writes it, e.g. \'{\'"pattern":"interval","every":1,"unit":"month"\'}\'.',
    },
    modeInvalid: /*i18n*/ {
      id: 'import.modeInvalid',
      message: 'Counts from must be "Fixed calendar" or "From the last completion".',
    },
    scheduleStatusInvalid: /*i18n*/ {
      id: 'import.scheduleStatusInvalid',
      message: 'Status must be Active or Paused.',
    },
    usageCombineInvalid: /*i18n*/ {
      id: 'import.usageCombineInvalid',
      message: 'Whichever comes must be First or Last (or empty for first).',
    },
    nextDueOutOfRange: /*i18n*/ {
      id: 'import.nextDueOutOfRange',
      message: 'Next due must be on or after Starts on, and not after Ends on.',
    },
    pendingHasStamp: /*i18n*/ {
      id: 'import.pendingHasStamp',
      message: 'A pending event has no start or completion: clear this cell or change the status.',
    },
    inProgressHasCompletion: /*i18n*/ {
      id: 'import.inProgressHasCompletion',
      message: 'An event in progress has no completion: clear this cell or change the status.',
    },
    completedBeforeStarted: /*i18n*/ {
      id: 'import.completedBeforeStarted',
      message: 'Completed at must not be before Started at.',
    },
  }),
  cellTooLong: inEnglish((row: number, column: string) => IMPORT_SAID.cellTooLong(row, column)),
  unreadable: inEnglish(IMPORT_SAID.unreadable),
  duplicateHeader: inEnglish(IMPORT_SAID.duplicateHeader),
  blankHeader: inEnglish(IMPORT_SAID.blankHeader),
  formulaHeader: inEnglish(IMPORT_SAID.formulaHeader),
  notMapped: englishMessages({
    name: /*i18n*/ { id: 'import.notMapped.name', message: 'Choose the column that holds the asset name.' },
    asset: /*i18n*/ { id: 'import.notMapped.asset', message: 'Choose the column that holds the asset slug.' },
    title: /*i18n*/ { id: 'import.notMapped.title', message: 'Choose the column that holds the title.' },
    performedAt: /*i18n*/ {
      id: 'import.notMapped.performedAt',
      message: 'Choose the column that holds when the work was performed.',
    },
    recurrence: /*i18n*/ {
      id: 'import.notMapped.recurrence',
      message: 'Choose the column that holds the recurrence.',
    },
    startsOn: /*i18n*/ {
      id: 'import.notMapped.startsOn',
      message: 'Choose the column that holds the start date.',
    },
    meter: /*i18n*/ {
      id: 'import.notMapped.meter',
      message: 'Choose the column that holds the meter’s name.',
    },
    value: /*i18n*/ { id: 'import.notMapped.value', message: 'Choose the column that holds the reading.' },
    readAt: /*i18n*/ {
      id: 'import.notMapped.readAt',
      message: 'Choose the column that holds when the meter was read.',
    },
  }),
  wrongTarget: inEnglish(IMPORT_SAID.wrongTarget),
  mappedTwice: inEnglish(IMPORT_SAID.mappedTwice),
  newFieldKeyTaken: inEnglish(IMPORT_SAID.newFieldKeyTaken),
  noRoomForNewFields: inEnglish(IMPORT_SAID.noRoomForNewFields),
  tooManyOptions: inEnglish(IMPORT_SAID.tooManyOptions),
  slugTwice: inEnglish(IMPORT_SAID.slugTwice),
  // Matching existing assets (docs/product/imports.md#matching-existing-assets, ADR 092).
  matchKeyNotMapped: inEnglish(IMPORT_SAID.matchKeyNotMapped),
  externalIdTwice: inEnglish(IMPORT_SAID.externalIdTwice),
  nameTwice: inEnglish(IMPORT_SAID.nameTwice),
  nameAmbiguous: inEnglish(IMPORT_SAID.nameAmbiguous),
  slugDiffers: inEnglish(IMPORT_SAID.slugDiffers),
  // Undo and discard (docs/product/imports.md#undo, ADR 093).
  undoBlocked: inEnglish(IMPORT_SAID.undoBlocked),
  // Maintenance history (docs/product/imports.md#maintenance-history).
  momentInvalid: inEnglish(
    (
      target: 'performedAt' | 'startedAt' | 'completedAt' | 'readAt',
      value: string,
      order: TImportDateOrder = 'YMD',
    ) => IMPORT_SAID.momentInvalid(target, value, order),
  ),
  performedAtRequired: inEnglish(IMPORT_SAID.performedAtRequired),
  numberInvalid: inEnglish(IMPORT_SAID.numberInvalid),
  dateInvalid: inEnglish(IMPORT_SAID.dateInvalid),
  personTooLong: inEnglish(IMPORT_SAID.personTooLong),
  // Schedules (docs/product/imports.md#schedules).
  eventTwice: inEnglish(IMPORT_SAID.eventTwice),
  // Locations and parents (docs/product/imports.md#locations-and-parent-assets).
  parentUnknown: inEnglish(IMPORT_SAID.parentUnknown),
  parentAmbiguous: inEnglish(IMPORT_SAID.parentAmbiguous),
  parentTwiceInFile: inEnglish(IMPORT_SAID.parentTwiceInFile),
} as const;

/** Where one column of the file goes. */
export const ZImportColumnTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ignore') }),
  z.object({ kind: z.enum(BUILT_IN_TARGETS) }),
  z.object({ kind: z.literal('field'), fieldId: z.string().uuid() }),
  z.object({
    kind: z.literal('newField'),
    label: storableText().trim().min(1).max(FIELD_LABEL_MAX_LENGTH),
    key: z.string().trim().toLowerCase().min(1).max(FIELD_KEY_MAX_LENGTH).regex(FIELD_KEY_PATTERN),
    dataType: z.enum(FIELD_DATA_TYPES),
    /** The new field shows on the public QR page; internal unless said (ADR 091). */
    isPublic: z.boolean().default(false),
  }),
]);
export type TImportColumnTarget = z.infer<typeof ZImportColumnTarget>;

/**
 * PUT /api/admin/imports/:id/mapping: one target per column of the file, in the file's order, and
 * for a file of assets how rows find the asset they update (left out: the slug when a column is
 * imported as slug, else the external ID when one is, else none).
 */
export const ZImportMappingBody = z.object({
  columns: z.array(ZImportColumnTarget).min(1).max(IMPORT_MAX_COLUMNS),
  matchBy: z.enum(IMPORT_MATCH_KEYS).optional(),
});
export type TImportMappingBody = z.infer<typeof ZImportMappingBody>;

/** What a check found an import of assets would do: rows that create, update, or leave an asset as it is. */
export const ZImportPlanned = z.object({
  create: z.number(),
  update: z.number(),
  unchanged: z.number(),
  /**
   * Locations the commit will create for the file's location column, by full path, top first (the
   * first IMPORT_NEW_LOCATIONS_LISTED of them); left out by checks made before locations were imported.
   */
  newLocations: z.array(z.string()).optional(),
  /** How many locations the commit will create, all counted. */
  newLocationCount: z.number().optional(),
});
export type TImportPlanned = z.infer<typeof ZImportPlanned>;

/**
 * PUT /api/admin/imports/:id/reading: how to read the file: its encoding (another one only for a file
 * read byte by byte), and how it writes numbers and dates.
 */
export const ZImportReadingBody = z.object({
  encoding: z.enum(IMPORT_ENCODINGS),
  numberFormat: z.enum(IMPORT_NUMBER_FORMATS),
  dateOrder: z.enum(IMPORT_DATE_ORDERS),
});
export type TImportReadingBody = z.infer<typeof ZImportReadingBody>;

/** An import as the screens show it. */
export const ZImportRun = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  format: z.enum(IMPORT_FORMATS),
  delimiter: z.string(),
  /** The file's encoding, as detected on upload or chosen since. */
  encoding: z.enum(IMPORT_ENCODINGS),
  /** Whether another encoding may be chosen (false for UTF-16, told by its byte order mark). */
  encodingChangeable: z.boolean(),
  /**
   * How the file writes numbers and dates: guessed on upload when it holds numbers or dates that
   * are not plain (12.345,67, 15.03.2021), chosen since, or null (plain: 1234.56, 2021-03-15).
   */
  numberFormat: z.enum(IMPORT_NUMBER_FORMATS).nullable(),
  dateOrder: z.enum(IMPORT_DATE_ORDERS).nullable(),
  headers: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  rowCount: z.number(),
  mapping: z.array(ZImportColumnTarget),
  /** How rows of a file of assets find the asset they update; null for history and schedules. */
  matchBy: z.enum(IMPORT_MATCH_KEYS).nullable(),
  /** Rows checked or imported so far (of rowCount) while Checking or Importing. */
  rowsDone: z.number(),
  problemCount: z.number(),
  /** Rows that pass but deserve a look (a name an asset in service already has), up to IMPORT_MAX_WARNINGS listed. */
  warningCount: z.number(),
  /** What the last check found the import would do with the rows of a file of assets; null before. */
  planned: ZImportPlanned.nullable(),
  createdCount: z.number(),
  updatedCount: z.number(),
  /** Rows of a file of assets whose asset already held every value: nothing written. */
  unchangedCount: z.number(),
  /** Rows of a history import left out because the asset already has that event (0 for assets). */
  skippedCount: z.number(),
  /** Why the import failed, in English; null unless Failed. */
  error: z.string().nullable(),
  /** The same with its message's id and values, for a client to word it (ADR 121); null for an import failed before them. */
  errorText: ZApiText.nullable(),
  /** Until when the import can be undone (a finished import of assets, for IMPORT_UNDO_DAYS); null otherwise. */
  undoUntil: z.string().nullable(),
  /** When the import was undone; null otherwise. */
  undoneAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TImportRun = z.infer<typeof ZImportRun>;

/** An asset of an import that changed since it ran, which keeps the import from being undone. */
export const ZImportUndoBlocker = z.object({ id: z.string(), name: z.string(), slug: z.string() });

/** GET /api/admin/imports/:id/undo: what undoing the import would do, or why it cannot be done. */
export const ZImportUndoPreview = z.object({
  undoUntil: z.string(),
  /** Assets the import created that undoing deletes. */
  deleteCount: z.number(),
  /** Assets the import updated that undoing puts back as they were. */
  revertCount: z.number(),
  /** Of those, the assets undoing moves back to the location they were at (each move in their history). */
  moveBackCount: z.number(),
  /** The first IMPORT_UNDO_LISTED assets that changed since the import, by name, and how many did. */
  blocked: z.array(ZImportUndoBlocker),
  blockedCount: z.number(),
});
export type TImportUndoPreview = z.infer<typeof ZImportUndoPreview>;

/**
 * A problem (or a warning) the dry run found: a row as a spreadsheet numbers it (the header is row 1)
 * and a column; its message in English with its id and values, which a client words (ADR 113, ADR
 * 121; none for a problem stored before them).
 */
export const ZImportProblem = z.object({
  row: z.number(),
  column: z.string(),
  message: z.string(),
  ...ZMessageParts,
});
export type TImportProblem = z.infer<typeof ZImportProblem>;

/** A column's name as a new field's label: HomeBox's `HB.field.Colour` is "Colour", `HB.serial_number` "Serial number". */
export function fieldLabelOf(header: string): string {
  const homebox = /^hb\.(?:field\.)?(.+)$/i.exec(header.trim());
  const label = homebox ? (homebox[1] ?? '').replaceAll('_', ' ') : header.trim();
  const sentence = homebox ? label.charAt(0).toUpperCase() + label.slice(1) : label;
  return sentence.slice(0, FIELD_LABEL_MAX_LENGTH);
}

/** A field key from a label: lower-case a-z and 0-9, other runs become `_` (accents dropped). */
export function fieldKeyOf(label: string): string {
  const key = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, FIELD_KEY_MAX_LENGTH);
  return key || 'field';
}

/**
 * Words in a column's name that say it holds data about a person, or money: the mapping warns beside
 * the visibility of a new field made from such a column (ADR 091). Matched on whole words, in any
 * case, once `.`, `_`, `:` and `/` are spaces and camelCase is split. "Name" alone is the asset's
 * name: only the names of people count ("First name", "Last name", "Username"). Snipe-IT's "Checked
 * Out To: Email" is personal, its "Purchase Cost" financial.
 */
export const SENSITIVE_COLUMN_PATTERNS = {
  personal: [
    /\be[ -]?mails?\b/i,
    /\b(phone|mobile|telephone)\b/i,
    /\b(first|last|given|family|full|middle|user)[ -]?names?\b/i,
    /\b(username|surname)s?\b/i,
    /\b(checked[ -]?out|assigned|issued|sold)[ -]to\b/i,
    /\b(owner|employee|assignee)\b/i,
  ],
  financial: [/\b(cost|price|value|purchase|salary|wage|invoice|amount)s?\b/i],
} as const;

/** What a column's name looks like it holds, for the mapping's warning: personal, financial, or neither. */
export function sensitiveColumnKind(header: string): 'personal' | 'financial' | null {
  const words = header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._:/\s]+/g, ' ')
    .trim();
  if (SENSITIVE_COLUMN_PATTERNS.personal.some((pattern) => pattern.test(words))) return 'personal';
  if (SENSITIVE_COLUMN_PATTERNS.financial.some((pattern) => pattern.test(words))) return 'financial';
  return null;
}
