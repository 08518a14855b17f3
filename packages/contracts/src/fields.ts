import { z } from 'zod';
import { boundedInt, INPUT_MESSAGES, INT4_MAX, isStorableText, storableText } from './limits.ts';
import { englishMessages, said } from './messages.ts';

export const FIELD_TARGETS = ['Asset', 'MaintenanceEvent'] as const;
export type TFieldTarget = (typeof FIELD_TARGETS)[number];
export const FIELD_DATA_TYPES = ['Text', 'Number', 'Date', 'Boolean', 'Select'] as const;
export type TFieldDataType = (typeof FIELD_DATA_TYPES)[number];

export const FIELD_LABEL_MAX_LENGTH = 200;
export const FIELD_KEY_MAX_LENGTH = 100;
export const FIELD_KEY_PATTERN = /^[a-z0-9_-]+$/;
/** The next display order offered on the form: highest existing plus this (0 when none). */
export const DISPLAY_ORDER_STEP = 10;
/**
 * Display orders go from DISPLAY_ORDER_MIN to DISPLAY_ORDER_MAX: room for 100,000 fields a step
 * apart, and far inside the database's integer, so fields added after the last (an import's) fit.
 */
export const DISPLAY_ORDER_MAX = 1_000_000;
export const DISPLAY_ORDER_MIN = -DISPLAY_ORDER_MAX;

export const FIELD_MESSAGES = {
  ...englishMessages({
    labelRequired: /*i18n*/ { id: 'field.labelRequired', message: 'Label is required.' },
    labelTooLong: said(
      /*i18n*/ {
        id: 'field.labelTooLong',
        message: 'Label must be at most {fieldLabelMaxLength} characters.',
      },
      { fieldLabelMaxLength: FIELD_LABEL_MAX_LENGTH },
    ),
    keyRequired: /*i18n*/ { id: 'field.keyRequired', message: 'Key is required.' },
    keyPattern: /*i18n*/ {
      id: 'field.keyPattern',
      message: 'Key may contain only letters, digits, underscores and hyphens.',
    },
    keyTooLong: said(
      /*i18n*/ { id: 'field.keyTooLong', message: 'Key must be at most {fieldKeyMaxLength} characters.' },
      { fieldKeyMaxLength: FIELD_KEY_MAX_LENGTH },
    ),
    keyTaken: /*i18n*/ {
      id: 'field.keyTaken',
      message: 'A field with this key already exists for this target.',
    },
    maxLengthPositive: said(
      /*i18n*/ {
        id: 'field.maxLengthPositive',
        message: 'Max length must be a whole number from 1 to {int4Max}.',
      },
      { int4Max: INT4_MAX },
    ),
    displayOrderInteger: said(
      /*i18n*/ {
        id: 'field.displayOrderInteger',
        message: 'Display order must be a whole number from {displayOrderMin} to {displayOrderMax}.',
      },
      { displayOrderMin: DISPLAY_ORDER_MIN, displayOrderMax: DISPLAY_ORDER_MAX },
    ),
    optionsInvalid: /*i18n*/ {
      id: 'field.optionsInvalid',
      message: 'Options must be a JSON array of strings.',
    },
  }),
} as const;

/**
 * Whether a field's values may show where anyone can read them (the public QR page, a label): a public
 * field in use. An internal field is for signed-in staff only, and a retired one shows on no public
 * page whatever its visibility (ADR 091).
 */
export function isShownPublicly(field: { isPublic: boolean; isActive: boolean }): boolean {
  return field.isPublic && field.isActive;
}

/** A field definition as the API returns it. `optionsJson` is a JSON array of strings (Select only). */
export const ZFieldDefinition = z.object({
  id: z.string(),
  target: z.enum(FIELD_TARGETS),
  label: z.string(),
  key: z.string(),
  dataType: z.enum(FIELD_DATA_TYPES),
  isRequired: z.boolean(),
  isActive: z.boolean(),
  /** On the public QR page (true), or for signed-in staff only (false): see isShownPublicly. */
  isPublic: z.boolean(),
  maxLength: z.number().int().nullable(),
  optionsJson: z.string().nullable(),
  displayOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFieldDefinition = z.infer<typeof ZFieldDefinition>;

/**
 * Select options from the payload's JSON text: non-string and blank entries dropped, trimmed,
 * null when none remain. Returns undefined when the text is not a JSON array.
 */
export function normalizeOptions(optionsJson: string | null | undefined): string[] | null | undefined {
  if (optionsJson === null || optionsJson === undefined || optionsJson.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(optionsJson);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const options = parsed
    .filter((entry): entry is string => typeof entry === 'string')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return options.length > 0 ? options : null;
}

/** Options typed one per line on the admin form → the payload's optionsJson (null when empty). */
export function optionsJsonFromLines(text: string): string | null {
  const options = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return options.length > 0 ? JSON.stringify(options) : null;
}

/** POST/PUT /api/admin/fields body. maxLength is kept only for Text, options only for Select (server side). */
export const ZFieldDefinitionBody = z.object({
  target: z.enum(FIELD_TARGETS),
  label: storableText()
    .trim()
    .min(1, { message: FIELD_MESSAGES.labelRequired })
    .max(FIELD_LABEL_MAX_LENGTH, { message: FIELD_MESSAGES.labelTooLong }),
  key: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: FIELD_MESSAGES.keyRequired })
    .max(FIELD_KEY_MAX_LENGTH, { message: FIELD_MESSAGES.keyTooLong })
    .regex(FIELD_KEY_PATTERN, { message: FIELD_MESSAGES.keyPattern }),
  dataType: z.enum(FIELD_DATA_TYPES),
  isRequired: z.boolean().default(false),
  maxLength: boundedInt(1, INT4_MAX, FIELD_MESSAGES.maxLengthPositive).nullish(),
  optionsJson: z
    .string()
    .nullish()
    .refine((text) => normalizeOptions(text) !== undefined, { message: FIELD_MESSAGES.optionsInvalid })
    // JSON escapes (\u0000, \ud800) reach the options even when the text itself is clean.
    .refine((text) => (normalizeOptions(text) ?? []).every(isStorableText), {
      message: INPUT_MESSAGES.unstorableText,
    }),
  displayOrder: boundedInt(DISPLAY_ORDER_MIN, DISPLAY_ORDER_MAX, FIELD_MESSAGES.displayOrderInteger).default(
    0,
  ),
  isActive: z.boolean().default(true),
  /**
   * Public or internal (ADR 091). Left out: public for a new field (the fields screen's default), and
   * unchanged on an update, so that a client that does not know it never makes an internal field public.
   */
  isPublic: z.boolean().optional(),
});
export type TFieldDefinitionBody = z.input<typeof ZFieldDefinitionBody>;

export const ZFieldListQuery = z.object({
  target: z.enum(FIELD_TARGETS).optional(),
  includeInactive: z.enum(['true', 'false']).default('false'),
});
