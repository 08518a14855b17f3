import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { MAX_PAGE_SIZE, ZCreateUserBody } from '@mqr/contracts';
import { type Control, type Path, useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import frame from '#web/components/layouts/admin-screen.module.css';
import type { TScreenStatus } from '#web/components/layouts/screen-status.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useOrganizations } from '#web/features/organizations/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuthSnapshot } from '#web/lib/auth-store.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useCreateUser } from '../api/create-user.ts';
import { USER_TEXTS } from '../texts.ts';
import styles from './admin-users.module.css';

type TUserFormValues = z.input<typeof ZCreateUserBody>;
type TUserFormOutput = z.output<typeof ZCreateUserBody>;
const FORM_PATHS: readonly string[] = ['email', 'displayName', 'password', 'organizationId'];

type TCreateUserFormProps = {
  onSubmitStart: () => void;
  onDone: (status: TScreenStatus) => void;
};

/** Create a user; super administrators also choose the organization (default: their own). */
export function CreateUserForm({ onSubmitStart, onDone }: TCreateUserFormProps) {
  const { _ } = useLingui();
  const { auth } = useAuthSnapshot();
  const isSuperAdmin = auth?.isSuperAdmin === true;
  const create = useCreateUser();
  const defaultValues: TUserFormValues = {
    email: '',
    displayName: '',
    password: '',
    isAdmin: false,
    isActive: true,
    canEditCompletedMaintenanceEvents: false,
    ...(isSuperAdmin && auth ? { organizationId: auth.organizationId } : {}),
  };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TUserFormValues, unknown, TUserFormOutput>({
    resolver: zodResolver(ZCreateUserBody),
    defaultValues,
  });

  const onSubmit = handleSubmit((values) => {
    onSubmitStart();
    // Users created here are never super administrators (the server forces it too).
    create.mutate(
      { ...values, isSuperAdmin: false },
      {
        onSuccess: () => {
          reset(defaultValues);
          onDone({ tone: 'success', text: _(USER_TEXTS.created) });
        },
        onError: (error) => {
          onDone({ tone: 'error', text: failureMessage(_(USER_TEXTS.createFailed), error) });
          if (!(error instanceof ApiError)) return;
          for (const field of error.fields) {
            if (FORM_PATHS.includes(field.path)) {
              setError(field.path as Path<TUserFormValues>, { type: 'server', message: field.message });
            }
          }
        },
      },
    );
  });

  const busy = create.isPending;

  return (
    <form className={frame.form} onSubmit={onSubmit} noValidate aria-labelledby="user-form-title">
      <h2 id="user-form-title" className={frame.cardTitle}>
        {_(USER_TEXTS.formTitle)}
      </h2>
      <div className={styles.formGrid}>
        <TextField
          label={_(USER_TEXTS.email)}
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={_(USER_TEXTS.displayName)}
          autoComplete="off"
          aria-required
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        <TextField
          label={_(USER_TEXTS.password)}
          type="password"
          autoComplete="new-password"
          aria-required
          error={errors.password?.message}
          {...register('password')}
        />
        {isSuperAdmin ? (
          <OrganizationSelect control={control} error={errors.organizationId?.message} />
        ) : null}
      </div>
      <div className={styles.checks}>
        <CheckboxField label={_(USER_TEXTS.admin)} {...register('isAdmin')} />
        <CheckboxField label={_(USER_TEXTS.active)} {...register('isActive')} />
        <CheckboxField
          label={_(USER_TEXTS.canEditCompleted)}
          {...register('canEditCompletedMaintenanceEvents')}
        />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? _(USER_TEXTS.creating) : _(USER_TEXTS.create)}
        </Button>
      </div>
    </form>
  );
}

type TOrganizationSelectProps = {
  control: Control<TUserFormValues, unknown, TUserFormOutput>;
  error: string | undefined;
};

/** Every organization (one page of the largest size); the user's own is offered even before they load. */
function OrganizationSelect({ control, error }: TOrganizationSelectProps) {
  const { _ } = useLingui();
  const { auth, organization } = useAuthSnapshot();
  const query = useOrganizations(1, MAX_PAGE_SIZE);
  const { field } = useController({ control, name: 'organizationId' });
  const options = (query.data?.items ?? []).map(({ id, name }) => ({ id, name }));
  if (auth && !options.some((option) => option.id === auth.organizationId)) {
    options.unshift({ id: auth.organizationId, name: organization?.name || auth.organizationId });
  }
  return (
    <SelectField
      label={_(USER_TEXTS.organization)}
      error={error}
      name={field.name}
      ref={field.ref}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
    >
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </SelectField>
  );
}
