import { ASSET_MESSAGES, EVENT_MESSAGES, type TMaintenanceEvent } from '@mqr/contracts';
import { Alert } from '#web/components/ui/alert.tsx';
import { useAuth } from '#web/lib/auth-store.ts';
import { useTaskAction } from '../hooks/use-task-action.ts';
import card from './event-card.module.css';
import { MaintenanceEventItem } from './maintenance-event-item.tsx';

type TMaintenanceEventListProps = {
  assetId: string;
  /** In the server's order: newest performedAt first. */
  events: TMaintenanceEvent[];
  onEdit: (event: TMaintenanceEvent) => void;
};

/** The asset's events with their task actions (confirmed first; all buttons wait while one runs). */
export function MaintenanceEventList({ assetId, events, onEdit }: TMaintenanceEventListProps) {
  const auth = useAuth();
  const task = useTaskAction(EVENT_MESSAGES);

  if (events.length === 0) return <p className={card.muted}>{ASSET_MESSAGES.noMaintenance}</p>;
  return (
    <>
      {task.failure ? <Alert>{task.failure}</Alert> : null}
      <ol className={card.cards}>
        {events.map((event) => (
          <li key={event.id}>
            <MaintenanceEventItem
              event={event}
              canEditCompleted={auth?.canEditCompletedMaintenanceEvents ?? false}
              busy={task.running !== undefined}
              running={task.running?.task.eventId === event.id ? task.running.action : undefined}
              onEdit={onEdit}
              onAction={(action) =>
                task.run(action, { assetId, eventId: event.id, taskStatus: event.taskStatus })
              }
            />
          </li>
        ))}
      </ol>
    </>
  );
}
