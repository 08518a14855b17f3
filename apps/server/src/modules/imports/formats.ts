import {
  EVENT_CSV_COLUMNS,
  FIELD_KEY_MAX_LENGTH,
  fieldKeyOf,
  fieldLabelOf,
  fieldTypeOf,
  IMPORT_KINDS,
  IMPORT_MESSAGES,
  IMPORT_TARGETS,
  SCHEDULE_CSV_COLUMNS,
  type TImportBuiltInTarget,
  type TImportColumnTarget,
  type TImportKind,
  type TImportMatchKey,
} from '@mqr/contracts';
import { exportColumnOf } from '#server/lib/i18n/csv-headers.ts';

export type ImportFormat = 'Maintenance QR' | 'Snipe-IT' | 'HomeBox' | 'Other';

/** A custom field of the organization a column may name. */
export interface ExistingField {
  id: string;
  key: string;
  label: string;
  /** A retired field takes no import: a column naming it is proposed as not imported. */
  isActive: boolean;
}

type BuiltIn = TImportBuiltInTarget | 'ignore';

/** The columns of a history file, by lower-cased header, whatever tool wrote it. */
const HISTORY_COLUMNS: Record<string, BuiltIn> = {
  'asset slug': 'asset',
  asset: 'asset',
  slug: 'asset',
  title: 'title',
  'performed at': 'performedAt',
  performed: 'performedAt',
  date: 'performedAt',
  status: 'status',
  notes: 'notes',
  'recorded by': 'recordedBy',
  'started at': 'startedAt',
  'started by': 'startedBy',
  'completed at': 'completedAt',
  'completed by': 'completedBy',
  // A planned task's due date: its schedule makes it, a history import does not (ADR 096).
  'due on': 'ignore',
  // A checklist's summary: its answers are not imported (ADR 134).
  checklist: 'ignore',
  'checklist steps': 'ignore',
  'checklist done': 'ignore',
  'checklist passed': 'ignore',
  'checklist flagged': 'ignore',
};

/** The columns of a schedules file, by lower-cased header: our schedules export's, and plain words. */
const SCHEDULE_COLUMNS: Record<string, BuiltIn> = {
  'asset slug': 'asset',
  asset: 'asset',
  slug: 'asset',
  'asset name': 'ignore',
  title: 'title',
  notes: 'notes',
  recurrence: 'recurrence',
  'counts from': 'mode',
  'lead days': 'leadDays',
  'starts on': 'startsOn',
  'ends on': 'endsOn',
  'next due': 'nextDueOn',
  assignee: 'assignee',
  status: 'status',
  priority: 'priority',
  meter: 'meter',
  'meter name': 'meter',
  'usage every': 'usageEvery',
  'whichever comes': 'usageCombine',
};

/** The columns of a readings file, by lower-cased header: the template's (docs/product/meters.md), and plain words. */
const READING_COLUMNS: Record<string, BuiltIn> = {
  'asset slug': 'asset',
  asset: 'asset',
  slug: 'asset',
  'asset name': 'ignore',
  meter: 'meter',
  'meter name': 'meter',
  reading: 'value',
  value: 'value',
  'read at': 'readAt',
  date: 'readAt',
  'meter replacement': 'replacement',
  replacement: 'replacement',
  note: 'notes',
  notes: 'notes',
};

/** The template's columns (docs/product/meters.md#import-readings), which recognise a readings file. */
export const READING_TEMPLATE_COLUMNS = ['Asset slug', 'Meter', 'Reading', 'Read at'] as const;

/**
 * The columns every asset export of ours has had, which recognise it (External ID came later, ADR
 * 092: an older export is still ours).
 */
const OUR_ASSET_EXPORT = ['Slug', 'Name', 'Description', 'Created at', 'Updated at'];

/**
 * The built-in columns of each known export, by kind of file and lower-cased header: ours (export to
 * CSV), Snipe-IT's asset export and HomeBox's item export (`HB.` columns). Anything else becomes a
 * custom field (not imported for schedules, which take none). Snipe-IT's asset tag and HomeBox's
 * asset ID are those tools' identifiers: the external ID (ADR 092; a tag such as "LAP 001" is no slug).
 */
const BUILT_IN: Record<TImportKind, Partial<Record<ImportFormat, Record<string, BuiltIn>>>> = {
  assets: {
    'Maintenance QR': {
      slug: 'slug',
      name: 'name',
      description: 'description',
      'external id': 'externalId',
      location: 'location',
      'parent asset': 'parentAsset',
      'created at': 'ignore',
      'updated at': 'ignore',
    },
    'Snipe-IT': {
      'asset tag': 'externalId',
      name: 'name',
      'asset name': 'name',
      notes: 'description',
      location: 'location',
    },
    HomeBox: {
      'hb.name': 'name',
      'hb.description': 'description',
      'hb.asset_id': 'externalId',
      'hb.location': 'location',
    },
    Other: {
      slug: 'slug',
      name: 'name',
      'asset name': 'name',
      description: 'description',
      'external id': 'externalId',
      location: 'location',
      'parent asset': 'parentAsset',
    },
  },
  events: {
    // The asset's name is there for people reading the file; the slug finds the asset.
    'Maintenance QR': { ...HISTORY_COLUMNS, 'asset name': 'ignore' },
    Other: HISTORY_COLUMNS,
  },
  schedules: { 'Maintenance QR': SCHEDULE_COLUMNS, Other: SCHEDULE_COLUMNS },
  readings: { 'Maintenance QR': READING_COLUMNS, Other: READING_COLUMNS },
};

