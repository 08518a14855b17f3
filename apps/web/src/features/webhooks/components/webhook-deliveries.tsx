import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { TWebhookDelivery, TWebhookEndpoint } from '@mqr/contracts';
import { useId, useState } from 'react';
import { PagedList } from '#web/components/layouts/paged-list.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import tabPanel from '#web/components/ui/tab-panel.module.css';
import { Table } from '#web/components/ui/table.tsx';
import hidden from '#web/components/ui/visually-hidden.module.css';
import { formatDateTime, formatNumber } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.ts';
import { useRedeliverWebhook } from '../api/redeliver-webhook.ts';
import { WEBHOOK_TEXTS as T, WEBHOOK_DELIVERY_STATE_LABELS, WEBHOOK_EVENT_LABELS } from '../texts.ts';
import styles from './webhooks.module.css';

const STATE_CLASS: Record<TWebhookDelivery['state'], string | undefined> = {
  pending: styles.pending,
  delivered: styles.delivered,
  failed: styles.failed,
};

function details(delivery: TWebhookDelivery, _: (message: MessageDescriptor) => string): string | null {
  const parts = [delivery.state === 'delivered' ? null : delivery.lastError];
  if (delivery.nextAttemptAt) parts.push(_(T.nextAttempt(formatDateTime(delivery.nextAttemptAt))));
  return parts.filter(Boolean).join(' · ') || null;
}

/** An endpoint's delivery log, paged, newest first: status, HTTP status, response time, attempts, Redeliver. */
export function WebhookDeliveries({
  endpoint,
  onClose,
}: {
  endpoint: TWebhookEndpoint;
  onClose: () => void;
}) {
  const { _ } = useLingui();
  const [page, setPage] = useState(1);
  const query = useWebhookDeliveries(endpoint.id, page);
  const redeliver = useRedeliverWebhook();
  const titleId = useId();
  return (
    <section className={tabPanel.section} aria-labelledby={titleId}>
      <div className={styles.sectionHeader}>
        <h3 id={titleId} className={tabPanel.sectionTitle}>
          {_(T.deliveriesTitle(endpoint.url))}
        </h3>
        <Button variant="secondary" onClick={onClose}>
          {_(T.closeDeliveries)}
        </Button>
      </div>
      <p className={tabPanel.muted}>{_(T.deliveriesHint)}</p>
      {redeliver.isError ? <Alert>{failureMessage(_(T.redeliverFailed), redeliver.error)}</Alert> : null}
      <PagedList
        query={query}
        loadingText={_(T.deliveriesLoading)}
        failedText={_(T.loadFailed)}
        page={page}
        onPage={setPage}
      >
        {(deliveries) =>
          deliveries.length === 0 ? (
            <StateMessage>{_(T.deliveriesEmpty)}</StateMessage>
          ) : (
            <Table label={_(T.deliveriesTitle(endpoint.url))} stacked>
              <thead>
                <tr>
                  <th scope="col">{_(T.event)}</th>
                  <th scope="col">{_(T.created)}</th>
                  <th scope="col">{_(T.status)}</th>
                  <th scope="col">{_(T.httpStatus)}</th>
                  <th scope="col">{_(T.responseTime)}</th>
                  <th scope="col">{_(T.attempts)}</th>
                  <th scope="col">{_(T.details)}</th>
                  <th scope="col">
                    <span className={hidden.visuallyHidden}>{_(T.redeliver)}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => {
                  const event = _(WEBHOOK_EVENT_LABELS[delivery.eventType]);
                  const when = formatDateTime(delivery.createdAt);
                  const busy = redeliver.isPending && redeliver.variables?.deliveryId === delivery.id;
                  return (
                    <tr key={delivery.id}>
                      <td data-label={_(T.event)}>{event}</td>
                      <td data-label={_(T.created)}>{when}</td>
                      <td data-label={_(T.status)}>
                        <span className={STATE_CLASS[delivery.state]}>
                          {_(WEBHOOK_DELIVERY_STATE_LABELS[delivery.state])}
                        </span>
                      </td>
                      <td data-label={_(T.httpStatus)}>{delivery.statusCode ?? T.none}</td>
                      <td data-label={_(T.responseTime)} className={styles.nowrap}>
                        {delivery.responseTimeMs === null || delivery.attempts === 0
                          ? T.none
                          : _(T.ms(formatNumber(delivery.responseTimeMs)))}
                      </td>
                      <td data-label={_(T.attempts)}>{delivery.attempts}</td>
                      <td data-label={_(T.details)} className={styles.details}>
                        <span className={styles.stack}>
                          <code className={styles.messageId}>{delivery.messageId}</code>
                          <span>{details(delivery, _)}</span>
                        </span>
                      </td>
                      <td>
                        {delivery.state === 'pending' ? null : (
                          <Button
                            variant="secondary"
                            aria-label={_(T.redeliverLabel(event, when))}
                            disabled={busy}
                            onClick={() =>
                              redeliver.mutate({ endpointId: endpoint.id, deliveryId: delivery.id })
                            }
                          >
                            {busy ? _(T.redelivering) : _(T.redeliver)}
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )
        }
      </PagedList>
    </section>
  );
}
