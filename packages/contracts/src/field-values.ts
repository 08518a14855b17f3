import { z } from 'zod';
import type { TFieldDataType } from './fields.ts';
import { storableText } from './limits.ts';
import { englishMessages, inEnglish, said } from './messages.ts';

/** A custom value in a save payload. Number, boolean and date values are strings too. */
export const ZFieldValueInput = z.object({
  fieldId: z.string().uuid(),
  value: storableText().nullable(),
});
export type TFieldValueInput = z.infer<typeof ZFieldValueInput>;

export const FIELD_VALUE_MESSAGES = {
  ...englishMessages({
    invalid: /*i18n*/ { id: 'fieldValue.invalid', message: 'Please provide a valid value.' },
  }),
  required: inEnglish((label: string) =>
    said(/*i18n*/ { id: 'fieldValue.required', message: '{label} is required.' }, { label }),
  ),
  tooLong: inEnglish((max: number) =>
    said(/*i18n*/ { id: 'fieldValue.tooLong', message: 'Max {max} characters.' }, { max }),
  ),
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

export type FieldValueCheck = { ok: true; value: string | null } | { ok: false; message: string };

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
      ? { ok: false, message: FIELD_VALUE_MESSAGES.required(rule.label) }
      : { ok: true, value: null };
  }
  if (value === stored) return { ok: true, value };
  switch (rule.dataType) {
    case 'Text':
      if (rule.maxLength !== null && value.length > rule.maxLength) {
        return { ok: false, message: FIELD_VALUE_MESSAGES.tooLong(rule.maxLength) };
      }
      break;
    case 'Number':
      if (!NUMBER_PATTERN.test(value)) return { ok: false, message: FIELD_VALUE_MESSAGES.invalid };
      break;
    case 'Boolean':
      if (value !== 'true' && value !== 'false') return { ok: false, message: FIELD_VALUE_MESSAGES.invalid };
      break;
    case 'Date':
      if (!isValidDate(value)) return { ok: false, message: FIELD_VALUE_MESSAGES.invalid };
      break;
    case 'Select':
      if (!rule.options?.includes(value)) return { ok: false, message: FIELD_VALUE_MESSAGES.invalid };
      break;
  }
  return { ok: true, value };
}
