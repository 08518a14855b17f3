import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { DISPLAY_NAME_MAX_LENGTH } from '@mqr/contracts';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import {
  checkProfileForm,
  profileFormValues,
  type TProfileFormPath,
  type TProfileFormValues,
  type TSavedProfile,
} from '../lib/profile-form-values.ts';
import { PROFILE_TEXTS } from '../texts.ts';
import styles from './profile-form.module.css';

/** How long the success message stays (docs/product/profile-and-settings.md#profile-form). */
export const PROFILE_SUCCESS_MS = 3000;

const FORM_PATHS: readonly string[] = ['displayName', 'email', 'currentPassword', 'newPassword'];

const PASSWORD_FIELDS = [
  { name: 'currentPassword', label: PROFILE_TEXTS.currentPassword, autoComplete: 'current-password' },
  { name: 'newPassword', label: PROFILE_TEXTS.newPassword, autoComplete: 'new-password' },
  { name: 'confirmPassword', label: PROFILE_TEXTS.confirmPassword, autoComplete: 'new-password' },
] as const;

type TNotice = { tone: 'success' | 'error' | 'info'; text: string };

/** The server's own text when it sent one; else the documented generic failure (docs/product/profile-and-settings.md#profile-form). */
function failureText(error: unknown): string {
  const fromServer = error instanceof ApiError && !error.isNetworkError && error.code !== 'HTTP_ERROR';
  return fromServer && error.message ? error.message : i18n._(PROFILE_TEXTS.failed);
}

type TProfileFormProps = {
  /** The signed-in user's saved values. */
  saved: TSavedProfile;
  /** The richer variant edits the email too (it then needs the current password). */
  editEmail: boolean;
};

/** Display name (and email), and a password change; sends only what changed. */
export function ProfileForm({ saved, editEmail }: TProfileFormProps) {
  const { _ } = useLingui();
  const update = useUpdateProfile();
  const [notice, setNotice] = useState<TNotice | null>(null);
  const resolver: Resolver<TProfileFormValues> = async (values) => {
    const check = checkProfileForm(values, saved, { editEmail });
    if (check.ok) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const error of check.errors) errors[error.path] ??= { type: 'validate', message: error.message };
    return { values: {}, errors: errors as FieldErrors<TProfileFormValues> };
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<TProfileFormValues>({
    resolver,
    defaultValues: profileFormValues(saved),
  });

  // The stored user can change meanwhile (the startup refresh): follow it where nothing was typed.
  const shown = useRef(saved);
  const { displayName, email } = saved;
  useEffect(() => {
    const next = { displayName, email };
    for (const name of ['displayName', 'email'] as const) {
      if (getValues(name) === shown.current[name]) setValue(name, next[name]);
    }
    shown.current = next;
  }, [displayName, email, getValues, setValue]);

  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = setTimeout(() => setNotice(null), PROFILE_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const onSubmit = handleSubmit((values) => {
    const check = checkProfileForm(values, saved, { editEmail });
    if (!check.ok) return;
    if (!check.changed) {
      setNotice({ tone: 'info', text: _(PROFILE_TEXTS.noChanges) });
      return;
    }
    setNotice(null);
    update.mutate(check.body, {
      onSuccess: (user) => {
        reset(profileFormValues(user));
        setNotice({ tone: 'success', text: _(PROFILE_TEXTS.updated) });
      },
      onError: (error) => {
        setNotice({ tone: 'error', text: failureText(error) });
        if (!(error instanceof ApiError)) return;
        for (const field of error.fields) {
          if (FORM_PATHS.includes(field.path)) {
            setError(field.path as TProfileFormPath, { type: 'server', message: field.message });
          }
        }
      },
    });
  });

  const busy = update.isPending;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={_(PROFILE_TEXTS.formLabel)}>
      <div className={styles.formGrid}>
        <TextField
          label={_(PROFILE_TEXTS.displayName)}
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          aria-required
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        {editEmail ? (
          <TextField
            label={_(PROFILE_TEXTS.email)}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-required
            error={errors.email?.message}
            {...register('email')}
          />
        ) : null}
      </div>
      <fieldset className={styles.passwordBlock}>
        <legend className={styles.legend}>{_(PROFILE_TEXTS.changePassword)}</legend>
        <div className={styles.formGrid}>
          {PASSWORD_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={_(field.label)}
              type="password"
              autoComplete={field.autoComplete}
              hint={field.name === 'newPassword' ? _(PROFILE_TEXTS.passwordHint) : undefined}
              error={errors[field.name]?.message}
              {...register(field.name)}
            />
          ))}
        </div>
      </fieldset>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? _(PROFILE_TEXTS.saving) : _(PROFILE_TEXTS.save)}
        </Button>
      </div>
    </form>
  );
}
