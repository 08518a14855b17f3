import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { useOutbox } from '../hooks/use-outbox.ts';
import { OUTBOX_MESSAGES } from '../texts.ts';
import styles from './outbox.module.css';
import { OutboxList } from './outbox-list.tsx';

/** An asset page's "Waiting to send" card: this asset's writes still on this device (none: no card). */
export function QueuedWrites({ assetId }: { assetId: string }) {
  const { _ } = useLingui();
  const headingId = useId();
  const entries = (useOutbox() ?? []).filter((entry) => entry.write.assetId === assetId);
  if (entries.length === 0) return null;
  return (
    <Card className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {_(OUTBOX_MESSAGES.title)}
      </h2>
      <OutboxList entries={entries} showAsset={false} labelledBy={headingId} />
    </Card>
  );
}
