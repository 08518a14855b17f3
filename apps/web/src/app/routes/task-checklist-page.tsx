import { useParams } from 'react-router';
import { useTaskChecklist } from '#web/features/checklists/api/get-task-checklist.ts';
import { TaskChecklistScreen } from '#web/features/checklists/components/task-checklist-screen.tsx';
import { QueuedWrites } from '#web/features/offline/index.ts';

/**
 * /tasks/{eventId}/checklist: a task's checklist (features/checklists) with, under it, the asset's
 * writes still waiting on this device (features/offline): the steps answered offline among them.
 */
export function TaskChecklistPage() {
  const { eventId = '' } = useParams();
  const assetId = useTaskChecklist(eventId).data?.assetId;
  return (
    <>
      <TaskChecklistScreen eventId={eventId} />
      {assetId ? <QueuedWrites assetId={assetId} /> : null}
    </>
  );
}
