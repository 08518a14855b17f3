import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { type TOrganizationBody, ZOrganizationBody } from '@mqr/contracts';
import { useForm } from 'react-hook-form';
import frame from '#web/components/layouts/admin-screen.module.css';
import type { TScreenStatus } from '#web/components/layouts/screen-status.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useCreateOrganization } from '../api/create-organization.ts';
import { ORGANIZATION_TEXTS } from '../texts.ts';
import styles from './admin-organizations-page.module.css';

type TCreateOrganizationFormProps = {
  onSubmitStart: () => void;
  onDone: (status: TScreenStatus) => void;
};

/** Create an organization: its name only (the logo is added from the table). */
export function CreateOrganizationForm({ onSubmitStart, onDone }: TCreateOrganizationFormProps) {
  const { _ } = useLingui();
  const create = useCreateOrganization();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TOrganizationBody>({ resolver: zodResolver(ZOrganizationBody), defaultValues: { name: '' } });

  const onSubmit = handleSubmit((body) => {
    onSubmitStart();
    create.mutate(body, {
      onSuccess: () => {
        reset();
        onDone({ tone: 'success', text: _(ORGANIZATION_TEXTS.created) });
      },
      onError: (error) => {
        onDone({ tone: 'error', text: failureMessage(_(ORGANIZATION_TEXTS.createFailed), error) });
        const nameError = error instanceof ApiError ? error.fields.find((f) => f.path === 'name') : undefined;
        if (nameError) setError('name', { type: 'server', message: nameError.message });
      },
    });
  });

  return (
    <form className={frame.form} onSubmit={onSubmit} noValidate aria-labelledby="organization-form-title">
      <h2 id="organization-form-title" className={frame.cardTitle}>
        {_(ORGANIZATION_TEXTS.formTitle)}
      </h2>
      <div className={styles.createRow}>
        <TextField
          label={_(ORGANIZATION_TEXTS.nameLabel)}
          autoComplete="organization"
          aria-required
          error={errors.name?.message}
          {...register('name')}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? _(ORGANIZATION_TEXTS.creating) : _(ORGANIZATION_TEXTS.create)}
        </Button>
      </div>
    </form>
  );
}
