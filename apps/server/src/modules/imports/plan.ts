import {
  ASSET_DESCRIPTION_MAX_LENGTH,
  ASSET_EXTERNAL_ID_MAX_LENGTH,
  ASSET_MESSAGES,
  ASSET_NAME_MAX_LENGTH,
  checkFieldValue,
  DISPLAY_ORDER_MAX,
  DISPLAY_ORDER_STEP,
  type FieldRule,
  IMPORT_MESSAGES,
  IMPORT_SAID,
  IMPORT_TARGETS,
  INPUT_MESSAGES,
  isStorableText,
  type MessageValues,
  type Said,
  SLUG_PATTERN,
  saidOf,
  type TImportBuiltInTarget,
  type TImportColumnTarget,
  type TImportKind,
  type TImportMatchKey,
} from '@mqr/contracts';
import { AppError } from '#server/lib/app-error.ts';
import { fromSpreadsheetSafe } from '#server/lib/spreadsheet-safe.ts';
import type { FieldDefinitionRow } from '../fields/index.ts';
import { type CellFormats, dateIn, numberIn, PLAIN_FORMATS } from './cell-formats.ts';

/** A column imported into a custom field: an existing one, or one the import creates. */
export interface PlannedField {
  column: number;
  header: string;
  /** Null for a new field until the commit has created it. */
  fieldId: string | null;
  rule: FieldRule;
  newField?: {
    label: string;
    key: string;
    dataType: FieldRule['dataType'];
    options: string[] | null;
    /** Shown on the public QR page (ADR 091). */
    isPublic: boolean;
  };
}

/** A mapping checked against the file and the organization's fields: what each column becomes. */
export interface ImportPlan {
  kind: TImportKind;
  headers: string[];
  /** The column of each built-in target the mapping uses. */
  columns: Partial<Record<TImportBuiltInTarget, number>>;
  fields: PlannedField[];
  /** Active required fields of the kind that no column fills: a new record would miss them. */
  requiredElsewhere: FieldRule[];
  /** The kind's field with the highest display order (retired ones too): new fields go after it. */
  lastField: { label: string; displayOrder: number } | undefined;
  /** How rows of a file of assets find the asset they update (ADR 092); null for history and schedules. */
  matchBy: TImportMatchKey | null;
  /** How the file writes numbers and dates. */
  formats: CellFormats;
}

const refuse = (message: string | Said) => new AppError('VALIDATION', message);

const ruleOf = (definition: FieldDefinitionRow): FieldRule => ({
  label: definition.label,
  dataType: definition.dataType,
  isRequired: definition.isRequired,
  isActive: definition.isActive,
  maxLength: definition.maxLength,
  options: definition.options,
});

/**
 * Checks a mapping (one target per column) against the file's headers and the organization's
 * definitions for the kind of file: its built-in targets only, each at most once and the required
 * ones (an asset's name; an event's asset, title and performed at) once, existing active fields once
 * each, new field keys free; a file of assets matched by slug or external ID imports that column, a
 * file of history or schedules matches nothing. `selectOptions` gives a new Select field's options
 * (the column's distinct values), `formats` how the file writes numbers and dates. Refuses with the
 * reason.
 */
