import { useLingui } from '@lingui/react';
import type { TCalendarItem } from '@mqr/contracts';
import { Link } from 'react-router';
import { PriorityPill } from '#web/components/ui/priority-pill.tsx';
import hidden from '#web/components/ui/visually-hidden.module.css';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { PRIORITY_MESSAGES } from '#web/lib/texts.ts';
import { assetPath, itemState, type TItemTone } from '../lib/item-state.ts';
import { CALENDAR_TEXTS } from '../texts.ts';
import styles from './calendar.module.css';

const TONES: Record<TItemTone, string | undefined> = {
  overdue: styles.overdue,
  dueToday: styles.dueToday,
  dueSoon: styles.dueSoon,
  completed: styles.completed,
  planned: styles.planned,
  open: styles.open,
};

/** A state's marker: a shape as well as a colour (filled, hollow, dashed, ticked). */
export function Marker({ tone }: { tone: TItemTone }) {
  return <span className={`${styles.marker} ${TONES[tone]}`} aria-hidden="true" />;
}

/**
 * One piece of work, linking to its asset's page: its title, its asset and its state. Compact (a
 * month's cell): one line, the state as a marker and in words for assistive technology; otherwise
 * the state and "Planned" as labels, and the assignee.
 */
export function CalendarItem({
  item,
  compact = false,
  dated = false,
}: {
  item: TCalendarItem;
  compact?: boolean;
  /** Says the item's due date (a list of items of several days). */
  dated?: boolean;
}) {
  const { _ } = useLingui();
  const state = itemState(item);
  const label = _(state.label);
  const plannedTag = item.kind === 'planned' && state.tone !== 'planned';
  // Normal says nothing, as the pill does (components/ui/priority-pill.tsx).
  const priority = item.priority === 'normal' ? '' : _(PRIORITY_MESSAGES[item.priority]);
  if (compact) {
    return (
      <Link
        to={assetPath(item)}
        className={`${styles.compactItem} ${TONES[state.tone]}`}
        title={[item.title, item.assetName, priority, label].filter(Boolean).join(' · ')}
      >
        <Marker tone={state.tone} />
        {item.priority === 'urgent' || item.priority === 'high' ? (
          <span className={styles.compactPriority} aria-hidden="true">
            {item.priority === 'urgent' ? '‼' : '↑'}
          </span>
        ) : null}
        {/* data-truncates: cut short on purpose, the link's title has it whole (e2e clip check) */}
        <span className={styles.compactText} data-truncates>
          <span className={styles.compactTitle}>{item.title}</span>{' '}
          <span className={styles.compactAsset}>
            <span className={hidden.visuallyHidden}>·</span> {item.assetName}
          </span>
        </span>
        <span className={hidden.visuallyHidden}>
          {priority ? `, ${priority}` : ''}, {label}
          {plannedTag ? `, ${_(CALENDAR_TEXTS.planned)}` : ''}
        </span>
      </Link>
    );
  }
  return (
    <Link to={assetPath(item)} className={`${styles.item} ${TONES[state.tone]}`}>
      <Marker tone={state.tone} />
      <span className={styles.itemText}>
        <span className={styles.itemTitle}>{item.title}</span>
        <span className={styles.itemMeta}>
          <span className={styles.itemAsset}>{item.assetName}</span>
          {dated ? (
            <span className={styles.muted}>{_(CALENDAR_TEXTS.dueOn(formatCalendarDate(item.date)))}</span>
          ) : null}
          {item.assigneeName ? <span className={styles.muted}>{item.assigneeName}</span> : null}
        </span>
      </span>
      <span className={styles.tags}>
        <PriorityPill priority={item.priority} />
        <span className={`${styles.tag} ${TONES[state.tone]}`}>{label}</span>
        {plannedTag ? (
          <span className={`${styles.tag} ${styles.planned}`}>{_(CALENDAR_TEXTS.planned)}</span>
        ) : null}
      </span>
    </Link>
  );
}

/** A day's items as a list (the week and the agenda), or those of several days, each dated. */
export function CalendarItemList({
  items,
  dated = false,
}: {
  items: readonly TCalendarItem[];
  dated?: boolean;
}) {
  return (
    <ul className={styles.items}>
      {items.map((item) => (
        <li key={item.key}>
          <CalendarItem item={item} dated={dated} />
        </li>
      ))}
    </ul>
  );
}

/** "Today", beside a day's heading. */
export function TodayTag() {
  const { _ } = useLingui();
  return <span className={styles.todayTag}>{_(CALENDAR_TEXTS.today)}</span>;
}
