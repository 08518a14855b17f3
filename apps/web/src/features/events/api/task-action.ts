import { i18n, type MessageDescriptor } from '@lingui/core';
import {
  type TCompleteTaskBody,
  type TMaintenanceEvent,
  type TTaskStatus,
  ZMaintenanceEvent,
} from '@mqr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assetKeys } from '#web/features/assets/index.ts';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import { type TQueuedTaskAction, useOfflineWrites } from '#web/lib/offline-writes.ts';
import { clearTimer, timerMinutesOf } from '../hooks/use-task-timer.ts';
import { showSavedEvent, showTaskStamps, stampsAfter, type TTaskAction } from '../lib/shown-tasks.ts';
import { taskKeys } from './task-keys.ts';

/** What a completion records of the work (ADR 131): time per person, cost lines, downtime. */
export type TTaskWork = Omit<NonNullable<TCompleteTaskBody>, 'occurredAt'>;

/**
 * POST /api/assets/{assetId}/events/{eventId}/start (Pending to InProgress) or .../complete (Pending
 * or InProgress to Completed). `occurredAt`: when it was done, for an action sent later (ADR 085);
 * absent: now. A completion may carry the work done (`work`).
 */
async function sendTaskAction(
  action: TTaskAction,
  assetId: string,
  eventId: string,
  idempotencyKey?: string,
  occurredAt?: string,
  work?: TTaskWork,
): Promise<TMaintenanceEvent> {
  const data = await apiRequest(
    `/api/assets/${encodeURIComponent(assetId)}/events/${encodeURIComponent(eventId)}/${action}`,
    {
      method: 'POST',
      body: { ...(action === 'complete' ? work : {}), ...(occurredAt ? { occurredAt } : {}) },
      ...(idempotencyKey ? { idempotencyKey } : {}),
    },
  );
  return ZMaintenanceEvent.parse(data);
}

type TTaskRequest = [
  assetId: string,
  eventId: string,
  idempotencyKey?: string,
  occurredAt?: string,
  work?: TTaskWork,
];

export const startTask = (...request: TTaskRequest) => sendTaskAction('start', ...request);

export const completeTask = (...request: TTaskRequest) => sendTaskAction('complete', ...request);

export type { TTaskAction };

/** The task of a maintenance event: where it is, its status (the confirm text depends on it) and title. */
export type TTask = { assetId: string; eventId: string; taskStatus: TTaskStatus; title: string };

/**
 * A screen's words for the actions: the asset page (EVENT_TEXTS) and the dashboard
 * (TASK_MESSAGES) confirm and fail in their own words (docs/product/events-and-tasks.md#confirmation-texts).
 */
export type TTaskActionTexts = Record<
  'confirmStart' | 'confirmCompletePending' | 'confirmComplete' | 'startFailed' | 'completeFailed',
  MessageDescriptor
>;

/** The question the user confirms before an action. */
export function confirmText(texts: TTaskActionTexts, action: TTaskAction, task: TTask): MessageDescriptor {
  if (action === 'start') return texts.confirmStart;
  return task.taskStatus === 'Pending' ? texts.confirmCompletePending : texts.confirmComplete;
}

type TVariables = { action: TTaskAction; task: TTask; work?: TTaskWork | undefined };

/**
 * Start or complete a task, after the user confirms. What shows the task shows the server's answer
 * (kept copies included, ADR 090), then reloads on success and on a 409 (someone else moved the task
 * first): the asset's detail and the pending tasks. The mutation stays pending until they have, so
 * the buttons stay disabled until the list shows the new state. `onChanged` reloads more (the
 * dashboard's figures) without holding the buttons. Offline (or when the connection drops, or the
 * server answers "not now": 503 or 507, ADR 140), the action waits in the outbox instead
 * (lib/offline-writes.ts), with the time it was done, and the task shows as it will be once sent.
 */
export function useTaskAction(texts: TTaskActionTexts, onChanged?: () => void) {
  const queryClient = useQueryClient();
  const offline = useOfflineWrites();
  const auth = useAuth();
  const displayName = auth?.displayName ?? '';
  // The person's timer of a task (ADR 143): its time goes with the completion, which then forgets it.
  const timerOf = (task: TTask) =>
    auth ? { organizationId: auth.organizationId, email: auth.email, eventId: task.eventId } : null;
  const forgetTimer = (action: TTaskAction, task: TTask) => {
    const owner = timerOf(task);
    if (action === 'complete' && owner) clearTimer(owner);
  };
  const reload = (task: TTask) => {
    onChanged?.();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.pending() }),
      queryClient.invalidateQueries({ queryKey: assetKeys.detail(task.assetId) }),
    ]);
  };
  const mutation = useMutation({
    mutationFn: async ({ action, task, work }: TVariables) => {
      const queued: TQueuedTaskAction = {
        kind: 'task-action',
        action,
        ...task,
        occurredAt: new Date().toISOString(),
        ...(work ? { work } : {}),
      };
      const keep = async () => {
        await offline?.queue(queued);
        return { queued };
      };
      if (offline?.isOffline()) return keep();
      try {
        const send = action === 'start' ? startTask : completeTask;
        return { saved: await send(task.assetId, task.eventId, undefined, undefined, work) };
      } catch (error) {
        if (offline && error instanceof ApiError && error.isTryLater) return keep();
        throw error;
      }
    },
    onSuccess: (result, { action, task }) => {
      forgetTimer(action, task);
      if ('queued' in result) {
        showTaskStamps(
          queryClient,
          task,
          stampsAfter(action, task.taskStatus, result.queued.occurredAt, displayName),
        );
        return;
      }
      showSavedEvent(queryClient, task.assetId, result.saved);
      return reload(task);
    },
    onError: (error, { task }) => {
      if (error instanceof ApiError && error.status === 409) void reload(task);
    },
  });

  function run(action: TTaskAction, task: TTask) {
    if (mutation.isPending || !window.confirm(i18n._(confirmText(texts, action, task)))) return;
    // A quick completion records what the person's timer counted as their time.
    const minutes = action === 'complete' ? timerMinutesOf(timerOf(task)) : 0;
    mutation.mutate({ action, task, ...(minutes > 0 ? { work: { timeSpent: [{ minutes }] } } : {}) });
  }

  /** Completes the task with the work entered in its dialog (the dialog was the confirmation). */
  function completeWith(task: TTask, work: TTaskWork) {
    if (mutation.isPending) return;
    mutation.mutate({ action: 'complete', task, work });
  }

  const failed = mutation.isError ? mutation.variables.action : null;
  const error = mutation.error;
  return {
    run,
    completeWith,
    /** The action under way and its task, if any. */
    running: mutation.isPending ? mutation.variables : undefined,
    /** The failure message of the last action, if it failed (shown with `_()`). */
    failure: failed === null ? null : failed === 'start' ? texts.startFailed : texts.completeFailed,
    /**
     * Why, when the server said it in words the user can act on: the required checklist steps still
     * empty (CHECKLIST_INCOMPLETE, ADR 134), worded in the reader's language.
     */
    failureReason:
      error instanceof ApiError && error.code === 'CHECKLIST_INCOMPLETE' && error.message
        ? error.message
        : null,
    /** The last action has finished, either way (its button may be gone: focus moves on). */
    settled: mutation.isSuccess || mutation.isError,
  };
}
