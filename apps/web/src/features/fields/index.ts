/**
 * What the fields feature offers the other features (ADR 022): the definitions of a target (and
 * their query keys, kept offline), the custom field inputs, values and rules that the asset and
 * maintenance event forms share, and the data type select that the import's new fields share with
 * the field form, and the fields' words (the event composer says the fields are loading in them).
 */

export { fieldKeys } from './api/field-keys.ts';
export { useFields } from './api/get-fields.ts';
export { CustomFieldInputs } from './components/custom-field-input.tsx';
export { DataTypeSelectField } from './components/data-type-select-field.tsx';
export { FieldValueList } from './components/field-value-list.tsx';
export { customKey, fieldInputValue, ruleOf, storedValueOf } from './lib/custom-field-values.ts';
export { fieldValueText } from './lib/field-value-text.ts';
export { FIELD_TEXTS } from './texts.ts';
