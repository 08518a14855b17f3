import type { TMaintenanceEvent, TTaskChecklist, TTaskStatus } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import {
  completeTask,
  showSavedEvent,
  showTaskStamps,
  stampsAfter,
  taskKeys,
} from '#web/features/events/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import { useOfflineWrites } from '#web/lib/offline-writes.ts';
import { checklistKeys } from './checklist-keys.ts';

export type TCompletion = { completed: TMaintenanceEvent } | { queued: true } | { missing: string[] };

/** The step keys a CHECKLIST_INCOMPLETE refusal names (`checklist.<stepKey>`). */
export function missingStepKeys(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== 'CHECKLIST_INCOMPLETE') return null;
  return error.fields
    .map((field) => /^checklist\.(.+)$/.exec(field.path)?.[1])
    .filter((key): key is string => key !== undefined);
}

/**
 * Completes a task from its checklist (the existing POST .../complete). Offline (or when the
 * connection drops) the completion waits in the outbox after the steps answered before it, and the
 * task shows completed at once. The server refuses a completion while required steps are empty
 * (CHECKLIST_INCOMPLETE): the steps it names are answered as `missing`.
 */
export function useCompleteChecklistTask(task: {
  assetId: string;
  eventId: string;
  title: string;
  taskStatus: TTaskStatus;
}) {
  const queryClient = useQueryClient();
  const offline = useOfflineWrites();
  const displayName = useAuth()?.displayName ?? '';
  // A completed task's checklist no longer changes: shown so at once, kept copy included.
  const lock = () => {
    const key = checklistKeys.task(task.eventId);
    queryClient.setQueryData<TTaskChecklist>(
      key,
      (checklist) => checklist && { ...checklist, editable: false },
      {
        updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt,
      },
    );
  };
  return async (): Promise<TCompletion> => {
    const occurredAt = new Date().toISOString();
    const keep = async () => {
      await offline?.queue({ kind: 'task-action', action: 'complete', ...task, occurredAt });
      showTaskStamps(queryClient, task, stampsAfter('complete', task.taskStatus, occurredAt, displayName));
      lock();
      return { queued: true } as const;
    };
    if (offline?.isOffline()) return keep();
    try {
      const completed = await completeTask(task.assetId, task.eventId, crypto.randomUUID());
      showSavedEvent(queryClient, task.assetId, completed);
      lock();
      void queryClient.invalidateQueries({ queryKey: checklistKeys.task(task.eventId) });
      void queryClient.invalidateQueries({ queryKey: taskKeys.pending() });
      void queryClient.invalidateQueries({ queryKey: assetKeys.detail(task.assetId) });
      return { completed };
    } catch (error) {
      const missing = missingStepKeys(error);
      if (missing) return { missing };
      if (offline && error instanceof ApiError && error.isNetworkError) return keep();
      throw error;
    }
  };
}
