import { normalizeOptions, type TFieldDefinition } from '@mqr/contracts';

/** A custom field's key in a form's values (`custom.f_{fieldId}`): safe as a form path. */
export function customKey(fieldId: string): string {
  return `f_${fieldId}`;
}

/** The value a saved asset or event holds for a field (null when none, or nothing saved yet). */
export function storedValueOf(
  saved: { fields: { fieldId: string; value: string | null }[] } | undefined,
  fieldId: string,
): string | null {
  return saved?.fields.find((field) => field.fieldId === fieldId)?.value ?? null;
}

/** A stored value as its input shows it: dates as their first 10 characters (yyyy-mm-dd). */
export function fieldInputValue(definition: TFieldDefinition, value: string | null | undefined): string {
  if (!value) return '';
  return definition.dataType === 'Date' ? value.slice(0, 10) : value;
}

/** The rule the shared `checkFieldValue` checks a value of this field against. */
export function ruleOf(definition: TFieldDefinition) {
  return {
    label: definition.label,
    dataType: definition.dataType,
    isRequired: definition.isRequired,
    isActive: definition.isActive,
    maxLength: definition.dataType === 'Text' ? definition.maxLength : null,
    options: normalizeOptions(definition.optionsJson) ?? null,
  };
}
