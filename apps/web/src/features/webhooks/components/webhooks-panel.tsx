import { useLingui } from '@lingui/react';
import { type TWebhookEndpoint, WEBHOOK_ENDPOINTS_PER_ORGANIZATION, WEBHOOK_MESSAGES } from '@mqr/contracts';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SecretShownOnce, type TSecretTexts } from '#web/components/ui/secret-shown-once.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import tabPanel from '#web/components/ui/tab-panel.module.css';
import { wordMessage } from '#web/lib/api-messages.ts';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints.ts';
import { WEBHOOK_TEXTS as T } from '../texts.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookEndpointForm } from './webhook-endpoint-form.tsx';
import { WebhookEndpointTable } from './webhook-endpoint-table.tsx';

type TForm = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; endpoint: TWebhookEndpoint };

const SECRET_TEXTS: TSecretTexts = {
  title: T.secretTitle,
  text: T.secretText,
  label: T.secretLabel,
  copy: T.copy,
  copied: T.copied,
  copyFailed: T.copyFailed,
  done: T.done,
};

/**
 * The Webhooks tab (administrators, ADR 064): the endpoints, a form to add or change one, the
 * signing secret shown once (at creation and on "New secret"), and an endpoint's delivery log.
 */
export function WebhooksPanel() {
  const { _ } = useLingui();
  const endpoints = useWebhookEndpoints();
  const [form, setForm] = useState<TForm>({ kind: 'closed' });
  const [secret, setSecret] = useState<string | null>(null);
  const [shown, setShown] = useState<TWebhookEndpoint | null>(null);
  const list = endpoints.data ?? [];
  const full = list.length >= WEBHOOK_ENDPOINTS_PER_ORGANIZATION;
  return (
    <div className={tabPanel.panel}>
      <p>{_(T.intro)}</p>
      {secret ? (
        <SecretShownOnce secret={secret} texts={SECRET_TEXTS} onDone={() => setSecret(null)} />
      ) : null}
      {form.kind === 'closed' ? (
        <div>
          <Button disabled={full || !endpoints.isSuccess} onClick={() => setForm({ kind: 'new' })}>
            {_(T.add)}
          </Button>
          {full ? <p className={tabPanel.muted}>{wordMessage(WEBHOOK_MESSAGES.tooMany)}</p> : null}
        </div>
      ) : (
        <WebhookEndpointForm
          key={form.kind === 'edit' ? form.endpoint.id : 'new'}
          {...(form.kind === 'edit' ? { endpoint: form.endpoint } : {})}
          onCancel={() => setForm({ kind: 'closed' })}
          onSaved={(saved) => {
            setForm({ kind: 'closed' });
            if (saved.secret) setSecret(saved.secret);
            if (shown?.id === saved.endpoint.id) setShown(saved.endpoint);
          }}
        />
      )}
      <section className={tabPanel.section} aria-label={_(T.listTitle)}>
        <h3 className={tabPanel.sectionTitle}>{_(T.listTitle)}</h3>
        {endpoints.isPending ? <StateMessage>{_(T.loading)}</StateMessage> : null}
        {endpoints.isError ? <Alert>{_(T.loadFailed)}</Alert> : null}
        {endpoints.isSuccess && list.length === 0 ? <StateMessage>{_(T.empty)}</StateMessage> : null}
        {list.length > 0 ? (
          <WebhookEndpointTable
            endpoints={list}
            onEdit={(endpoint) => setForm({ kind: 'edit', endpoint })}
            onDeliveries={setShown}
            onRotated={(rotated) => setSecret(rotated.secret)}
            onDeleted={(endpoint) => {
              if (shown?.id === endpoint.id) setShown(null);
              if (form.kind === 'edit' && form.endpoint.id === endpoint.id) setForm({ kind: 'closed' });
            }}
          />
        ) : null}
      </section>
      {shown ? <WebhookDeliveries key={shown.id} endpoint={shown} onClose={() => setShown(null)} /> : null}
    </div>
  );
}
