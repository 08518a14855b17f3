import { z } from 'zod';
import type { TFieldDataType } from './fields.ts';
import { storableText } from './limits.ts';
import { englishMessages, englishOf, inEnglish, type Said, said } from './messages.ts';

/** A custom value in a save payload. Number, boolean and date values are strings too. */
export const ZFieldValueInput = z.object({
  fieldId: z.string().uuid(),
  value: storableText().nullable(),
});
export type TFieldValueInput = z.infer<typeof ZFieldValueInput>;

/** A custom value's refusals, with their ids and values (ADR 113). */
export const FIELD_VALUE_SAID = {
  invalid: () => said(/*i18n*/ { id: 'fieldValue.invalid', message: 'Please provide a valid value.' }),
  /** `label`: the field's label as the organization wrote it. */
  required: (label: string) =>
    said(/*i18n*/ { id: 'fieldValue.required', message: '{label} is required.' }, { label }),
  tooLong: (max: number) =>
    said(/*i18n*/ { id: 'fieldValue.tooLong', message: 'Max {max} characters.' }, { max }),
};

export const FIELD_VALUE_MESSAGES = {
  ...englishMessages({ invalid: FIELD_VALUE_SAID.invalid() }),
  required: inEnglish(FIELD_VALUE_SAID.required),
  tooLong: inEnglish(FIELD_VALUE_SAID.tooLong),
} as const;

export const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What a value is checked against: the parts of a field definition that matter. */
export interface FieldRule {
  label: string;
  dataType: TFieldDataType;
  isRequired: boolean;
  isActive: boolean;
  maxLength: number | null;
  options: string[] | null;
}

export function isValidDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A value checked: the value to store, or why not (its English, and the message with its id and values). */
export type FieldValueCheck = { ok: true; value: string | null } | { ok: false; message: string; said: Said };

const refused = (reason: Said): FieldValueCheck => ({ ok: false, message: englishOf(reason), said: reason });

/**
 * Checks one custom value against its definition, as both the forms and the server do.
 * The value is trimmed; an empty value means "no value" (null). Inactive fields are not checked
 * (they are read-only and left out of saved payloads). `stored` is the value the record holds
 * (edits only): sent back unchanged it stays valid, even when the definition changed under it
 * (an option removed, a shorter max length; ADR 020).
 */
export function checkFieldValue(
  rule: FieldRule,
  raw: string | null | undefined,
  stored?: string | null,
): FieldValueCheck {
  const value = raw?.trim() ?? '';
  if (value === '') {
    return rule.isRequired && rule.isActive
      ? refused(FIELD_VALUE_SAID.required(rule.label))
      : { ok: true, value: null };
  }
  if (value === stored) return { ok: true, value };
  switch (rule.dataType) {
    case 'Text':
      if (rule.maxLength !== null && value.length > rule.maxLength) {
        return refused(FIELD_VALUE_SAID.tooLong(rule.maxLength));
      }
      break;
    case 'Number':
      if (!NUMBER_PATTERN.test(value)) return refused(FIELD_VALUE_SAID.invalid());
      break;
    case 'Boolean':
      if (value !== 'true' && value !== 'false') return refused(FIELD_VALUE_SAID.invalid());
      break;
    case 'Date':
      if (!isValidDate(value)) return refused(FIELD_VALUE_SAID.invalid());
      break;
    case 'Select':
      if (!rule.options?.includes(value)) return refused(FIELD_VALUE_SAID.invalid());
      break;
  }
  return { ok: true, value };
}
