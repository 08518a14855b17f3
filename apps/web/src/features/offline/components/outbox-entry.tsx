import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { ProgressBar } from '#web/components/ui/progress-bar.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import type { TOutboxEntry } from '../lib/offline-db.ts';
import { progressOf } from '../lib/outbox.ts';
import { OUTBOX_MESSAGES } from '../texts.ts';
import styles from './outbox.module.css';

/** What an entry will do, in words: "New maintenance event “Oil change”". */
export function describeWrite(entry: TOutboxEntry): string {
  const { write } = entry;
  if (write.kind === 'task-action') {
    return `${write.action === 'start' ? 'Start task' : 'Complete task'} “${write.title}”`;
  }
  return `${write.eventId ? 'Changes to' : 'New maintenance event'} “${write.body.title}”`;
}

function filesLine(entry: TOutboxEntry): string | null {
  const count = entry.files.length;
  if (count === 0) return null;
  const megabytes = entry.files.reduce((sum, file) => sum + file.size, 0) / (1024 * 1024);
  const files = `${count} ${count === 1 ? 'file' : 'files'} (${megabytes < 0.1 ? '< 0.1' : megabytes.toFixed(1)} MB)`;
  // After a conflict the files are on the server, with the new event.
  return entry.state === 'conflict' ? files : `${files} kept on this device`;
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
  const progress = entry.state === 'sending' ? progressOf(entry) : null;
  const files = filesLine(entry);
  const what = describeWrite(entry);
  return (
    <li className={styles.entry} data-state={entry.state}>
      <div className={styles.entryHead}>
        <h3 className={styles.entryTitle}>{what}</h3>
        <span className={`${styles.state} ${styles[entry.state]}`}>
          {OUTBOX_MESSAGES.states[entry.state]}
        </span>
      </div>
      <p className={styles.meta}>
        {showAsset ? (
          <Link to={`/assets/${encodeURIComponent(entry.write.assetId)}`}>{entry.assetName ?? 'Asset'}</Link>
        ) : null}
        <span>
          Recorded <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </span>
        {files ? <span>{files}</span> : null}
      </p>
      {progress !== null ? <ProgressBar label={`Uploading files of ${what}`} value={progress * 100} /> : null}
      {entry.message ? (
        <p className={entry.state === 'conflict' ? styles.conflict : styles.error}>{entry.message}</p>
      ) : null}
      <div className={styles.actions}>
        {entry.state === 'failed' ? (
          <Button variant="secondary" onClick={() => onRetry(entry)}>
            {OUTBOX_MESSAGES.retry}
          </Button>
        ) : null}
        {entry.state === 'conflict' ? (
          <Button variant="secondary" onClick={() => onRemove(entry)}>
            {OUTBOX_MESSAGES.dismiss}
          </Button>
        ) : entry.state !== 'sending' ? (
          <Button variant="ghost" onClick={() => onRemove(entry)}>
            {OUTBOX_MESSAGES.discard}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
