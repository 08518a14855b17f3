import { useLingui } from '@lingui/react';
import type { TCalendarFeedCreated } from '@mqr/contracts';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { formatDate } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useFeed } from '../api/feed.ts';
import { CALENDAR_TEXTS } from '../texts.ts';
import styles from './calendar.module.css';

type TCopyState = 'idle' | 'copied' | 'failed';

/** The address just made, to copy: shown this once (the server keeps only its hash). */
function NewAddress({ created }: { created: TCalendarFeedCreated }) {
  const { _ } = useLingui();
  const [copy, setCopy] = useState<TCopyState>('idle');
  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(created.url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className={styles.feedAddress}>
      <div className={styles.copyRow}>
        <TextField
          label={_(CALENDAR_TEXTS.feedAddress)}
          value={created.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copyAddress()}>
          {copy === 'copied' ? _(CALENDAR_TEXTS.copied) : _(CALENDAR_TEXTS.copy)}
        </Button>
      </div>
      <p role="status" className={styles.copyStatus}>
        {copy === 'failed' ? _(CALENDAR_TEXTS.copyFailed) : ''}
      </p>
      <Alert tone="info">{_(CALENDAR_TEXTS.feedShownOnce)}</Alert>
    </div>
  );
}

/**
 * "Subscribe from a calendar app": the user's secret feed address, created, regenerated (the old
 * one stops at once) or stopped (docs/product/calendar.md#subscribe-from-a-calendar-app).
 */
export function FeedDialog({ onClose }: { onClose: () => void }) {
  const { _ } = useLingui();
  const { status, create, stop } = useFeed();
  const [created, setCreated] = useState<TCalendarFeedCreated | null>(null);
  const [stopped, setStopped] = useState(false);
  const busy = create.isPending || stop.isPending;
  const active = status.data?.active === true;

  const makeAddress = (confirmText: string | null) => {
    if (confirmText && !window.confirm(confirmText)) return;
    setStopped(false);
    create.mutate(undefined, { onSuccess: (answer) => setCreated(answer) });
  };
  const stopFeed = () => {
    if (!window.confirm(_(CALENDAR_TEXTS.feedStopConfirm))) return;
    stop.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        setStopped(true);
      },
    });
  };

  const failure = create.error ?? stop.error;
  return (
    <Dialog title={_(CALENDAR_TEXTS.feedTitle)} onClose={onClose} busy={busy}>
      <div className={styles.feed}>
        <p>{_(CALENDAR_TEXTS.feedIntro)}</p>
        {status.isPending ? <StateMessage>{_(CALENDAR_TEXTS.loading)}</StateMessage> : null}
        {status.isError ? <Alert>{_(CALENDAR_TEXTS.feedLoadFailed)}</Alert> : null}
        {created ? <NewAddress key={created.url} created={created} /> : null}
        {!created && active && status.data?.createdAt ? (
          <p>{_(CALENDAR_TEXTS.feedActive(formatDate(status.data.createdAt)))}</p>
        ) : null}
        {!created && status.data && !active ? (
          <p role="status">{stopped ? _(CALENDAR_TEXTS.feedStopped) : _(CALENDAR_TEXTS.feedNone)}</p>
        ) : null}
        {failure ? <Alert>{failureMessage(_(CALENDAR_TEXTS.feedFailed), failure)}</Alert> : null}
      </div>
      <DialogFooter>
        {status.data && (active || created) ? (
          <>
            <Button variant="secondary" disabled={busy} onClick={stopFeed}>
              {_(CALENDAR_TEXTS.feedStop)}
            </Button>
            <Button disabled={busy} onClick={() => makeAddress(_(CALENDAR_TEXTS.feedRegenerateConfirm))}>
              {_(CALENDAR_TEXTS.feedRegenerate)}
            </Button>
          </>
        ) : null}
        {status.data && !active && !created ? (
          <Button disabled={busy} onClick={() => makeAddress(null)}>
            {_(CALENDAR_TEXTS.feedCreate)}
          </Button>
        ) : null}
      </DialogFooter>
    </Dialog>
  );
}
