import { useLingui } from '@lingui/react';
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_MESSAGES,
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKEN_SCOPES,
  type TApiTokenScope,
  type TCreatedApiToken,
} from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField } from '#web/components/ui/select-field.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useCreateApiToken } from '../api/create-api-token.ts';
import { API_TOKEN_SCOPE_LABELS, API_TOKEN_TEXTS, expiryLabel } from '../texts.ts';
import styles from './api-tokens.module.css';

/** The error under the name: the form's own check, or the server's message on the name. */
function nameError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fields.find((field) => field.path === 'name')?.message;
}

/** Name, access and expiry of a new token; the answer's secret goes to `onCreated` (shown once). */
export function CreateApiTokenForm({ onCreated }: { onCreated: (created: TCreatedApiToken) => void }) {
  const { _ } = useLingui();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TApiTokenScope>('read');
  const [days, setDays] = useState<number>(API_TOKEN_DEFAULT_DAYS);
  const [missingName, setMissingName] = useState(false);
  const create = useCreateApiToken();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setMissingName(true);
      return;
    }
    setMissingName(false);
    create.mutate(
      { name, scope, expiresInDays: days },
      {
        onSuccess: (created) => {
          setName('');
          onCreated(created);
        },
      },
    );
  }

  const serverNameError = create.isError ? nameError(create.error) : undefined;
  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={_(API_TOKEN_TEXTS.formTitle)} noValidate>
      <div className={styles.formGrid}>
        <TextField
          label={_(API_TOKEN_TEXTS.nameLabel)}
          hint={_(API_TOKEN_TEXTS.nameHint)}
          value={name}
          maxLength={API_TOKEN_NAME_MAX_LENGTH}
          autoComplete="off"
          required
          error={missingName ? wordMessage(API_TOKEN_MESSAGES.nameRequired) : serverNameError}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          label={_(API_TOKEN_TEXTS.scopeLabel)}
          value={scope}
          onChange={(event) => setScope(event.target.value as TApiTokenScope)}
        >
          {API_TOKEN_SCOPES.map((value) => (
            <option key={value} value={value}>
              {_(API_TOKEN_SCOPE_LABELS[value])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={_(API_TOKEN_TEXTS.expiryLabel)}
          value={String(days)}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {API_TOKEN_EXPIRY_CHOICES.map((value) => (
            <option key={value} value={value}>
              {_(expiryLabel(value))}
            </option>
          ))}
        </SelectField>
      </div>
      {create.isError && !serverNameError ? (
        <Alert>{failureMessage(_(API_TOKEN_TEXTS.createFailed), create.error)}</Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? _(API_TOKEN_TEXTS.creating) : _(API_TOKEN_TEXTS.create)}
        </Button>
      </div>
    </form>
  );
}
