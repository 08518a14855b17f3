import { FIELD_KEY_MAX_LENGTH, fieldKeyOf, fieldLabelOf, type TImportColumnTarget } from '@mqr/contracts';

export type ImportFormat = 'Maintenance QR' | 'Snipe-IT' | 'HomeBox' | 'Other';

/** A custom field of the organization a column may name. */
export interface ExistingField {
  id: string;
  key: string;
  label: string;
  /** A retired field takes no import: a column naming it is proposed as not imported. */
  isActive: boolean;
}

type BuiltIn = 'name' | 'description' | 'slug' | 'ignore';

/**
 * The built-in columns of each known export, by lower-cased header: ours (export to CSV), Snipe-IT's
 * asset export and HomeBox's item export (`HB.` columns). Anything else becomes a custom field.
 */
const BUILT_IN: Record<ImportFormat, Record<string, BuiltIn>> = {
  'Maintenance QR': {
    slug: 'slug',
    name: 'name',
    description: 'description',
    'created at': 'ignore',
    'updated at': 'ignore',
  },
  'Snipe-IT': { 'asset tag': 'slug', name: 'name', 'asset name': 'name', notes: 'description' },
  HomeBox: { 'hb.name': 'name', 'hb.description': 'description' },
  Other: { slug: 'slug', name: 'name', 'asset name': 'name', description: 'description' },
};

/** What the header row says the file is. */
export function recogniseFormat(headers: string[]): ImportFormat {
  const has = new Set(headers.map((header) => header.trim().toLowerCase()));
  if (['slug', 'name', 'description', 'created at', 'updated at'].every((h) => has.has(h)))
    return 'Maintenance QR';
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
 * The first mapping of a file: the format's built-in columns, then the organization's Asset fields
 * by label or key (case-insensitive; a retired one: not imported), and every other column a new Text
 * field named after it, with a key no field has. Each built-in target and each field takes one
 * column at most (the first).
 */
export function suggestMapping(
  headers: string[],
  format: ImportFormat,
  fields: ExistingField[],
): TImportColumnTarget[] {
  const builtIn = BUILT_IN[format];
  const byName = new Map<string, ExistingField>();
  for (const field of fields) {
    byName.set(field.label.trim().toLowerCase(), field);
    byName.set(field.key.toLowerCase(), field);
  }
  const used = new Set<string>();
  const keys = new Set(fields.map((field) => field.key));
  return headers.map((header): TImportColumnTarget => {
    const lower = header.trim().toLowerCase();
    const target = builtIn[lower];
    if (target === 'ignore') return { kind: 'ignore' };
    if (target && !used.has(target)) {
      used.add(target);
      return { kind: target };
    }
    const label = fieldLabelOf(header);
    const field = byName.get(lower) ?? byName.get(label.toLowerCase());
    if (field && !field.isActive) return { kind: 'ignore' };
    if (field && !used.has(field.id)) {
      used.add(field.id);
      return { kind: 'field', fieldId: field.id };
    }
    let key = fieldKeyOf(label);
    for (let n = 2; keys.has(key); n++) key = `${fieldKeyOf(label).slice(0, FIELD_KEY_MAX_LENGTH - 4)}_${n}`;
    keys.add(key);
    return { kind: 'newField', label, key, dataType: 'Text' };
  });
}
