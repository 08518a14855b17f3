import {
  ASSET_DESCRIPTION_MAX_LENGTH,
  ASSET_MESSAGES,
  ASSET_NAME_MAX_LENGTH,
  checkFieldValue,
  type FieldRule,
  IMPORT_MESSAGES,
  INPUT_MESSAGES,
  isStorableText,
  SLUG_PATTERN,
  type TImportColumnTarget,
} from '@mqr/contracts';
import { AppError } from '#server/lib/app-error.ts';
import { fromSpreadsheetSafe } from '../exports/spreadsheet-safe.ts';
import type { FieldDefinitionRow } from '../fields/queries.ts';

/** A column imported into a custom field: an existing one, or one the import creates. */
export interface PlannedField {
  column: number;
  header: string;
  /** Null for a new field until the commit has created it. */
  fieldId: string | null;
  rule: FieldRule;
  newField?: { label: string; key: string; dataType: FieldRule['dataType']; options: string[] | null };
}

/** A mapping checked against the file and the organization's fields: what each column becomes. */
export interface ImportPlan {
  headers: string[];
  name: number;
  description: number | undefined;
  slug: number | undefined;
  fields: PlannedField[];
  /** Active required Asset fields that no column fills: a new asset would miss them. */
  requiredElsewhere: FieldRule[];
}

const refuse = (message: string) => new AppError('VALIDATION', message);

const ruleOf = (definition: FieldDefinitionRow): FieldRule => ({
  label: definition.label,
  dataType: definition.dataType,
  isRequired: definition.isRequired,
  isActive: definition.isActive,
  maxLength: definition.maxLength,
  options: definition.options,
});

/**
 * Checks a mapping (one target per column) against the file's headers and the organization's Asset
 * definitions: one name column, at most one description and one slug column, existing active
 * fields once each, new field keys free. `selectOptions` gives a new Select field's options (the
 * column's distinct values). Refuses with the reason.
 */
export function buildPlan(
  headers: string[],
  mapping: TImportColumnTarget[],
  definitions: FieldDefinitionRow[],
  selectOptions: ReadonlyMap<number, string[]>,
): ImportPlan {
  if (mapping.length !== headers.length) throw refuse(IMPORT_MESSAGES.wrongColumnCount);
  const single: Partial<Record<'name' | 'description' | 'slug', number>> = {};
  const fields: PlannedField[] = [];
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  const keys = new Set(definitions.map((definition) => definition.key));
  const mapped = new Set<string>();
  mapping.forEach((target, column) => {
    const header = headers[column] ?? '';
    switch (target.kind) {
      case 'ignore':
        return;
      case 'name':
      case 'description':
      case 'slug':
        if (single[target.kind] !== undefined) throw refuse(IMPORT_MESSAGES.mappedTwice(target.kind));
        single[target.kind] = column;
        return;
      case 'field': {
        const definition = byId.get(target.fieldId);
        if (!definition) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.unknownField);
        if (!definition.isActive) throw refuse(IMPORT_MESSAGES.retiredField);
        if (mapped.has(definition.id)) throw refuse(IMPORT_MESSAGES.fieldMappedTwice);
        mapped.add(definition.id);
        fields.push({ column, header, fieldId: definition.id, rule: ruleOf(definition) });
        return;
      }
      case 'newField': {
        if (keys.has(target.key)) throw refuse(IMPORT_MESSAGES.newFieldKeyTaken(target.key));
        keys.add(target.key);
        const options = target.dataType === 'Select' ? (selectOptions.get(column) ?? []) : null;
        const rule: FieldRule = {
          label: target.label,
          dataType: target.dataType,
          isRequired: false,
          isActive: true,
          maxLength: null,
          options,
        };
        fields.push({ column, header, fieldId: null, rule, newField: { ...target, options } });
        return;
      }
    }
  });
  if (single.name === undefined) throw refuse(IMPORT_MESSAGES.nameNotMapped);
  const requiredElsewhere = definitions
    .filter((definition) => definition.isActive && definition.isRequired && !mapped.has(definition.id))
    .map(ruleOf);
  return {
    headers,
    name: single.name,
    description: single.description,
    slug: single.slug,
    fields,
    requiredElsewhere,
  };
}

/** A row of the file as the import would write it, with what is wrong with it. */
export interface CheckedRow {
  rowNumber: number;
  problems: { column: string; message: string }[];
  name: string;
  description: string | null;
  /** The slug to match or create, lower-cased; null when the file gives none (a new slug is made). */
  slug: string | null;
  /** The value of each planned field (same order as plan.fields); null clears it. */
  values: (string | null)[];
}

const BOOLEAN_WORDS: Record<string, string> = {
  true: 'true',
  yes: 'true',
  '1': 'true',
  false: 'false',
  no: 'false',
  '0': 'false',
};

/** A spreadsheet's way of writing a value, in the form the field stores: yes/no → true/false, a date-time → its date. */
function normalised(rule: FieldRule, value: string): string {
  if (rule.dataType === 'Boolean') return BOOLEAN_WORDS[value.toLowerCase()] ?? value;
  if (rule.dataType === 'Date') return /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;
  return value;
}

/**
 * One row checked with the asset form's rules (name required and at most 200 characters,
 * description at most 2,000, each custom value against its field). A cell that starts with `=` is
 * a spreadsheet formula and refused; a cell our export quoted (`'=…`) is taken as the text it holds.
 */
export function checkRow(plan: ImportPlan, rowNumber: number, cells: string[]): CheckedRow {
  const problems: CheckedRow['problems'] = [];
  const cell = (column: number | undefined): string => {
    if (column === undefined) return '';
    const raw = cells[column] ?? '';
    if (raw.startsWith('=')) {
      problems.push({ column: plan.headers[column] ?? '', message: IMPORT_MESSAGES.formula });
      return '';
    }
    const text = fromSpreadsheetSafe(raw).trim();
    if (!isStorableText(text)) {
      problems.push({ column: plan.headers[column] ?? '', message: INPUT_MESSAGES.unstorableText });
      return '';
    }
    return text;
  };
  const headerOf = (column: number | undefined) => (column === undefined ? '' : (plan.headers[column] ?? ''));

  const name = cell(plan.name);
  if (name === '') problems.push({ column: headerOf(plan.name), message: ASSET_MESSAGES.nameRequired });
  else if (name.length > ASSET_NAME_MAX_LENGTH)
    problems.push({ column: headerOf(plan.name), message: ASSET_MESSAGES.nameTooLong });
  const description = cell(plan.description);
  if (description.length > ASSET_DESCRIPTION_MAX_LENGTH) {
    problems.push({ column: headerOf(plan.description), message: ASSET_MESSAGES.descriptionTooLong });
  }
  const slug = cell(plan.slug).toLowerCase();
  if (slug !== '' && (!SLUG_PATTERN.test(slug) || slug.length > 255)) {
    problems.push({ column: headerOf(plan.slug), message: IMPORT_MESSAGES.slugInvalid });
  }
  const values = plan.fields.map((field) => {
    const check = checkFieldValue(field.rule, normalised(field.rule, cell(field.column)));
    if (check.ok) return check.value;
    problems.push({ column: field.header, message: check.message });
    return null;
  });
  return { rowNumber, problems, name, description: description || null, slug: slug || null, values };
}
