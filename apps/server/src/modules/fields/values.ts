import {
  API_MESSAGES,
  checkFieldValue,
  type TFieldError,
  type TFieldTarget,
  type TFieldValueInput,
} from '@mqr/contracts';
import { AppError, fieldError } from '#server/lib/app-error.ts';
import type { FieldDefinitionRow } from './queries.ts';

export const FIELD_VALUES_MESSAGES = {
  unknownField: (target: TFieldTarget) => API_MESSAGES.unknownField(target).message,
  invalid: API_MESSAGES.fieldsInvalid,
} as const;

/**
 * Checks the custom values of a save payload against the organization's definitions of one target
 * (active and retired, as `getFieldDefinitionRows` answers them). Returns the value each ACTIVE
 * definition gets (null = none); retired definitions are ignored (their stored values stay). Every
 * problem is a VALIDATION error on `fields.<fieldId>`, all of them together. `stored` holds the
 * record's values on an update: one sent back unchanged is kept even if it no longer fits its
 * definition (a removed Select option, ADR 020).
 */
export function resolveFieldValues(
  target: TFieldTarget,
  definitions: FieldDefinitionRow[],
  payload: TFieldValueInput[],
  stored: ReadonlyMap<string, string> = new Map(),
): Map<string, string | null> {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const submitted = new Map<string, string | null>();
  const errors: TFieldError[] = [];
  for (const entry of payload) {
    if (byId.get(entry.fieldId)?.target !== target) {
      errors.push(fieldError(`fields.${entry.fieldId}`, API_MESSAGES.unknownField(target)));
      continue;
    }
    submitted.set(entry.fieldId, entry.value);
  }
  const values = new Map<string, string | null>();
  for (const definition of definitions) {
    if (!definition.isActive || definition.target !== target) continue;
    const check = checkFieldValue(
      {
        label: definition.label,
        dataType: definition.dataType,
        isRequired: definition.isRequired,
        isActive: true,
        maxLength: definition.maxLength,
        options: definition.options,
      },
      submitted.get(definition.id),
      stored.get(definition.id),
    );
    if (check.ok) values.set(definition.id, check.value);
    else errors.push(fieldError(`fields.${definition.id}`, check.said));
  }
  if (errors.length > 0) throw new AppError('VALIDATION', FIELD_VALUES_MESSAGES.invalid, { fields: errors });
  return values;
}

/** Custom values keyed by their labels (audit snapshots): each definition that has an entry in `values`. */
export function valuesByLabel(
  definitions: FieldDefinitionRow[],
  values: ReadonlyMap<string, string | null>,
): Record<string, string | null> {
  const byLabel: Record<string, string | null> = {};
  for (const definition of definitions) {
    const value = values.get(definition.id);
    if (value !== undefined) byLabel[definition.label] = value;
  }
  return byLabel;
}
