import { useLingui } from '@lingui/react';
import { EVENT_MESSAGES, type TMaintenanceEvent } from '@mqr/contracts';
import { useEffect, useId, useRef } from 'react';
import { AttachmentList } from '#web/components/ui/attachment-list.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { DueBadge } from '#web/components/ui/due-badge.tsx';
import { PriorityPill } from '#web/components/ui/priority-pill.tsx';
import { StatusPill } from '#web/components/ui/status-pill.tsx';
import { FieldValueList } from '#web/features/fields/index.ts';
import { wordMessage } from '#web/lib/api-messages.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import type { TTaskAction } from '../api/task-action.ts';
import { showsPerformedDate } from '../lib/performed.ts';
import { EVENT_TEXTS, TASK_MESSAGES, WORK_TEXTS } from '../texts.ts';
import card from './event-card.module.css';
import { EventChangeHistory } from './event-change-history.tsx';
import { EventDetails } from './event-details.tsx';
import styles from './maintenance-events.module.css';
import { PerformedAt } from './performed-at.tsx';
import { TaskWorkSummary } from './task-work-summary.tsx';

type TMaintenanceEventItemProps = {
  event: TMaintenanceEvent;
  /** The user may edit Completed events. */
  canEditCompleted: boolean;
  /** No actions (the asset is retired). */
  readOnly: boolean;
  /** A task action is under way somewhere in the list: every action button waits. */
  busy: boolean;
  /** The action under way on this event, if any (its button says so). */
  running: TTaskAction | undefined;
  onEdit: (event: TMaintenanceEvent) => void;
  onAction: (action: TTaskAction) => void;
  /** Opens the completion dialog (time, costs, downtime). */
  onCompleteWithWork: () => void;
  /** Deletes the event (administrators only; absent for others). */
  onDelete: (() => void) | undefined;
  /** This event's deletion is under way. */
  deleting: boolean;
};

/** One maintenance event on the asset page: status, actions, stamps, values, files and history. */
export function MaintenanceEventItem({
  event,
  canEditCompleted,
  readOnly,
  busy,
  running,
  onEdit,
  onAction,
  onCompleteWithWork,
  onDelete,
  deleting,
}: TMaintenanceEventItemProps) {
  const { _ } = useLingui();
  const titleId = useId();
  const lockedId = useId();
  const locked = event.taskStatus === 'Completed' && !canEditCompleted;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasRunning = useRef(false);

  // The clicked button was disabled and may be gone now (Start task, Mark complete): focus lands on
  // the event instead of the top of the page.
  useEffect(() => {
    if (wasRunning.current && !running && document.activeElement === document.body)
      headingRef.current?.focus();
    wasRunning.current = running !== undefined;
  }, [running]);

  return (
    <article className={card.card} aria-labelledby={titleId}>
      <div className={card.head}>
        <div className={styles.eventTitles}>
          <h3 id={titleId} ref={headingRef} tabIndex={-1} className={card.title}>
            {event.title}
          </h3>
          {showsPerformedDate(event) ? (
            <p className={card.muted}>
              <PerformedAt at={event.performedAt} text={formatDateTime(event.performedAt)} />
            </p>
          ) : null}
          <DueBadge dueOn={event.dueOn} dueState={event.dueState} />
          {event.assigneeName ? (
            <p className={card.muted}>{_(EVENT_TEXTS.assignedTo(event.assigneeName))}</p>
          ) : null}
        </div>
        <div className={styles.pills}>
          <PriorityPill priority={event.priority} />
          <StatusPill status={event.taskStatus} />
        </div>
      </div>

      {readOnly ? null : (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={busy || locked}
            aria-describedby={locked ? lockedId : undefined}
            onClick={() => onEdit(event)}
          >
            {_(EVENT_TEXTS.edit)}
          </Button>
          {event.taskStatus === 'Pending' ? (
            <Button disabled={busy} onClick={() => onAction('start')}>
              {running === 'start' ? _(TASK_MESSAGES.starting) : _(EVENT_TEXTS.startTask)}
            </Button>
          ) : null}
          {event.taskStatus !== 'Completed' ? (
            <Button
              variant={event.taskStatus === 'Pending' ? 'secondary' : 'primary'}
              disabled={busy}
              onClick={() => onAction('complete')}
            >
              {running === 'complete' ? _(TASK_MESSAGES.updating) : _(EVENT_TEXTS.markComplete)}
            </Button>
          ) : null}
          {event.taskStatus !== 'Completed' ? (
            <Button variant="ghost" disabled={busy} onClick={onCompleteWithWork}>
              {_(WORK_TEXTS.completeWithWork)}
            </Button>
          ) : null}
          {onDelete ? (
            <Button variant="ghost" disabled={busy} onClick={onDelete}>
              {deleting ? _(EVENT_TEXTS.deleting) : _(EVENT_TEXTS.deleteEvent)}
            </Button>
          ) : null}
          {locked ? (
            <p id={lockedId} className={styles.locked}>
              {wordMessage(EVENT_MESSAGES.editCompletedForbidden)}
            </p>
          ) : null}
        </div>
      )}

      <EventDetails event={event} stampsClassName={styles.stamps} />
      <TaskWorkSummary work={event} />
      {event.fields.length > 0 ? (
        <FieldValueList fields={event.fields.map((field) => ({ ...field, isActive: true }))} />
      ) : null}
      {event.files.length > 0 ? <AttachmentList files={event.files} /> : null}
      <EventChangeHistory entries={event.changeLog} />
    </article>
  );
}
