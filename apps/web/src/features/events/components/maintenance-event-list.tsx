import { useLingui } from '@lingui/react';
import type { TMaintenanceEvent } from '@mqr/contracts';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { useAuth } from '#web/lib/auth-store.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useDeleteEvent } from '../api/delete-event.ts';
import { useTaskAction } from '../api/task-action.ts';
import { DELETE_EVENT_FAILED, EVENT_HISTORY_TEXTS, EVENT_TEXTS } from '../texts.ts';
import { CompleteTaskDialog } from './complete-task-dialog.tsx';
import card from './event-card.module.css';
import { MaintenanceEventItem } from './maintenance-event-item.tsx';

type TMaintenanceEventListProps = {
  assetId: string;
  /** In the server's order: newest performedAt first. */
  events: TMaintenanceEvent[];
  /** No actions at all (a retired asset). */
  readOnly: boolean;
  /** "Delete event" for administrators. */
  canDelete: boolean;
  onEdit: (event: TMaintenanceEvent) => void;
};

/** The asset's events with their task actions (confirmed first; all buttons wait while one runs). */
export function MaintenanceEventList({
  assetId,
  events,
  readOnly,
  canDelete,
  onEdit,
}: TMaintenanceEventListProps) {
  const { _ } = useLingui();
  const auth = useAuth();
  const task = useTaskAction(EVENT_TEXTS);
  const removal = useDeleteEvent(assetId);
  const busy = task.running !== undefined || removal.mutation.isPending;
  const [completing, setCompleting] = useState<TMaintenanceEvent | null>(null);
  const taskOf = (event: TMaintenanceEvent) => ({
    assetId,
    eventId: event.id,
    taskStatus: event.taskStatus,
    title: event.title,
  });

  if (events.length === 0) return <p className={card.muted}>{_(EVENT_HISTORY_TEXTS.noMaintenance)}</p>;
  return (
    <>
      {task.failure ? (
        <Alert>
          <p>{_(task.failure)}</p>
          {task.failureReason ? <p>{task.failureReason}</p> : null}
        </Alert>
      ) : null}
      {removal.mutation.isError ? (
        <Alert>{failureMessage(_(DELETE_EVENT_FAILED), removal.mutation.error)}</Alert>
      ) : null}
      <ol className={card.cards}>
        {events.map((event) => (
          <li key={event.id}>
            <MaintenanceEventItem
              event={event}
              canEditCompleted={auth?.canEditCompletedMaintenanceEvents ?? false}
              readOnly={readOnly}
              busy={busy}
              running={task.running?.task.eventId === event.id ? task.running.action : undefined}
              onEdit={onEdit}
              onDelete={canDelete ? () => removal.run(event) : undefined}
              deleting={removal.mutation.isPending && removal.mutation.variables?.id === event.id}
              onAction={(action) => task.run(action, taskOf(event))}
              onCompleteWithWork={() => setCompleting(event)}
            />
          </li>
        ))}
      </ol>
      {completing ? (
        <CompleteTaskDialog
          assetId={assetId}
          eventId={completing.id}
          title={completing.title}
          downFrom={completing.downFrom}
          busy={task.running !== undefined}
          onClose={() => setCompleting(null)}
          onComplete={(work) => {
            task.completeWith(taskOf(completing), work);
            setCompleting(null);
          }}
        />
      ) : null}
    </>
  );
}
