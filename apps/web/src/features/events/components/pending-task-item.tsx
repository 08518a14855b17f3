import { useLingui } from '@lingui/react';
import type { TPendingTask } from '@mqr/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { DueBadge } from '#web/components/ui/due-badge.tsx';
import { PriorityPill } from '#web/components/ui/priority-pill.tsx';
import { StatusPill } from '#web/components/ui/status-pill.tsx';
import { formatDate } from '#web/lib/dates.ts';
import type { TTaskAction } from '../api/task-action.ts';
import { showsPerformedDate } from '../lib/performed.ts';
import { EVENT_TEXTS, TASK_MESSAGES, WORK_TEXTS } from '../texts.ts';
import { EventChecklistSummary } from './event-checklist-summary.tsx';
import { EventDetails } from './event-details.tsx';
import styles from './pending-tasks.module.css';
import { PerformedAt } from './performed-at.tsx';
import { TaskTimerButton } from './task-timer-button.tsx';
import { downtimeText } from './task-work-summary.tsx';

type TPendingTaskItemProps = {
  task: TPendingTask;
  /** The action running on this task, if any (its button shows the busy label). */
  busyAction: TTaskAction | null;
  /** True while any task action runs. */
  disabled: boolean;
  onAction: (action: TTaskAction) => void;
  /** Opens the completion dialog (time, costs, downtime). */
  onCompleteWithWork: () => void;
};

/**
 * One pending task: what, where, when and who, its status, its due date, its checklist's progress
 * (as on the asset's page, with the way into it), and its actions.
 */
export function PendingTaskItem({
  task,
  busyAction,
  disabled,
  onAction,
  onCompleteWithWork,
}: TPendingTaskItemProps) {
  const { _ } = useLingui();
  const titleId = useId();
  const assetPath = `/assets/${encodeURIComponent(task.assetId)}`;
  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <div className={styles.body}>
        <div className={styles.itemHeader}>
          <h3 id={titleId} className={styles.itemTitle}>
            {task.title}
          </h3>
          <PriorityPill priority={task.priority} />
          <StatusPill status={task.taskStatus} />
          <DueBadge dueOn={task.dueOn} dueState={task.dueState} />
        </div>
        <p className={styles.meta}>
          <Link className={styles.assetLink} to={assetPath}>
            {task.assetName}
          </Link>
          {showsPerformedDate(task) ? (
            <span>
              <PerformedAt at={task.performedAt} text={formatDate(task.performedAt)} />
            </span>
          ) : null}
          {task.assigneeName ? <span>{_(EVENT_TEXTS.assignedTo(task.assigneeName))}</span> : null}
          {task.downFrom ? <span className={styles.down}>{downtimeText(_, task)}</span> : null}
        </p>
        <EventDetails event={task} formatAt={formatDate} />
        <EventChecklistSummary event={{ ...task, id: task.eventId }} canWork />
      </div>
      <div className={styles.actions}>
        <ButtonLink to={assetPath} variant="secondary" aria-describedby={titleId}>
          {_(EVENT_TEXTS.recordMaintenance)}
        </ButtonLink>
        {task.taskStatus === 'Pending' ? (
          <Button
            variant="secondary"
            disabled={disabled}
            aria-describedby={titleId}
            onClick={() => onAction('start')}
          >
            {busyAction === 'start' ? _(TASK_MESSAGES.starting) : _(EVENT_TEXTS.startTask)}
          </Button>
        ) : null}
        <TaskTimerButton eventId={task.eventId} disabled={disabled} aria-describedby={titleId} />
        {task.taskStatus !== 'Completed' ? (
          <Button disabled={disabled} aria-describedby={titleId} onClick={() => onAction('complete')}>
            {busyAction === 'complete' ? _(TASK_MESSAGES.updating) : _(EVENT_TEXTS.markComplete)}
          </Button>
        ) : null}
        <Button variant="ghost" disabled={disabled} aria-describedby={titleId} onClick={onCompleteWithWork}>
          {_(WORK_TEXTS.completeWithWork)}
        </Button>
      </div>
    </li>
  );
}
