import {
  DISPLAY_ORDER_STEP,
  FIELD_MESSAGES,
  normalizeOptions,
  optionsJsonFromLines,
  type TFieldDataType,
  type TFieldDefinition,
  type TFieldDefinitionBody,
  type TFieldError,
  type TFieldTarget,
  ZFieldDefinitionBody,
} from '@mqr/contracts';
import { wordMessage } from '#web/lib/api-messages.ts';

/** What the field definition form edits (numbers as typed text, options one per line). */
export type TFieldFormValues = {
  label: string;
  key: string;
  dataType: TFieldDataType;
  displayOrder: string;
  maxLength: string;
  optionsText: string;
  isRequired: boolean;
  isActive: boolean;
  /** Shown on the public QR page; unticked, for signed-in staff only (ADR 091). */
  isPublic: boolean;
};

/** The display order offered for a new field: highest existing plus 10, 0 when there is none. */
export function nextDisplayOrder(definitions: Pick<TFieldDefinition, 'displayOrder'>[]): number {
  if (definitions.length === 0) return 0;
  return Math.max(...definitions.map((definition) => definition.displayOrder)) + DISPLAY_ORDER_STEP;
}

export function emptyFieldForm(displayOrder: number): TFieldFormValues {
  return {
    label: '',
    key: '',
    dataType: 'Text',
    displayOrder: String(displayOrder),
    maxLength: '',
    optionsText: '',
    isRequired: false,
    isActive: true,
    isPublic: true,
  };
}

export function fieldFormFromDefinition(definition: TFieldDefinition): TFieldFormValues {
  return {
    label: definition.label,
    key: definition.key,
    dataType: definition.dataType,
    displayOrder: String(definition.displayOrder),
    maxLength: definition.maxLength === null ? '' : String(definition.maxLength),
    optionsText: (normalizeOptions(definition.optionsJson) ?? []).join('\n'),
    isRequired: definition.isRequired,
    isActive: definition.isActive,
    isPublic: definition.isPublic,
  };
}

/** The whole definition as a payload (Activate/Deactivate resubmits it with isActive flipped). */
export function bodyFromDefinition(
  definition: TFieldDefinition,
  isActive = definition.isActive,
): TFieldDefinitionBody {
  return {
    target: definition.target,
    label: definition.label,
    key: definition.key,
    dataType: definition.dataType,
    isRequired: definition.isRequired,
    maxLength: definition.dataType === 'Text' ? definition.maxLength : null,
    optionsJson: definition.dataType === 'Select' ? definition.optionsJson : null,
    displayOrder: definition.displayOrder,
    isActive,
    isPublic: definition.isPublic,
  };
}

export type TFieldFormCheck = { ok: true; body: TFieldDefinitionBody } | { ok: false; errors: TFieldError[] };

/**
 * Validates with the shared schema and builds the payload: label trimmed, key trimmed and lower-cased,
 * max length kept only for Text, options (one per line, trimmed, blanks dropped) only for Select,
 * display order 0 when blank.
 */
export function checkFieldForm(values: TFieldFormValues, target: TFieldTarget): TFieldFormCheck {
  const errors: TFieldError[] = [];
  const orderText = values.displayOrder.trim();
  const displayOrder = orderText === '' ? 0 : Number(orderText);
  if (!Number.isInteger(displayOrder)) {
    errors.push({ path: 'displayOrder', message: wordMessage(FIELD_MESSAGES.displayOrderInteger) });
  }
  let maxLength: number | null = null;
  if (values.dataType === 'Text' && values.maxLength.trim() !== '') {
    maxLength = Number(values.maxLength.trim());
    if (!Number.isInteger(maxLength) || maxLength < 1) {
      errors.push({ path: 'maxLength', message: wordMessage(FIELD_MESSAGES.maxLengthPositive) });
    }
  }
  const parsed = ZFieldDefinitionBody.safeParse({
    target,
    label: values.label,
    key: values.key,
    dataType: values.dataType,
    isRequired: values.isRequired,
    maxLength: errors.some((e) => e.path === 'maxLength') ? null : maxLength,
    optionsJson: values.dataType === 'Select' ? optionsJsonFromLines(values.optionsText) : null,
    displayOrder: Number.isInteger(displayOrder) ? displayOrder : 0,
    isActive: values.isActive,
    isPublic: values.isPublic,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? '');
      if (!errors.some((error) => error.path === path))
        errors.push({ path, message: wordMessage(issue.message) });
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
