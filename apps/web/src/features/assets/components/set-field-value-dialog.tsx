import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  checkFieldValue,
  type TAssetSelection,
  type TBulkResult,
  type TFieldDefinition,
} from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '#web/components/ui/alert.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { CustomFieldInputs, customKey, ruleOf } from '#web/features/fields/index.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useSetFieldValue } from '../api/set-field-value.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './selection-bar.module.css';

type TSetFieldValueDialogProps = {
  selection: TAssetSelection;
  /** "For the 3 assets selected." or "For all 1,234 assets the list shows." */
  scope: string;
  /** The organization's Asset fields; the active ones can be set. */
  fields: TFieldDefinition[];
  onDone: (result: TBulkResult) => void;
  onClose: () => void;
};

/**
 * "Set a field value": one active custom field and its value (its input by data type, checked as the
 * asset form checks it; empty clears it), given to every selected asset.
 */
export function SetFieldValueDialog({
  selection,
  scope,
  fields,
  onDone,
  onClose,
}: TSetFieldValueDialogProps) {
  const { _ } = useLingui();
  const active = fields.filter((field) => field.isActive);
  const [fieldId, setFieldId] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const form = useForm<{ custom: Record<string, string> }>({ defaultValues: { custom: {} } });
  const mutation = useSetFieldValue(selection);
  const field = active.find((candidate) => candidate.id === fieldId);

  function submit(event: FormEvent) {
    event.preventDefault();
    form.clearErrors();
    if (!field) {
      setFieldError(i18n._(LIST_TEXTS.fieldRequired));
      return;
    }
    const key = customKey(field.id);
    const check = checkFieldValue(ruleOf(field), form.getValues(`custom.${key}`));
    if (!check.ok) {
      form.setError(`custom.${key}`, { message: wordMessage(check.message) });
      return;
    }
    mutation.mutate({ fieldId: field.id, value: check.value }, { onSuccess: onDone });
  }

  return (
    <Dialog title={_(LIST_TEXTS.setValueTitle)} busy={mutation.isPending} onClose={onClose}>
      <form className={styles.dialogBody} onSubmit={submit} noValidate>
        {mutation.isError ? <Alert>{failureMessage(_(LIST_TEXTS.setFailed), mutation.error)}</Alert> : null}
        <p>{scope}</p>
        <SelectField
          label={_(LIST_TEXTS.field)}
          value={fieldId}
          error={fieldError}
          onChange={(event) => {
            setFieldId(event.target.value);
            setFieldError(undefined);
          }}
        >
          <option value="">{_(LIST_TEXTS.chooseField)}</option>
          {active.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.label}
            </option>
          ))}
        </SelectField>
        {field ? (
          <>
            <CustomFieldInputs
              key={field.id}
              definitions={[field]}
              savedValues={{}}
              errors={form.formState.errors.custom}
              register={form.register}
              className={undefined}
            />
            <p className={styles.hint}>{_(LIST_TEXTS.clearHint)}</p>
          </>
        ) : null}
        <DialogActions
          cancelLabel={_(LIST_TEXTS.cancel)}
          label={_(LIST_TEXTS.apply)}
          pendingLabel={_(LIST_TEXTS.applying)}
          pending={mutation.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
