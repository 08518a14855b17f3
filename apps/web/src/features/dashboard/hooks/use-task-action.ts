import { TASK_MESSAGES, type TPendingTask } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { assetKeys } from '../../assets/api/asset-keys.ts';
import { completeTask } from '../../events/api/complete-task.ts';
import { startTask } from '../../events/api/start-task.ts';
import { dashboardKeys } from '../api/dashboard-keys.ts';

export type TTaskAction = 'start' | 'complete';
export type TTaskActionVariables = { action: TTaskAction; task: TPendingTask };

export const TASK_ACTION_FAILED: Record<TTaskAction, string> = {
  start: TASK_MESSAGES.startFailed,
  complete: TASK_MESSAGES.completeFailed,
};

/** The confirm text of an action (spec section 4, dashboard wording). */
export function confirmText({ action, task }: TTaskActionVariables): string {
  if (action === 'start') return TASK_MESSAGES.confirmStart;
  return task.taskStatus === 'Pending' ? TASK_MESSAGES.confirmCompletePending : TASK_MESSAGES.confirmComplete;
}

/**
 * Start or complete a pending task. On success the pending list and the asset's detail reload; the
 * mutation stays pending until the list has reloaded, so the buttons stay disabled until the list
 * shows the new state. A 409 (someone else moved the task first) reloads the list too.
 */
export function useTaskAction() {
  const queryClient = useQueryClient();
  const reload = (task: TPendingTask) => {
    // The figures change too (only administrators have them); the buttons need not wait for them.
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.allAnalytics() });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.pendingTasks() }),
      queryClient.invalidateQueries({ queryKey: assetKeys.detail(task.assetId) }),
    ]);
  };
  return useMutation({
    mutationFn: ({ action, task }: TTaskActionVariables) =>
      action === 'start' ? startTask(task.assetId, task.eventId) : completeTask(task.assetId, task.eventId),
    onSuccess: (_event, { task }) => reload(task),
    onError: (error, { task }) => {
      if (error instanceof ApiError && error.status === 409) void reload(task);
    },
  });
}