export function buildPlan(
  kind: TImportKind,
  headers: string[],
  mapping: TImportColumnTarget[],
  definitions: FieldDefinitionRow[],
  selectOptions: ReadonlyMap<number, string[]>,
  matchBy: TImportMatchKey | null,
  formats: CellFormats = PLAIN_FORMATS,
): ImportPlan {
  if (mapping.length !== headers.length) throw refuse(IMPORT_MESSAGES.wrongColumnCount);
  const targets: readonly TImportBuiltInTarget[] = IMPORT_TARGETS[kind].builtIn;
  const columns: ImportPlan['columns'] = {};
  const fields: PlannedField[] = [];
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  const keys = new Set(definitions.map((definition) => definition.key));
  const mapped = new Set<string>();
  mapping.forEach((target, column) => {
    const header = headers[column] ?? '';
    if ((target.kind === 'field' || target.kind === 'newField') && !IMPORT_TARGETS[kind].takesFields) {
      throw refuse(IMPORT_MESSAGES.noCustomFields);
    }
    switch (target.kind) {
      case 'ignore':
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
        if (keys.has(target.key)) throw refuse(IMPORT_SAID.newFieldKeyTaken(target.key));
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
      default: {
        if (!targets.includes(target.kind)) throw refuse(IMPORT_SAID.wrongTarget(target.kind));
        if (columns[target.kind] !== undefined) throw refuse(IMPORT_SAID.mappedTwice(target.kind));
        columns[target.kind] = column;
      }
    }
  });
  for (const required of IMPORT_TARGETS[kind].required) {
    if (columns[required] === undefined) throw refuse(IMPORT_MESSAGES.notMapped[required]);
  }
  if (kind !== 'assets' && matchBy !== null) throw refuse(IMPORT_MESSAGES.matchKeyForAssets);
  if ((matchBy === 'slug' || matchBy === 'externalId') && columns[matchBy] === undefined) {
    throw refuse(IMPORT_SAID.matchKeyNotMapped(matchBy));
  }
  const requiredElsewhere = definitions
    .filter((definition) => definition.isActive && definition.isRequired && !mapped.has(definition.id))
    .map(ruleOf);
  const lastField = definitions.reduce<FieldDefinitionRow | undefined>(
    (last, definition) => (!last || definition.displayOrder > last.displayOrder ? definition : last),
    undefined,
  );
  return { kind, headers, columns, fields, requiredElsewhere, lastField, matchBy, formats };
}

/**
 * Refuses a plan whose new fields would not fit after the last field: the commit gives each the
 * next display order, a step apart, and an order past DISPLAY_ORDER_MAX (a field set that high before
 * it was the limit) is refused here, by the check, not by the commit in the background.
 */
export function checkRoomForNewFields(plan: ImportPlan): void {
  const added = plan.fields.filter((field) => field.newField).length;
  const last = plan.lastField;
  if (added === 0 || !last) return;
  if (last.displayOrder + added * DISPLAY_ORDER_STEP > DISPLAY_ORDER_MAX) {
    throw refuse(IMPORT_SAID.noRoomForNewFields(last.label, last.displayOrder));
  }
}

/** The file's name of the column a built-in target takes ('' when no column does). */
export function columnOf(plan: ImportPlan, target: TImportBuiltInTarget): string {
  const column = plan.columns[target];
  return column === undefined ? '' : (plan.headers[column] ?? '');
}

/**
 * What is wrong with a row, by column: the message's English, with its id and values when it is one
 * of the contracts' messages, so that it is stored with them and worded for each reader (ADR 121).
 */
export interface RowProblem {
  column: string;
  message: string;
  messageId?: string;
  values?: MessageValues;
}

/** A problem of `column`: a message said with its values, or a contracts message's English (its id found). */
export function rowProblem(column: string, message: string | Said): RowProblem {
  return { column, ...(typeof message === 'string' ? (saidOf(message) ?? { message }) : message) };
}

