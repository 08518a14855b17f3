import { useLingui } from '@lingui/react';
import type { TDueCounts } from '@mqr/contracts';
import { Link } from 'react-router';
import { OfflineNotice } from '#web/components/ui/offline-notice.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Translated } from '#web/components/ui/translated.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import { OFFLINE_TEXTS } from '#web/lib/texts.ts';
import { useOnline } from '#web/lib/use-online.ts';
import { useDueCounts } from '../api/get-due-counts.ts';
import { pendingTasksPath } from '../lib/task-filters.ts';
import { DUE_CARD_TEXTS } from '../texts.ts';
import styles from './due-task-cards.module.css';

/**
 * The dashboard's "Overdue" and "Due in the next 7 days" cards (docs/product/dashboard.md#due-cards),
 * each a link to the pending list with that filter.
 */
export function DueTaskCards({ counts }: { counts: TDueCounts }) {
  const { _ } = useLingui();
  const cards = [
    {
      label: _(DUE_CARD_TEXTS.overdue),
      value: counts.overdue,
      caption: _(DUE_CARD_TEXTS.overdueCaption),
      to: pendingTasksPath({ due: 'overdue' }),
      alarm: counts.overdue > 0,
    },
    {
      label: _(DUE_CARD_TEXTS.dueSoon),
      value: counts.dueNext7Days,
      caption: _(DUE_CARD_TEXTS.dueSoonCaption(counts.today)),
      to: pendingTasksPath({ due: 'soon' }),
      alarm: false,
    },
  ];
  return (
    <section aria-label={_(DUE_CARD_TEXTS.region)}>
      <ul className={styles.grid}>
        {cards.map((card) => (
          <li key={card.label}>
            <Link to={card.to} className={`${styles.card} ${card.alarm ? styles.alarm : ''}`}>
              <span className={styles.label}>{card.label}</span>
              <span className={styles.value}>{formatNumber(card.value)}</span>
              <span className={styles.caption}>{card.caption}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The due cards from GET /api/tasks/due-counts (members: administrators have them in their analytics). */
export function DueTaskCardsFromCounts() {
  const { _ } = useLingui();
  const query = useDueCounts();
  const online = useOnline();
  if (query.data) return <DueTaskCards counts={query.data} />;
  if (!online)
    return (
      <OfflineNotice>
        <Translated message={OFFLINE_TEXTS.dueTasks} />
      </OfflineNotice>
    );
  if (query.isError) return <StateMessage>{_(DUE_CARD_TEXTS.loadFailed)}</StateMessage>;
  return <StateMessage>{_(DUE_CARD_TEXTS.loading)}</StateMessage>;
}
