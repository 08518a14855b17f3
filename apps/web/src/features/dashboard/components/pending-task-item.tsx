import { TASK_MESSAGES, type TPendingTask } from '@mqr/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { StatusPill } from '../../../components/ui/status-pill.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { TTaskAction } from '../hooks/use-task-action.ts';
import styles from './pending-tasks.module.css';

type TPendingTaskItemProps = {
  task: TPendingTask;
  /** The action running on this task, if any (its button shows the busy label). */
  busyAction: TTaskAction | null;
  /** True while any task action runs. */
  disabled: boolean;
  onAction: (action: TTaskAction) => void;
};

/** One pending task: what, where, when and who, its status, and its actions. */
export function PendingTaskItem({ task, busyAction, disabled, onAction }: TPendingTaskItemProps) {
  const titleId = useId();
  const assetPath = `/assets/${encodeURIComponent(task.assetId)}`;
  const stamps = taskStamps(task);
  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <div className={styles.body}>
        <div className={styles.itemHeader}>
          <h3 id={titleId} className={styles.itemTitle}>
            {task.title}
          </h3>
          <StatusPill status={task.taskStatus} />
        </div>
        <p className={styles.meta}>
          <Link className={styles.assetLink} to={assetPath}>
            {task.assetName}
          </Link>
          <span>
            Performed <time dateTime={task.performedAt}>{formatDate(task.performedAt)}</time>
          </span>
        </p>
        {task.notes ? <p className={styles.notes}>{task.notes}</p> : null}
        {stamps.length > 0 ? (
          <ul className={styles.stamps}>
            {stamps.map((stamp) => (
              <li key={stamp}>{stamp}</li>
            ))}
          </ul>
        ) : null}
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

/** "Recorded by {name}" and "Started {date} by {name}", when known. */
function taskStamps(task: TPendingTask): string[] {
  const stamps: string[] = [];
  if (task.recordedBy) stamps.push(`Recorded by ${task.recordedBy}`);
  if (task.taskStartedAt) {
    const by = task.taskStartedBy ? ` by ${task.taskStartedBy}` : '';
    stamps.push(`Started ${formatDate(task.taskStartedAt)}${by}`);
  }
  return stamps;
}
