import { useLingui } from '@lingui/react';
import type { TLocationCounts } from '@mqr/contracts';
import { Fragment } from 'react';
import { LOCATION_TEXTS } from '../texts.ts';
import styles from './location-counts.module.css';

/**
 * A location's rolled-up counts (its own and every location's below it): assets, open tasks, and
 * the overdue and due soon among them, each in words so that no colour carries the meaning alone.
 * Overdue and due soon show only when there are some.
 */
export function LocationCounts({ counts, id }: { counts: TLocationCounts; id?: string | undefined }) {
  const { _ } = useLingui();
  const shown = [
    { key: 'assets', text: _(LOCATION_TEXTS.assets(counts.assets)), className: styles.count },
    { key: 'open', text: _(LOCATION_TEXTS.openTasks(counts.openTasks)), className: styles.count },
    counts.overdue > 0 && {
      key: 'overdue',
      text: _(LOCATION_TEXTS.overdue(counts.overdue)),
      className: `${styles.count} ${styles.overdue}`,
    },
    counts.dueSoon > 0 && {
      key: 'due-soon',
      text: _(LOCATION_TEXTS.dueSoon(counts.dueSoon)),
      className: `${styles.count} ${styles.dueSoon}`,
    },
  ].filter((count) => count !== false);
  return (
    <span id={id} className={styles.counts}>
      {shown.map((count, index) => (
        // A space between the counts: read apart, and the flex gap spaces them on screen.
        <Fragment key={count.key}>
          {index > 0 ? ' ' : null}
          <span className={count.className} data-count={count.key}>
            {count.text}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
