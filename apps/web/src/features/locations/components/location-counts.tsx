import { useLingui } from '@lingui/react';
import type { TLocationCounts } from '@mqr/contracts';
import { LOCATION_TEXTS } from '../texts.ts';
import styles from './location-counts.module.css';

/**
 * A location's rolled-up counts (its own and every location's below it): assets, open tasks, and
 * the overdue and due soon among them, each in words so that no colour carries the meaning alone.
 * Overdue and due soon show only when there are some.
 */
export function LocationCounts({ counts, id }: { counts: TLocationCounts; id?: string | undefined }) {
  const { _ } = useLingui();
  return (
    <span id={id} className={styles.counts}>
      <span className={styles.count}>{_(LOCATION_TEXTS.assets(counts.assets))}</span>
      <span className={styles.count}>{_(LOCATION_TEXTS.openTasks(counts.openTasks))}</span>
      {counts.overdue > 0 ? (
        <span className={`${styles.count} ${styles.overdue}`} data-count="overdue">
          {_(LOCATION_TEXTS.overdue(counts.overdue))}
        </span>
      ) : null}
      {counts.dueSoon > 0 ? (
        <span className={`${styles.count} ${styles.dueSoon}`} data-count="due-soon">
          {_(LOCATION_TEXTS.dueSoon(counts.dueSoon))}
        </span>
      ) : null}
    </span>
  );
}
