import { useLingui } from '@lingui/react';
import type { TWebhookEndpoint, TWebhookEndpointWithSecret } from '@mqr/contracts';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import tabPanel from '#web/components/ui/tab-panel.module.css';
import { Table } from '#web/components/ui/table.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { WEBHOOK_TEXTS as T, WEBHOOK_EVENT_LABELS } from '../texts.ts';
import styles from './webhooks.module.css';

type TConfirm = { kind: 'delete' | 'rotate'; endpoint: TWebhookEndpoint };

/** The endpoints with their events and switch, and Edit, Deliveries, New secret and Delete (these two ask first). */
export function WebhookEndpointTable({
  endpoints,
  onEdit,
  onDeliveries,
  onRotated,
  onDeleted,
}: {
  endpoints: TWebhookEndpoint[];
  onEdit: (endpoint: TWebhookEndpoint) => void;
  onDeliveries: (endpoint: TWebhookEndpoint) => void;
  onRotated: (rotated: TWebhookEndpointWithSecret) => void;
  onDeleted: (endpoint: TWebhookEndpoint) => void;
}) {
  const { _ } = useLingui();
  const [confirm, setConfirm] = useState<TConfirm | null>(null);
  return (
    <>
      <Table label={_(T.listTitle)} stacked className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{_(T.url)}</th>
            <th scope="col">{_(T.events)}</th>
            <th scope="col">{_(T.status)}</th>
            <th scope="col">{_(T.actions)}</th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id}>
              <td data-label={_(T.url)}>
                <span className={styles.stack}>
                  <code className={styles.url}>{endpoint.url}</code>
                  {endpoint.description ? (
                    <span className={tabPanel.muted}>{endpoint.description}</span>
                  ) : null}
                </span>
              </td>
              <td data-label={_(T.events)}>
                {endpoint.events.map((type) => _(WEBHOOK_EVENT_LABELS[type])).join(', ')}
              </td>
              <td data-label={_(T.status)}>
                <span className={endpoint.enabled ? styles.on : styles.off}>
                  {endpoint.enabled ? _(T.on) : _(T.off)}
                </span>
              </td>
              <td data-label={_(T.actions)}>
                <div className={styles.rowButtons}>
                  <Button
                    variant="secondary"
                    aria-label={_(T.deliveriesLabel(endpoint.url))}
                    onClick={() => onDeliveries(endpoint)}
                  >
                    {_(T.deliveries)}
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={_(T.editLabel(endpoint.url))}
                    onClick={() => onEdit(endpoint)}
                  >
                    {_(T.edit)}
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={_(T.rotateLabel(endpoint.url))}
                    onClick={() => setConfirm({ kind: 'rotate', endpoint })}
                  >
                    {_(T.rotate)}
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={_(T.deleteLabel(endpoint.url))}
                    onClick={() => setConfirm({ kind: 'delete', endpoint })}
                  >
                    {_(T.delete)}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {confirm ? (
        <ConfirmDialog
          confirm={confirm}
          onClose={() => setConfirm(null)}
          onDeleted={(endpoint) => {
            setConfirm(null);
            onDeleted(endpoint);
          }}
          onRotated={(rotated) => {
            setConfirm(null);
            onRotated(rotated);
          }}
        />
      ) : null}
    </>
  );
}

const CONFIRM_TEXTS = {
  delete: {
    title: T.deleteTitle,
    text: T.deleteText,
    confirm: T.deleteConfirm,
    busy: T.deleting,
    failed: T.deleteFailed,
  },
  rotate: {
    title: T.rotateTitle,
    text: T.rotateText,
    confirm: T.rotateConfirm,
    busy: T.rotating,
    failed: T.rotateFailed,
  },
};

/** Delete or New secret, asked first: what it does, the endpoint, and the confirm and Cancel buttons. */
function ConfirmDialog({
  confirm: { kind, endpoint },
  onClose,
  onDeleted,
  onRotated,
}: {
  confirm: TConfirm;
  onClose: () => void;
  onDeleted: (endpoint: TWebhookEndpoint) => void;
  onRotated: (rotated: TWebhookEndpointWithSecret) => void;
}) {
  const { _ } = useLingui();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const action = kind === 'delete' ? remove : rotate;
  const texts = CONFIRM_TEXTS[kind];
  const busy = action.isPending;
  const onConfirm = () => {
    if (kind === 'delete') {
      remove.mutate(endpoint.id, { onSuccess: () => onDeleted(endpoint) });
    } else {
      rotate.mutate(endpoint.id, { onSuccess: onRotated });
    }
  };
  return (
    <Dialog title={_(texts.title)} busy={busy} onClose={onClose}>
      <div className={styles.dialogBody}>
        {action.isError ? <Alert>{failureMessage(_(texts.failed), action.error)}</Alert> : null}
        <code className={styles.url}>{endpoint.url}</code>
        <p>{_(texts.text)}</p>
        <DialogFooter>
          <div className={styles.buttons}>
            <Button disabled={busy} onClick={onConfirm}>
              {busy ? _(texts.busy) : _(texts.confirm)}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={onClose}>
              {_(T.cancel)}
            </Button>
          </div>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
