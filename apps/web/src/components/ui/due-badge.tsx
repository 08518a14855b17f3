import { useLingui } from '@lingui/react';
import type { TDueState, TNextServiceDue } from '@mqr/contracts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { DUE_MESSAGES, DUE_STATE_MESSAGES } from '#web/lib/texts.ts';
import styles from './due-badge.module.css';

type TDueBadgeProps = {
  /** The due date (YYYY-MM-DD); nothing is shown without one. */
  dueOn: string | null;
  dueState: TDueState;
};

/**
 * A task's due date, and where it stands: "Overdue", "Due today" or "Due soon" in a pill whose
 * words and mark (a square, a full dot, a ring) say it without the colour.
 */
export function DueBadge({ dueOn, dueState }: TDueBadgeProps) {
  const { _ } = useLingui();
  if (!dueOn) return null;
  return (
    <span className={styles.due}>
      {dueState === 'none' ? null : <DueStatePill state={dueState} />}
      {/* "Due {date}": a task's due date (docs/product/schedules.md#due-states). */}
      <time dateTime={dueOn}>{_(DUE_MESSAGES.dueOn(formatCalendarDate(dueOn)))}</time>
    </span>
  );
}

/** The pill alone: "Overdue", "Due today" or "Due soon". */
export function DueStatePill({ state }: { state: Exclude<TDueState, 'none'> }) {
  const { _ } = useLingui();
  return (
    <span className={`${styles.pill} ${styles[state]}`} data-due-state={state}>
      {_(DUE_STATE_MESSAGES[state])}
    </span>
  );
}

/**
 * "Next service due {date}" after an "Overdue" pill when an open task is late (the asset page's
 * planned maintenance and the public page); nothing without a next service.
 */
export function NextServiceDue({
  asset,
  className,
}: {
  asset: TNextServiceDue;
  className?: string | undefined;
}) {
  const { _ } = useLingui();
  if (!asset.nextServiceDue) return null;
  return (
    <p className={[styles.next, className].filter(Boolean).join(' ')}>
      {asset.overdue ? <DueStatePill state="overdue" /> : null}
      <span>{_(DUE_MESSAGES.nextServiceDue(formatCalendarDate(asset.nextServiceDue)))}</span>
    </p>
  );
}
