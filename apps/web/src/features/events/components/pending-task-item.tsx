import type { TPendingTask } from '@mqr/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { DueBadge } from '#web/components/ui/due-badge.tsx';
import { StatusPill } from '#web/components/ui/status-pill.tsx';
import { formatDate } from '#web/lib/dates.ts';
import { DUE_TEXTS } from '#web/lib/texts.ts';
import type { TTaskAction } from '../api/task-action.ts';
import { showsPerformedDate } from '../lib/performed.ts';
import { TASK_MESSAGES } from '../texts.ts';
import { EventDetails } from './event-details.tsx';
import styles from './pending-tasks.module.css';

type TPendingTaskItemProps = {
  task: TPendingTask;
  /** The action running on this task, if any (its button shows the busy label). */
  busyAction: TTaskAction | null;
  /** True while any task action runs. */
  disabled: boolean;
  onAction: (action: TTaskAction) => void;
};

/** One pending task: what, where, when and who, its status, its due date, and its actions. */
export function PendingTaskItem({ task, busyAction, disabled, onAction }: TPendingTaskItemProps) {
  const titleId = useId();
  const assetPath = `/assets/${encodeURIComponent(task.assetId)}`;
  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <div className={styles.body}>
        <div className={styles.itemHeader}>
          <h3 id={titleId} className={styles.itemTitle}>
            {task.title}
          </h3>
          <StatusPill status={task.taskStatus} />
          <DueBadge dueOn={task.dueOn} dueState={task.dueState} />
        </div>
        <p className={styles.meta}>
          <Link className={styles.assetLink} to={assetPath}>
            {task.assetName}
          </Link>
          {showsPerformedDate(task) ? (
            <span>
              Performed <time dateTime={task.performedAt}>{formatDate(task.performedAt)}</time>
            </span>
          ) : null}
          {task.assigneeName ? <span>{DUE_TEXTS.assignedTo(task.assigneeName)}</span> : null}
        </p>
        <EventDetails event={task} formatAt={formatDate} />
      </div>
      <div className={styles.actions}>
        <ButtonLink to={assetPath} variant="secondary" aria-describedby={titleId}>
          Record maintenance
        </ButtonLink>
        {task.taskStatus === 'Pending' ? (
          <Button
            variant="secondary"
            disabled={disabled}
            aria-describedby={titleId}
            onClick={() => onAction('start')}
          >
            {busyAction === 'start' ? TASK_MESSAGES.starting : 'Start task'}
          </Button>
        ) : null}
        {task.taskStatus !== 'Completed' ? (
          <Button disabled={disabled} aria-describedby={titleId} onClick={() => onAction('complete')}>
            {busyAction === 'complete' ? TASK_MESSAGES.updating : 'Mark complete'}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
