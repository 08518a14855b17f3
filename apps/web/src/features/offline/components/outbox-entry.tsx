import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { formatReading } from '#web/features/meters/index.ts';
import { formatDateTime, formatNumber } from '#web/lib/dates.ts';
import type { TOutboxEntry } from '../lib/offline-db.ts';
import { progressOf } from '../lib/outbox.ts';
import { OUTBOX_MESSAGES } from '../texts.ts';
import styles from './outbox.module.css';

/** What an entry will do, in words: "New maintenance event “Oil change”". */
export function describeWrite(entry: TOutboxEntry): string {
  const { write } = entry;
  if (write.kind === 'task-action') {
    const say = write.action === 'start' ? OUTBOX_MESSAGES.startTask : OUTBOX_MESSAGES.completeTask;
    return i18n._(say(write.title));
  }
  if (write.kind === 'checklist-step') {
    const say = write.answer ? OUTBOX_MESSAGES.checklistStep : OUTBOX_MESSAGES.clearChecklistStep;
    return i18n._(say(write.stepLabel, write.taskTitle));
  }
  if (write.kind === 'checklist-follow-up') return i18n._(OUTBOX_MESSAGES.followUp(write.title));
  if (write.kind === 'meter-reading') {
    return i18n._(OUTBOX_MESSAGES.reading(write.meterName, formatReading(write.body.value, write.unit)));
  }
  if (write.kind === 'move-asset') {
    return i18n._(
      write.locationPath ? OUTBOX_MESSAGES.moveTo(write.locationPath) : OUTBOX_MESSAGES.moveToNone,
    );
  }
  const say = write.eventId ? OUTBOX_MESSAGES.changesTo : OUTBOX_MESSAGES.newEvent;
  return i18n._(say(write.body.title));
}

function filesLine(entry: TOutboxEntry): string | null {
  const count = entry.files.length;
  if (count === 0) return null;
  const megabytes = entry.files.reduce((sum, file) => sum + file.size, 0) / (1024 * 1024);
  const size =
    megabytes < 0.1 ? i18n._(OUTBOX_MESSAGES.lessThan(formatNumber(0.1, 1))) : formatNumber(megabytes, 1);
  // After a conflict the files are on the server, with the new event.
  return i18n._(
    entry.state === 'conflict' ? OUTBOX_MESSAGES.files(count, size) : OUTBOX_MESSAGES.filesKept(count, size),
  );
}

type TOutboxEntryProps = {
  entry: TOutboxEntry;
  /** Show the asset's name and link (not on the asset's own page). */
  showAsset: boolean;
  onRetry: (entry: TOutboxEntry) => void;
  onRemove: (entry: TOutboxEntry) => void;
};

/** One write of the outbox: what, where, since when, its state and what the user can do with it. */
export function OutboxEntry({ entry, showAsset, onRetry, onRemove }: TOutboxEntryProps) {
  const { _ } = useLingui();
  const progress = entry.state === 'sending' ? progressOf(entry) : null;
  const files = filesLine(entry);
  const what = describeWrite(entry);
  return (
    <li className={styles.entry} data-state={entry.state}>
      <div className={styles.entryHead}>
        <h3 className={styles.entryTitle}>{what}</h3>
        <span className={`${styles.state} ${styles[entry.state]}`}>
          {_(OUTBOX_MESSAGES.states[entry.state])}
        </span>
      </div>
      <p className={styles.meta}>
        {showAsset ? (
          <Link to={`/assets/${encodeURIComponent(entry.write.assetId)}`}>
            {entry.assetName ?? _(OUTBOX_MESSAGES.asset)}
          </Link>
        ) : null}
        <span>
          <time dateTime={entry.createdAt}>
            {_(OUTBOX_MESSAGES.recorded(formatDateTime(entry.createdAt)))}
          </time>
        </span>
        {files ? <span>{files}</span> : null}
      </p>
      {progress !== null ? (
        <ProgressBar label={_(OUTBOX_MESSAGES.uploading(what))} value={progress * 100} />
      ) : null}
      {entry.message ? (
        <p className={entry.state === 'conflict' ? styles.conflict : styles.error}>{entry.message}</p>
      ) : null}
      <div className={styles.actions}>
        {entry.state === 'failed' ? (
          <Button variant="secondary" onClick={() => onRetry(entry)}>
            {entry.needsConfirm ? _(OUTBOX_MESSAGES.sendAnyway) : _(OUTBOX_MESSAGES.retry)}
          </Button>
        ) : null}
        {entry.state === 'conflict' ? (
          <Button variant="secondary" onClick={() => onRemove(entry)}>
            {_(OUTBOX_MESSAGES.dismiss)}
          </Button>
        ) : entry.state !== 'sending' ? (
          <Button variant="ghost" onClick={() => onRemove(entry)}>
            {_(OUTBOX_MESSAGES.discard)}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
