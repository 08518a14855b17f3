import { useLingui } from '@lingui/react';
import type { TTaskStatus } from '@mqr/contracts';
import { TASK_STATUS_MESSAGES } from '#web/lib/texts.ts';
import styles from './status-pill.module.css';

const TONE: Record<TTaskStatus, string | undefined> = {
  Pending: styles.pending,
  InProgress: styles.inProgress,
  Completed: styles.completed,
};

/** A maintenance task's status: Pending, In progress or Completed (docs/product/events-and-tasks.md#task-statuses). */
export function StatusPill({ status }: { status: TTaskStatus }) {
  const { _ } = useLingui();
  return (
    <span className={[styles.pill, TONE[status]].filter(Boolean).join(' ')} data-status={status}>
      {_(TASK_STATUS_MESSAGES[status])}
    </span>
  );
}
