import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import { useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import hidden from '#web/components/ui/visually-hidden.module.css';
import { useOnline } from '#web/lib/use-online.ts';
import { useOutbox } from '../hooks/use-outbox.ts';
import { sendNow } from '../lib/outbox-runner.ts';
import { OUTBOX_MESSAGES } from '../texts.ts';
import styles from './outbox.module.css';
import { OutboxList } from './outbox-list.tsx';

/** /outbox: what this device has recorded and not sent yet, its state and errors (docs/product/offline.md). */
export function OutboxPage() {
  const { _ } = useLingui();
  const entries = useOutbox();
  const online = useOnline();
  const headingId = useId();
  const [sending, setSending] = useState(false);
  const waiting = entries?.some((entry) => entry.state === 'waiting') ?? false;

  async function send() {
    setSending(true);
    try {
      await sendNow();
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <title>{`${_(OUTBOX_MESSAGES.title)} · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title={_(OUTBOX_MESSAGES.title)}
        subtitle={_(OUTBOX_MESSAGES.subtitle)}
        actions={
          <Button variant="secondary" disabled={!online || !waiting || sending} onClick={() => void send()}>
            {sending ? _(OUTBOX_MESSAGES.sending) : _(OUTBOX_MESSAGES.sendNow)}
          </Button>
        }
      />
      <div className={styles.page}>
        {online ? null : <Alert tone="info">{_(OUTBOX_MESSAGES.offlineHint)}</Alert>}
        <Card aria-labelledby={headingId}>
          <h2 id={headingId} className={hidden.visuallyHidden}>
            {_(OUTBOX_MESSAGES.title)}
          </h2>
          {entries === null ? (
            <StateMessage>{_(OUTBOX_MESSAGES.loading)}</StateMessage>
          ) : entries.length === 0 ? (
            <StateMessage>{_(OUTBOX_MESSAGES.empty)}</StateMessage>
          ) : (
            <OutboxList entries={entries} showAsset labelledBy={headingId} />
          )}
        </Card>
      </div>
    </>
  );
}
