import {
  ASSET_MESSAGES,
  FIELD_VALUE_MESSAGES,
  normalizeOptions,
  type TFieldDefinition,
} from '@mqr/contracts';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { customKey } from './asset-form-values.ts';

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
  const retired = !definition.isActive || !registration;
  const maxLength = definition.dataType === 'Text' ? definition.maxLength : null;
  const hint = retired ? (
    <>
      <span>{ASSET_MESSAGES.retiredField}</span>
      {savedValue ? <span>{`Saved value: ${savedValue}`}</span> : null}
    </>
  ) : maxLength !== null ? (
    FIELD_VALUE_MESSAGES.tooLong(maxLength)
  ) : undefined;

  const common = {
    label: definition.label,
    hint,
    error,
    'aria-required': !retired && definition.isRequired ? true : undefined,
  } as const;
  const input = retired ? { defaultValue: savedValue, disabled: true } : registration;

  if (definition.dataType === 'Boolean' || definition.dataType === 'Select') {
    const options =
      definition.dataType === 'Boolean'
        ? ['true', 'false']
        : (normalizeOptions(definition.optionsJson) ?? []);
    // A stored value that is no longer an option stays visible.
    const shown = savedValue && !options.includes(savedValue) ? [...options, savedValue] : options;
    return (
      <SelectField {...common} {...input}>
        <option value="" />
        {shown.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
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
