import { useLingui } from '@lingui/react';
import {
  SSO_DISPLAY_NAME_MAX_LENGTH,
  SSO_MESSAGES,
  splitDomains,
  type TSsoSettings,
  type TSsoSettingsBody,
  ZSsoSettingsBody,
} from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useSsoSettings, useUpdateSsoSettings } from '../api/sso-settings.ts';
import { SSO_SETTINGS_TEXTS } from '../texts.ts';
import styles from './organization-settings-form.module.css';

type TValues = {
  enabled: boolean;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  createUsers: boolean;
  requireSso: boolean;
  currentPassword: string;
};
type TField = 'displayName' | 'issuer' | 'clientId' | 'clientSecret' | 'allowedDomains' | 'currentPassword';
type TErrors = Partial<Record<TField, string>>;
type TNotice = { tone: 'success' | 'error'; text: string };

function valuesOf(settings: TSsoSettings): TValues {
  return {
    enabled: settings.enabled,
    displayName: settings.displayName,
    issuer: settings.issuer,
    clientId: settings.clientId,
    clientSecret: '',
    domains: settings.allowedDomains.join(', '),
    createUsers: settings.createUsers,
    requireSso: settings.requireSso,
    currentPassword: '',
  };
}

function bodyOf(values: TValues): TSsoSettingsBody {
  return {
    enabled: values.enabled,
    displayName: values.displayName,
    issuer: values.issuer,
    clientId: values.clientId,
    ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
    allowedDomains: splitDomains(values.domains),
    createUsers: values.createUsers,
    requireSso: values.requireSso,
    currentPassword: values.currentPassword,
  };
}

/** The first message of each field, by its first path segment (allowedDomains.2 → allowedDomains). */
function errorsOf(fields: { path: string; message: string }[]): TErrors {
  const errors: TErrors = {};
  for (const { path, message } of fields) {
    const field = path.split('.')[0] as TField;
    errors[field] ??= message;
  }
  return errors;
}

/**
 * The organization's identity provider (docs/product/profile-and-settings.md#single-sign-on): the
 * client secret is write-only, the redirect URI and the sign-in link are to copy, and saving needs
 * the administrator's current password (ADR 082), which is never kept in the form after a save.
 */
export function SsoSettingsForm() {
  const { _ } = useLingui();
  const settings = useSsoSettings();
  const update = useUpdateSsoSettings();
  const [edited, setEdited] = useState<TValues | null>(null);
  const [errors, setErrors] = useState<TErrors>({});
  const [notice, setNotice] = useState<TNotice | null>(null);

  if (settings.isPending) return <StateMessage>{_(SSO_SETTINGS_TEXTS.loading)}</StateMessage>;
  if (settings.isError) {
    return (
      <div className={styles.form}>
        <Alert>{_(SSO_SETTINGS_TEXTS.loadFailed)}</Alert>
        <div>
          <Button variant="secondary" onClick={() => settings.refetch()}>
            {_(SSO_SETTINGS_TEXTS.retry)}
          </Button>
        </div>
      </div>
    );
  }
  const saved = settings.data;
  const values = edited ?? valuesOf(saved);
  const change = (patch: Partial<TValues>) => setEdited({ ...values, ...patch });
  const text = (field: keyof TValues) => ({
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }),
  });
  const check = (field: 'enabled' | 'createUsers' | 'requireSso') => ({
    checked: values[field],
    onChange: (event: { target: { checked: boolean } }) => change({ [field]: event.target.checked }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const body = bodyOf(values);
    const parsed = ZSsoSettingsBody.safeParse(body);
    const local = parsed.success
      ? {}
      : errorsOf(
          parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: wordMessage(issue.message),
          })),
        );
    if (!saved.hasClientSecret && !values.clientSecret.trim())
      local.clientSecret = wordMessage(SSO_MESSAGES.clientSecretRequired);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    update.mutate(body, {
      onSuccess: () => {
        setEdited(null);
        setNotice({ tone: 'success', text: _(SSO_SETTINGS_TEXTS.saved) });
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(errorsOf(error.fields));
        setNotice({ tone: 'error', text: failureMessage(_(SSO_SETTINGS_TEXTS.saveFailed), error) });
        // A password typed once is not kept for the next try.
        setEdited({ ...values, currentPassword: '' });
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={_(SSO_SETTINGS_TEXTS.heading)} noValidate>
      <p className={styles.intro}>{_(SSO_SETTINGS_TEXTS.intro)}</p>
      <CheckboxField
        label={_(SSO_SETTINGS_TEXTS.enabledLabel)}
        hint={_(SSO_SETTINGS_TEXTS.enabledHint)}
        {...check('enabled')}
      />
      <TextField
        label={_(SSO_SETTINGS_TEXTS.displayNameLabel)}
        hint={_(SSO_SETTINGS_TEXTS.displayNameHint)}
        error={errors.displayName}
        maxLength={SSO_DISPLAY_NAME_MAX_LENGTH}
        placeholder="Acme Login"
        {...text('displayName')}
      />
      <TextField
        label={_(SSO_SETTINGS_TEXTS.issuerLabel)}
        hint={_(SSO_SETTINGS_TEXTS.issuerHint)}
        error={errors.issuer}
        type="url"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="https://login.example.com"
        {...text('issuer')}
      />
      <TextField
        label={_(SSO_SETTINGS_TEXTS.clientIdLabel)}
        error={errors.clientId}
        autoCapitalize="none"
        spellCheck={false}
        {...text('clientId')}
      />
      <TextField
        label={_(SSO_SETTINGS_TEXTS.clientSecretLabel)}
        hint={saved.hasClientSecret ? _(SSO_SETTINGS_TEXTS.clientSecretKept) : undefined}
        error={errors.clientSecret}
        type="password"
        autoComplete="new-password"
        {...text('clientSecret')}
      />
      <TextField
        label={_(SSO_SETTINGS_TEXTS.domainsLabel)}
        hint={_(SSO_SETTINGS_TEXTS.domainsHint)}
        error={errors.allowedDomains}
        autoCapitalize="none"
        spellCheck={false}
        placeholder="example.com"
        {...text('domains')}
      />
      <CheckboxField
        label={_(SSO_SETTINGS_TEXTS.createUsersLabel)}
        hint={_(SSO_SETTINGS_TEXTS.createUsersHint)}
        {...check('createUsers')}
      />
      <CheckboxField
        label={_(SSO_SETTINGS_TEXTS.requireSsoLabel)}
        hint={_(SSO_SETTINGS_TEXTS.requireSsoHint)}
        {...check('requireSso')}
      />
      <TextField
        label={_(SSO_SETTINGS_TEXTS.redirectUriLabel)}
        hint={_(SSO_SETTINGS_TEXTS.redirectUriHint)}
        value={saved.redirectUri}
        readOnly
        onFocus={(event) => event.target.select()}
      />
      <TextField
        label={_(SSO_SETTINGS_TEXTS.signInLinkLabel)}
        hint={_(SSO_SETTINGS_TEXTS.signInLinkHint)}
        value={saved.signInUrl}
        readOnly
        onFocus={(event) => event.target.select()}
      />
      <TextField
        label={_(SSO_SETTINGS_TEXTS.currentPasswordLabel)}
        hint={_(SSO_SETTINGS_TEXTS.currentPasswordHint)}
        error={errors.currentPassword}
        type="password"
        autoComplete="current-password"
        {...text('currentPassword')}
      />
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? _(SSO_SETTINGS_TEXTS.saving) : _(SSO_SETTINGS_TEXTS.save)}
        </Button>
      </div>
    </form>
  );
}
