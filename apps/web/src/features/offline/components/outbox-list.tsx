import { i18n } from '@lingui/core';
import type { TOutboxEntry } from '../lib/offline-db.ts';
import { saveEntry } from '../lib/outbox.ts';
import { discardEntry, sendNow } from '../lib/outbox-runner.ts';
import { OUTBOX_MESSAGES } from '../texts.ts';
import styles from './outbox.module.css';
import { OutboxEntry } from './outbox-entry.tsx';

/** Writes of the outbox, with their actions: try a refused one again, discard one, dismiss a conflict. */
export function OutboxList({
  entries,
  showAsset,
  labelledBy,
}: {
  entries: TOutboxEntry[];
  showAsset: boolean;
  labelledBy: string;
}) {
  // A reading the server asked to confirm goes again confirmed ("Send anyway", ADR 137).
  const retry = (entry: TOutboxEntry) => {
    const write =
      entry.needsConfirm && entry.write.kind === 'meter-reading'
        ? { ...entry.write, body: { ...entry.write.body, confirm: true } }
        : entry.write;
    void saveEntry({ ...entry, write, state: 'waiting', message: null, needsConfirm: false }).then(() =>
      sendNow(),
    );
  };
  const remove = (entry: TOutboxEntry) => {
    if (entry.state !== 'conflict' && !window.confirm(i18n._(OUTBOX_MESSAGES.confirmDiscard))) return;
    void discardEntry(entry);
  };
  return (
    <ol className={styles.list} aria-labelledby={labelledBy}>
      {entries.map((entry) => (
        <OutboxEntry key={entry.id} entry={entry} showAsset={showAsset} onRetry={retry} onRemove={remove} />
      ))}
    </ol>
  );
}