/**
 * A header as the tables above name it: lower-cased, and our export's column names in German, French
 * or Spanish as their English (ADR 115), so a file exported in any reader's language is ours again.
 */
const headerKey = (header: string) => (exportColumnOf(header) ?? header.trim()).toLowerCase();
const headerSet = (headers: string[]) => new Set(headers.map(headerKey));
const hasAll = (has: Set<string>, columns: readonly string[]) =>
  columns.every((column) => has.has(column.toLowerCase()));

/** What the header row says a file of this kind is. */
export function recogniseFormat(headers: string[], kind: TImportKind): ImportFormat {
  const has = headerSet(headers);
  if (kind === 'events') return hasAll(has, EVENT_CSV_COLUMNS.slice(0, 5)) ? 'Maintenance QR' : 'Other';
  if (kind === 'schedules') return hasAll(has, SCHEDULE_CSV_COLUMNS.slice(0, 6)) ? 'Maintenance QR' : 'Other';
  if (kind === 'readings') return hasAll(has, READING_TEMPLATE_COLUMNS) ? 'Maintenance QR' : 'Other';
  if (hasAll(has, OUR_ASSET_EXPORT)) return 'Maintenance QR';
  if (
    has.has('asset tag') &&
    (has.has('name') || has.has('asset name')) &&
    (has.has('serial') || has.has('model'))
  ) {
    return 'Snipe-IT';
  }
  if (has.has('hb.name')) return 'HomeBox';
  return 'Other';
}

/**
 * Why a file cannot be the kind the administrator chose, when its header row says it is our export
 * of the other kind; undefined otherwise.
 */
export function wrongKindOfFile(headers: string[], kind: TImportKind): string | undefined {
  const other = IMPORT_KINDS.find(
    (candidate) => candidate !== kind && recogniseFormat(headers, candidate) === 'Maintenance QR',
  );
  return other ? WRONG_KIND[other] : undefined;
}

/** What a file of our export of each kind is told when uploaded as another kind. */
const WRONG_KIND: Record<TImportKind, string> = {
  assets: IMPORT_MESSAGES.assetsFileAsHistory,
  events: IMPORT_MESSAGES.historyFileAsAssets,
  schedules: IMPORT_MESSAGES.schedulesFile,
  readings: IMPORT_MESSAGES.readingsFile,
};

/**
 * The first mapping of a file: the format's built-in columns, then the organization's fields of the
 * kind by label or key (case-insensitive; a retired one: not imported), and every other column a new
 * internal field named after it, with a key no field has: of the type its name ends with, as our
 * exports write it ("Install date (date)", ADR 095), else Text. Each built-in target and each field takes one
 * column at most (the first).
 */
export function suggestMapping(
  headers: string[],
  kind: TImportKind,
  format: ImportFormat,
  fields: ExistingField[],
): TImportColumnTarget[] {
  const builtIn = BUILT_IN[kind][format] ?? {};
  const byName = new Map<string, ExistingField>();
  for (const field of fields) {
    byName.set(field.label.trim().toLowerCase(), field);
    byName.set(field.key.toLowerCase(), field);
  }
  const used = new Set<string>();
  const keys = new Set(fields.map((field) => field.key));
  return headers.map((header): TImportColumnTarget => {
    const target = builtIn[headerKey(header)];
    if (target === 'ignore') return { kind: 'ignore' };
    if (target && !used.has(target)) {
      used.add(target);
      return { kind: target };
    }
    const typed = fieldTypeOf(header);
    const label = fieldLabelOf(typed.name);
    if (!IMPORT_TARGETS[kind].takesFields) return { kind: 'ignore' };
    const field = byName.get(typed.name.trim().toLowerCase()) ?? byName.get(label.toLowerCase());
    if (field && !field.isActive) return { kind: 'ignore' };
    if (field && !used.has(field.id)) {
      used.add(field.id);
      return { kind: 'field', fieldId: field.id };
    }
    let key = fieldKeyOf(label);
    for (let n = 2; keys.has(key); n++) key = `${fieldKeyOf(label).slice(0, FIELD_KEY_MAX_LENGTH - 4)}_${n}`;
    keys.add(key);
    // Internal: an import proposes no field for the public page; the administrator chooses (ADR 091).
    return { kind: 'newField', label, key, dataType: typed.dataType ?? 'Text', isPublic: false };
  });
}

/**
 * How a file of assets first matches existing assets (ADR 092): by slug when a column is imported as
 * slug (our own export), else by external ID when one is (Snipe-IT's asset tag, HomeBox's asset ID),
 * else not at all; never by name, which the administrator asks for. Null for history and schedules.
 */
export function proposeMatchBy(kind: TImportKind, mapping: TImportColumnTarget[]): TImportMatchKey | null {
  if (kind !== 'assets') return null;
  const mapped = (target: 'slug' | 'externalId') => mapping.some((column) => column.kind === target);
  if (mapped('slug')) return 'slug';
  if (mapped('externalId')) return 'externalId';
  return 'none';
}
