import { useLingui } from '@lingui/react';
import type { TMaintenanceEvent } from '@mqr/contracts';
import { useId } from 'react';
import { formatDateTime } from '#web/lib/dates.ts';
import { EVENT_TEXTS } from '../texts.ts';
import card from './event-card.module.css';
import styles from './maintenance-events.module.css';

/** An event's "Change history": when, who, and what changed (the server's wording). */
export function EventChangeHistory({ entries }: { entries: TMaintenanceEvent['changeLog'] }) {
  const { _ } = useLingui();
  const titleId = useId();
  if (entries.length === 0) return null;
  return (
    <section className={styles.history} aria-labelledby={titleId}>
      <h4 id={titleId} className={styles.subTitle}>
        {_(EVENT_TEXTS.changeHistory)}
      </h4>
      <ol className={styles.historyList}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles.historyEntry}>
            <p className={card.muted}>
              <time dateTime={entry.changedAt}>
                {entry.changedBy
                  ? _(EVENT_TEXTS.changedBy(formatDateTime(entry.changedAt), entry.changedBy))
                  : formatDateTime(entry.changedAt)}
              </time>
            </p>
            <ul className={styles.changes}>
              {entry.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
