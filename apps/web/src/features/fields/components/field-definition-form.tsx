import { useLingui } from '@lingui/react';
import type { TFieldDefinition, TFieldTarget } from '@mqr/contracts';
import { useEffect, useRef } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import frame from '#web/components/layouts/admin-screen.module.css';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { TextareaField } from '#web/components/ui/textarea-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { type TSaveFieldInput, useSaveField } from '../api/save-field.ts';
import { FIELD_ADMIN_TEXTS, FIELD_TEXTS } from '../texts.ts';
import styles from './admin-fields-page.module.css';
import { DataTypeSelectField } from './data-type-select-field.tsx';
import {
  checkFieldForm,
  emptyFieldForm,
  fieldFormFromDefinition,
  type TFieldFormValues,
} from './field-form-values.ts';

type TFieldDefinitionFormProps = {
  target: TFieldTarget;
  /** The definition being edited, or null to create one. */
  editing: TFieldDefinition | null;
  nextOrder: number;
  onSaved: (saved: TFieldDefinition, created: boolean) => void;
  onFailed: () => void;
  onCancel: () => void;
  onSubmitStart: () => void;
};

const FORM_PATHS = [
  'label',
  'key',
  'dataType',
  'displayOrder',
  'maxLength',
  'optionsJson',
  'isRequired',
  'isActive',
  'isPublic',
];

function formPath(path: string): keyof TFieldFormValues | null {
  if (path === 'optionsJson') return 'optionsText';
  return FORM_PATHS.includes(path) ? (path as keyof TFieldFormValues) : null;
}

/** Create or edit one field definition. */
export function FieldDefinitionForm(props: TFieldDefinitionFormProps) {
  const { _ } = useLingui();
  const texts = FIELD_ADMIN_TEXTS;
  const { target, editing, nextOrder } = props;
  const formTarget = editing?.target ?? target;
  const save = useSaveField();
  const resolver: Resolver<TFieldFormValues> = async (values) => {
    const check = checkFieldForm(values, formTarget);
    if (check.ok) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const error of check.errors) {
      const path = formPath(error.path);
      if (path) errors[path] = { type: 'validate', message: error.message };
    }
    return { values: {}, errors: errors as FieldErrors<TFieldFormValues> };
  };
  const {
    register,
    handleSubmit,
    watch,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<TFieldFormValues>({
    resolver,
    defaultValues: editing ? fieldFormFromDefinition(editing) : emptyFieldForm(nextOrder),
  });
  // The list may arrive after the form is shown: its next display order replaces the one offered,
  // unless the administrator changed it; nothing already typed is lost.
  const offeredOrder = useRef(String(nextOrder));
  useEffect(() => {
    if (editing || getValues('displayOrder') !== offeredOrder.current) return;
    offeredOrder.current = String(nextOrder);
    setValue('displayOrder', offeredOrder.current);
  }, [editing, nextOrder, getValues, setValue]);
  const dataType = watch('dataType');

  const onSubmit = handleSubmit((values) => {
    const check = checkFieldForm(values, formTarget);
    if (!check.ok) return;
    props.onSubmitStart();
    const input: TSaveFieldInput = { id: editing?.id ?? null, body: check.body };
    save.mutate(input, {
      onSuccess: (saved) => props.onSaved(saved, !editing),
      onError: (error) => {
        props.onFailed();
        if (!(error instanceof ApiError)) return;
        for (const field of error.fields) {
          const path = formPath(field.path);
          if (path) setError(path, { type: 'server', message: field.message });
        }
      },
    });
  });

  const busy = save.isPending;
  const title = _(editing ? texts.editTitle(editing.label) : texts.createTitle);

  return (
    <form className={frame.form} onSubmit={onSubmit} noValidate aria-labelledby="field-form-title">
      <h2 id="field-form-title" className={frame.cardTitle}>
        {title}
      </h2>
      <div className={styles.formGrid}>
        <TextField
          label={_(texts.label)}
          autoComplete="off"
          aria-required
          error={errors.label?.message}
          {...register('label')}
        />
        <TextField
          label={_(texts.key)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-required
          error={errors.key?.message}
          {...register('key')}
        />
        <DataTypeSelectField
          label={_(texts.dataType)}
          error={errors.dataType?.message}
          {...register('dataType')}
        />
        <TextField
          label={_(texts.displayOrder)}
          inputMode="numeric"
          autoComplete="off"
          error={errors.displayOrder?.message}
          {...register('displayOrder')}
        />
        {dataType === 'Text' ? (
          <TextField
            label={_(texts.maxLength)}
            inputMode="numeric"
            autoComplete="off"
            error={errors.maxLength?.message}
            {...register('maxLength')}
          />
        ) : null}
      </div>
      {dataType === 'Select' ? (
        <TextareaField
          label={_(texts.options)}
          rows={4}
          error={errors.optionsText?.message}
          {...register('optionsText')}
        />
      ) : null}
      <div className={styles.checks}>
        <CheckboxField label={_(texts.required)} {...register('isRequired')} />
        <CheckboxField label={_(texts.active)} {...register('isActive')} />
        <CheckboxField label={_(texts.public)} hint={_(FIELD_TEXTS.publicHint)} {...register('isPublic')} />
      </div>
      <div className={styles.formActions}>
        <Button type="submit" disabled={busy}>
          {_(busy ? texts.saving : editing ? texts.update : texts.create)}
        </Button>
        {editing ? (
          <Button variant="secondary" onClick={props.onCancel} disabled={busy}>
            {_(texts.cancelEdit)}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
