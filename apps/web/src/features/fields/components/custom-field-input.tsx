import { useLingui } from '@lingui/react';
import { FIELD_VALUE_MESSAGES, normalizeOptions, type TFieldDefinition } from '@mqr/contracts';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { wordMessage } from '#web/lib/api-messages.ts';
import { customKey } from '../lib/custom-field-values.ts';
import { fieldValueText } from '../lib/field-value-text.ts';
import { FIELD_TEXTS } from '../texts.ts';

/** The values a select offers (Boolean and Select fields); null for typed inputs. */
function choicesOf(definition: TFieldDefinition): string[] | null {
  if (definition.dataType === 'Boolean') return ['true', 'false'];
  if (definition.dataType === 'Select') return normalizeOptions(definition.optionsJson) ?? [];
  return null;
}

/** A choice's words: a Boolean's Yes or No (ADR 118), a Select's option as it is. */
function choiceText(definition: TFieldDefinition, option: string): string {
  return definition.dataType === 'Boolean' ? fieldValueText('Boolean', option) : option;
}

type TCustomFieldInputProps = {
  definition: TFieldDefinition;
  /** Present for active fields; retired fields are read-only and not part of the form. */
  registration?: UseFormRegisterReturn;
  /** The stored value (shown read-only on retired fields). */
  savedValue: string;
  error?: string | undefined;
};

/** One input per custom field definition, by data type. Retired fields are read-only. */
export function CustomFieldInput({ definition, registration, savedValue, error }: TCustomFieldInputProps) {
  const { _ } = useLingui();
  const retired = !definition.isActive || !registration;
  const maxLength = definition.dataType === 'Text' ? definition.maxLength : null;
  const choices = choicesOf(definition);
  const retiredOption = choices && savedValue && !choices.includes(savedValue) ? savedValue : null;
  let hint: ReactNode;
  if (retired) {
    hint = (
      <>
        <span>{_(FIELD_TEXTS.retiredField)}</span>
        {savedValue ? (
          <span>{_(FIELD_TEXTS.savedValue(fieldValueText(definition.dataType, savedValue)))}</span>
        ) : null}
      </>
    );
  } else if (retiredOption) {
    // Long labels are cut off in a narrow select: the hint says it in full.
    hint = _(FIELD_TEXTS.retiredOptionHint);
  } else if (maxLength !== null) {
    hint = wordMessage(FIELD_VALUE_MESSAGES.tooLong(maxLength));
  }

  const common = {
    label: definition.label,
    hint,
    error,
    'aria-required': !retired && definition.isRequired ? true : undefined,
  } as const;
  const input = retired ? { defaultValue: savedValue, disabled: true } : registration;

  if (choices) {
    return (
      <SelectField {...common} {...input}>
        <option value="" />
        {choices.map((option) => (
          <option key={option} value={option}>
            {choiceText(definition, option)}
          </option>
        ))}
        {retiredOption ? (
          <option value={retiredOption}>{_(FIELD_TEXTS.retiredOption(retiredOption))}</option>
        ) : null}
      </SelectField>
    );
  }
  if (definition.dataType === 'Date') return <TextField {...common} type="date" {...input} />;
  if (definition.dataType === 'Number') {
    return <TextField {...common} type="text" inputMode="decimal" autoComplete="off" {...input} />;
  }
  return <TextField {...common} type="text" autoComplete="off" {...input} />;
}

type TCustomFieldInputsProps = {
  /** The definitions to show, in order: active ones are registered, retired ones read-only. */
  definitions: TFieldDefinition[];
  /** The stored values by `customKey` (retired fields show theirs). */
  savedValues: Record<string, string | undefined>;
  /** The form's errors under `custom`. */
  errors: FieldErrors<{ custom: Record<string, string> }>['custom'];
  /** The form's `register`: its custom values sit at `custom.f_{fieldId}`. */
  register: (name: `custom.${string}`) => UseFormRegisterReturn;
  className: string | undefined;
};

/** The custom field inputs of a form (asset or maintenance event); nothing when there are none. */
export function CustomFieldInputs({
  definitions,
  savedValues,
  errors,
  register,
  className,
}: TCustomFieldInputsProps) {
  if (definitions.length === 0) return null;
  return (
    <div className={className}>
      {definitions.map((definition) => {
        const key = customKey(definition.id);
        return (
          <CustomFieldInput
            key={definition.id}
            definition={definition}
            savedValue={savedValues[key] ?? ''}
            error={errors?.[key]?.message}
            {...(definition.isActive ? { registration: register(`custom.${key}`) } : {})}
          />
        );
      })}
    </div>
  );
}
