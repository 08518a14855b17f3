import { useLingui } from '@lingui/react';
import { isApiTokenExpired, type TApiToken } from '@mqr/contracts';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import tabPanel from '#web/components/ui/tab-panel.module.css';
import { Table } from '#web/components/ui/table.tsx';
import hidden from '#web/components/ui/visually-hidden.module.css';
import { formatDate, formatDateTime } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import type { TTokenList } from '../api/get-api-tokens.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';
import { API_TOKEN_SCOPE_LABELS, API_TOKEN_TEXTS as T } from '../texts.ts';
import styles from './api-tokens.module.css';

/** Live tokens with their access, dates and a Revoke button (asks first); the owner in the organization's list. */
export function ApiTokenTable({
  list,
  tokens,
  label,
}: {
  list: TTokenList;
  tokens: TApiToken[];
  label: string;
}) {
  const { _ } = useLingui();
  const [revoking, setRevoking] = useState<TApiToken | null>(null);
  const showOwner = list === 'organization';
  return (
    <>
      <Table label={label} stacked className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{_(T.name)}</th>
            {showOwner ? <th scope="col">{_(T.owner)}</th> : null}
            <th scope="col">{_(T.scope)}</th>
            <th scope="col">{_(T.created)}</th>
            <th scope="col">{_(T.expires)}</th>
            <th scope="col">{_(T.lastUsed)}</th>
            <th scope="col">
              <span className={hidden.visuallyHidden}>{_(T.revoke)}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <td data-label={_(T.name)}>
                <span className={styles.stack}>
                  <span className={styles.tokenName}>{token.name}</span>
                  <code className={styles.hint}>{token.hint}…</code>
                </span>
              </td>
              {showOwner ? (
                <td data-label={_(T.owner)} className={styles.owner}>
                  <span className={styles.stack}>
                    <span>{token.owner?.displayName || token.owner?.email}</span>
                    <span className={`${tabPanel.muted} ${styles.ownerEmail}`}>{token.owner?.email}</span>
                  </span>
                </td>
              ) : null}
              <td data-label={_(T.scope)}>{_(API_TOKEN_SCOPE_LABELS[token.scope])}</td>
              <td data-label={_(T.created)} className={styles.nowrap}>
                {formatDate(token.createdAt)}
              </td>
              <td data-label={_(T.expires)} className={styles.nowrap}>
                {isApiTokenExpired(token) ? (
                  <span className={styles.expired}>{_(T.expired)}</span>
                ) : (
                  formatDate(token.expiresAt)
                )}
              </td>
              <td data-label={_(T.lastUsed)} className={styles.nowrap}>
                {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : _(T.never)}
              </td>
              <td>
                <Button
                  variant="secondary"
                  aria-label={_(T.revokeLabel(token.name))}
                  onClick={() => setRevoking(token)}
                >
                  {_(T.revoke)}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {revoking ? <RevokeDialog list={list} token={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}

function RevokeDialog({ list, token, onClose }: { list: TTokenList; token: TApiToken; onClose: () => void }) {
  const { _ } = useLingui();
  const revoke = useRevokeApiToken(list);
  return (
    <Dialog title={_(T.revokeTitle)} busy={revoke.isPending} onClose={onClose}>
      <div className={styles.dialogBody}>
        {revoke.isError ? <Alert>{failureMessage(_(T.revokeFailed), revoke.error)}</Alert> : null}
        <p className={styles.tokenName}>{token.name}</p>
        <p>{_(T.revokeText)}</p>
        <DialogActions
          label={_(T.revokeConfirm)}
          pendingLabel={_(T.revoking)}
          pending={revoke.isPending}
          cancelLabel={_(T.cancel)}
          onAction={() => revoke.mutate(token.id, { onSuccess: onClose })}
          onCancel={onClose}
        />
      </div>
    </Dialog>
  );
}
