import { EVENT_MESSAGES, type TMaintenanceEvent } from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { assetKeys } from '../../assets/api/asset-keys.ts';
import { completeTask } from '../api/complete-task.ts';
import { startTask } from '../api/start-task.ts';

export type TEventTaskAction = 'start' | 'complete';
type TVariables = { action: TEventTaskAction; event: TMaintenanceEvent };

/** The asset page's confirm text of an action (spec section 4). */
export function eventConfirmText(action: TEventTaskAction, event: TMaintenanceEvent): string {
  if (action === 'start') return EVENT_MESSAGES.confirmStart;
  return event.taskStatus === 'Pending'
    ? EVENT_MESSAGES.confirmCompletePending
    : EVENT_MESSAGES.confirmComplete;
}

const FAILED: Record<TEventTaskAction, string> = {
  start: EVENT_MESSAGES.startFailed,
  complete: EVENT_MESSAGES.completeFailed,
};

/**
 * Start or complete a task from the asset page, after the user confirms. The asset reloads on
 * success (the mutation stays pending until it has, so the buttons stay disabled until the list shows
 * the new state) and on a 409 (someone else moved the task first).
 */
export function useTaskAction(assetId: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: assetKeys.detail(assetId) });
  const mutation = useMutation({
    mutationFn: ({ action, event }: TVariables) =>
      action === 'start' ? startTask(assetId, event.id) : completeTask(assetId, event.id),
    onSuccess: reload,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void reload();
    },
  });

  function run(action: TEventTaskAction, event: TMaintenanceEvent) {
    if (mutation.isPending) return;
    if (!window.confirm(eventConfirmText(action, event))) return;
    mutation.mutate({ action, event });
  }

  return {
    run,
    /** The action under way, if any. */
    running: mutation.isPending ? mutation.variables : undefined,
    failure: mutation.isError ? FAILED[mutation.variables.action] : null,
  };
}
