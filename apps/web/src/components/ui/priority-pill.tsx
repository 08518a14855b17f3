import { useLingui } from '@lingui/react';
import type { TTaskPriority } from '@mqr/contracts';
import { PRIORITY_MESSAGES } from '#web/lib/texts.ts';
import styles from './priority-pill.module.css';

const TONE: Record<TTaskPriority, string | undefined> = {
  low: styles.low,
  normal: undefined,
  high: styles.high,
  urgent: styles.urgent,
};

/**
 * A task's priority (docs/product/events-and-tasks.md#priorities): nothing for normal, the usual
 * case, so that the others stand out; arrows as a second cue beside colour.
 */
export function PriorityPill({ priority }: { priority: TTaskPriority }) {
  const { _ } = useLingui();
  if (priority === 'normal') return null;
  const arrow = priority === 'low' ? '↓' : priority === 'high' ? '↑' : '‼';
  return (
    <span className={[styles.pill, TONE[priority]].filter(Boolean).join(' ')} data-priority={priority}>
      <span aria-hidden="true">{arrow}</span>
      {_(PRIORITY_MESSAGES[priority])}
    </span>
  );
}
