import { useLingui } from '@lingui/react';
import {
  type TWebhookEndpoint,
  type TWebhookEventType,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_URL_MAX_LENGTH,
} from '@mqr/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx';
import tabPanel from '#web/components/ui/tab-panel.module.css';
import fieldStyles from '#web/components/ui/text-field.module.css';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { type TSavedWebhookEndpoint, useSaveWebhookEndpoint } from '../api/save-webhook-endpoint.ts';
import { WEBHOOK_TEXTS as T, WEBHOOK_EVENT_LABELS } from '../texts.ts';
import styles from './webhooks.module.css';

/** The server's message on one field of a refused save. */
function fieldError(error: unknown, path: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fields.find((field) => field.path === path)?.message;
}

/**
 * A new endpoint, or one to change: URL, description, events and the on/off switch. A creation's
 * answer (with the secret, shown once) goes to `onSaved`.
 */
export function WebhookEndpointForm({
  endpoint,
  onSaved,
  onCancel,
}: {
  endpoint?: TWebhookEndpoint;
  onSaved: (saved: TSavedWebhookEndpoint) => void;
  onCancel: () => void;
}) {
  const { _ } = useLingui();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<TWebhookEventType[]>(endpoint?.events ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [checked, setChecked] = useState(false);
  const save = useSaveWebhookEndpoint();
  const eventsErrorId = useId();

  const missingUrl = checked && !url.trim() ? wordMessage(WEBHOOK_MESSAGES.urlRequired) : undefined;
  const missingEvents =
    checked && events.length === 0 ? wordMessage(WEBHOOK_MESSAGES.eventsRequired) : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!url.trim() || events.length === 0) return;
    save.mutate(
      { ...(endpoint ? { id: endpoint.id } : {}), body: { url, description, events, enabled } },
      { onSuccess: onSaved },
    );
  }

  const toggle = (type: TWebhookEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((value) => value !== type)));
  const urlError = missingUrl ?? (save.isError ? fieldError(save.error, 'url') : undefined);
  const eventsError = missingEvents ?? (save.isError ? fieldError(save.error, 'events') : undefined);
  const otherError = save.isError && !urlError && !eventsError;
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      aria-label={endpoint ? _(T.formEdit) : _(T.formNew)}
      noValidate
    >
      <h3 className={tabPanel.sectionTitle}>{endpoint ? _(T.formEdit) : _(T.formNew)}</h3>
      <div className={styles.formGrid}>
        <TextField
          label={_(T.urlLabel)}
          hint={_(T.urlHint)}
          type="url"
          inputMode="url"
          value={url}
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          required
          error={urlError}
          onChange={(event) => setUrl(event.target.value)}
        />
        <TextField
          label={_(T.descriptionLabel)}
          hint={_(T.descriptionHint)}
          value={description}
          maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <fieldset
        className={styles.events}
        aria-describedby={eventsError ? eventsErrorId : undefined}
        aria-invalid={eventsError ? true : undefined}
      >
        <legend className={fieldStyles.label}>{_(T.eventsLegend)}</legend>
        <div className={styles.eventGrid}>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <CheckboxField
              key={type}
              label={_(WEBHOOK_EVENT_LABELS[type])}
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
            />
          ))}
        </div>
        {eventsError ? (
          <span id={eventsErrorId} className={fieldStyles.error}>
            {eventsError}
          </span>
        ) : null}
      </fieldset>
      <CheckboxField
        label={_(T.enabledLabel)}
        checked={enabled}
        onChange={(event) => setEnabled(event.target.checked)}
      />
      {otherError ? <Alert>{failureMessage(_(T.saveFailed), save.error)}</Alert> : null}
      <div className={styles.buttons}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? _(T.saving) : _(T.save)}
        </Button>
        <Button variant="secondary" disabled={save.isPending} onClick={onCancel}>
          {_(T.cancel)}
        </Button>
      </div>
    </form>
  );
}