/** The part of a checked row that every kind has. */
export interface CheckedRowBase {
  rowNumber: number;
  problems: RowProblem[];
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

/**
 * A spreadsheet's way of writing a value, in the form the field stores, or a problem: yes/no →
 * true/false; a number in the file's format (`12.345,67` → 12345.67); a date in the file's order, or
 * a date-time's date. Anything else is left to the field's own rules.
 */
function normalised(
  rule: FieldRule,
  value: string,
  formats: CellFormats,
): { value: string } | { problem: Said } {
  if (value === '') return { value };
  switch (rule.dataType) {
    case 'Boolean':
      return { value: BOOLEAN_WORDS[value.toLowerCase()] ?? value };
    case 'Number': {
      const number = numberIn(value, formats.numberFormat);
      return number === undefined
        ? { problem: IMPORT_SAID.numberInvalid(value, formats.numberFormat) }
        : { value: number };
    }
    case 'Date': {
      const date = dateIn(value, formats.dateOrder)?.iso;
      return date === undefined
        ? { problem: IMPORT_SAID.dateInvalid(value, formats.dateOrder) }
        : { value: date };
    }
    default:
      return { value };
  }
}

/** A cell that a spreadsheet runs as a formula: `=` first, after any spaces, tabs or line breaks. */
const FORMULA_CELL = /^\s*=/;

/**
 * Reads one row of the file as the plan maps it, collecting its problems, one at most per cell: a
 * cell that starts with `=` (after any blanks that would hide it) is a spreadsheet formula and
 * refused; a cell our export quoted (`'=…`) is taken as the text it holds; text the database cannot
 * store is refused. A refused cell reads as empty, but is not also "required". `values` checks each
 * custom value against its field.
 */
export function readRow(plan: ImportPlan, cells: string[]) {
  const problems: RowProblem[] = [];
  const headerOf = (column: number | undefined) => (column === undefined ? '' : (plan.headers[column] ?? ''));
  const read = new Map<number, string>();
  const refused = new Set<number>();
  const refuse = (column: number, message: string) => {
    refused.add(column);
    problems.push(rowProblem(headerOf(column), message));
    return '';
  };
  const readCell = (column: number): string => {
    const raw = cells[column] ?? '';
    if (FORMULA_CELL.test(raw)) return refuse(column, IMPORT_MESSAGES.formula);
    const text = fromSpreadsheetSafe(raw).trim();
    if (!isStorableText(text)) return refuse(column, INPUT_MESSAGES.unstorableText);
    return text;
  };
  // Each cell is read once, so asking for it again notes its problem once.
  const cellAt = (column: number | undefined): string => {
    if (column === undefined) return '';
    const text = read.get(column) ?? readCell(column);
    read.set(column, text);
    return text;
  };
  return {
    problems,
    /** The trimmed text of the column a built-in target takes ('' when no column does). */
    text: (target: TImportBuiltInTarget) => cellAt(plan.columns[target]),
    /** Notes a problem of a built-in target's column, unless its cell was refused already. */
    problem: (target: TImportBuiltInTarget, message: string | Said) => {
      const column = plan.columns[target];
      if (column === undefined || !refused.has(column)) problems.push(rowProblem(headerOf(column), message));
    },
    values: () =>
      plan.fields.map((field) => {
        const text = cellAt(field.column);
        if (refused.has(field.column)) return null;
        const read = normalised(field.rule, text, plan.formats);
        const check =
          'problem' in read
            ? { ok: false as const, said: read.problem }
            : checkFieldValue(field.rule, read.value);
        if (check.ok) return check.value;
        problems.push(rowProblem(field.header, check.said));
        return null;
      }),
  };
}

/** A row of an asset file as the import would write it, with what is wrong with it. */
export interface CheckedRow extends CheckedRowBase {
  name: string;
  description: string | null;
  /** The slug to match or create, lower-cased; null when the file gives none (a new slug is made). */
  slug: string | null;
  /** The external ID as written (ADR 092); null when the file gives none. */
  externalId: string | null;
}

/**
 * One row of an asset file checked with the asset form's rules (name required and at most 200
 * characters, description at most 2,000, external ID at most 255, each custom value against its
 * field), a slug's pattern.
 */
export function checkRow(plan: ImportPlan, rowNumber: number, cells: string[]): CheckedRow {
  const row = readRow(plan, cells);
  const name = row.text('name');
  if (name === '') row.problem('name', ASSET_MESSAGES.nameRequired);
  else if (name.length > ASSET_NAME_MAX_LENGTH) row.problem('name', ASSET_MESSAGES.nameTooLong);
  const description = row.text('description');
  if (description.length > ASSET_DESCRIPTION_MAX_LENGTH) {
    row.problem('description', ASSET_MESSAGES.descriptionTooLong);
  }
  const slug = row.text('slug').toLowerCase();
  if (slug !== '' && (!SLUG_PATTERN.test(slug) || slug.length > 255)) {
    row.problem('slug', IMPORT_MESSAGES.slugInvalid);
  }
  const externalId = row.text('externalId');
  if (externalId.length > ASSET_EXTERNAL_ID_MAX_LENGTH) {
    row.problem('externalId', ASSET_MESSAGES.externalIdTooLong);
  }
  const values = row.values();
  return {
    rowNumber,
    problems: row.problems,
    name,
    description: description || null,
    slug: slug || null,
    externalId: externalId || null,
    values,
  };
}
