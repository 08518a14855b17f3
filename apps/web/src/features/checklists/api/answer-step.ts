import {
  type TChecklistAnswerBody,
  type TChecklistResponse,
  type TChecklistStep,
  type TTaskChecklist,
  ZChecklistResponse,
} from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#web/lib/api-client.ts';
import { useAuth } from '#web/lib/auth-store.ts';
import { type TQueuedChecklistStep, useOfflineWrites } from '#web/lib/offline-writes.ts';
import { showResponse } from '../lib/shown-checklist.ts';
import { localResponse, type TStepAnswer } from '../lib/step-values.ts';
import { checklistKeys } from './checklist-keys.ts';
import { uploadStepFile } from './upload-step-file.ts';

const stepPath = (eventId: string, stepKey: string) =>
  `/api/events/${encodeURIComponent(eventId)}/checklist/steps/${encodeURIComponent(stepKey)}`;

/**
 * PUT /api/events/{id}/checklist/steps/{stepKey}: one answer, with `doneAt` when it was done on the
 * device (the outbox's own time). Answers the stored response.
 */
export async function answerStep(
  eventId: string,
  stepKey: string,
  body: TChecklistAnswerBody,
  idempotencyKey?: string,
): Promise<TChecklistResponse> {
  const data = await apiRequest(stepPath(eventId, stepKey), {
    method: 'PUT',
    body,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  return ZChecklistResponse.parse(data);
}

/** DELETE /api/events/{id}/checklist/steps/{stepKey}: the step is empty again (while the task is open). */
export async function clearStep(eventId: string, stepKey: string, idempotencyKey?: string): Promise<void> {
  await apiRequest(stepPath(eventId, stepKey), {
    method: 'DELETE',
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

/** The answer as the outbox keeps it: the value alone (a file waits as the entry's file). */
function queuedAnswer(answer: TStepAnswer): TQueuedChecklistStep['answer'] {
  switch (answer.kind) {
    case 'check':
      return { outcome: answer.outcome };
    case 'number':
      return { numberValue: answer.numberValue };
    case 'text':
    case 'choice':
      return { textValue: answer.textValue };
    case 'photo':
    case 'signature':
      return { file: true };
  }
}

/** The body of an answer whose file (if any) is stored. */
export function answerBody(
  answer: TQueuedChecklistStep['answer'],
  file: { objectKey: string; fileName: string } | null,
  doneAt: string,
): TChecklistAnswerBody {
  if (answer && 'file' in answer) {
    if (!file) throw new Error('The step’s file is not stored yet.');
    return { file, doneAt };
  }
  return { ...answer, doneAt };
}

/** Where a step's write went: to the server (its answer), or to this device's outbox. */
export type TStepWritten = { saved: TChecklistResponse | null } | { queued: true };

export type TChecklistTask = { eventId: string; assetId: string; title: string };

/**
 * Answers or clears steps of a task's checklist. The step shows its answer at once (and the asset
 * page's summary with it); online it is sent (a photo or signature uploaded first) and the server's
 * answer replaces it; offline, or when the connection drops, it waits in the outbox with its own
 * time and is sent later, in order (ADR 136). A refusal puts the step back as the server has it.
 */
export function useStepWrites(task: TChecklistTask) {
  const queryClient = useQueryClient();
  const offline = useOfflineWrites();
  const auth = useAuth();
  // Shown until the server's answer replaces it (the browser keeps no user id: the name is what shows).
  const doneBy = auth ? { id: '', name: auth.displayName } : null;

  async function keep(write: Omit<TQueuedChecklistStep, 'kind' | 'assetId' | 'eventId' | 'taskTitle'>) {
    await offline?.queue({
      kind: 'checklist-step',
      assetId: task.assetId,
      eventId: task.eventId,
      taskTitle: task.title,
      ...write,
    });
    return { queued: true } as const;
  }

  async function answer(step: TChecklistStep, given: TStepAnswer): Promise<TStepWritten> {
    const doneAt = new Date().toISOString();
    const file = given.kind === 'photo' || given.kind === 'signature' ? given.file : null;
    const previewUrl = file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    const before = queryClient.getQueryData<TTaskChecklist>(checklistKeys.task(task.eventId));
    const previous = before?.responses.find((entry) => entry.stepKey === step.key) ?? null;
    showResponse(queryClient, task.eventId, step.key, localResponse(step, given, doneAt, doneBy, previewUrl));
    const queued = {
      stepKey: step.key,
      stepLabel: step.label,
      answer: queuedAnswer(given),
      newFiles: file ? [file] : [],
      occurredAt: doneAt,
    };
    if (offline?.isOffline()) return keep(queued);
    try {
      const stored = file ? await uploadStepFile(file) : null;
      const saved = await answerStep(task.eventId, step.key, answerBody(queued.answer, stored, doneAt));
      showResponse(queryClient, task.eventId, step.key, saved);
      // The stored file shows now; the preview kept only while offline.
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      return { saved };
    } catch (error) {
      if (offline && isConnectionLost(error)) return keep(queued);
      showResponse(queryClient, task.eventId, step.key, previous);
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      throw error;
    }
  }

  async function clear(step: TChecklistStep): Promise<TStepWritten> {
    const before = queryClient.getQueryData<TTaskChecklist>(checklistKeys.task(task.eventId));
    const previous = before?.responses.find((entry) => entry.stepKey === step.key) ?? null;
    showResponse(queryClient, task.eventId, step.key, null);
    const queued = {
      stepKey: step.key,
      stepLabel: step.label,
      answer: null,
      newFiles: [],
      occurredAt: new Date().toISOString(),
    };
    if (offline?.isOffline()) return keep(queued);
    try {
      await clearStep(task.eventId, step.key);
      return { saved: null };
    } catch (error) {
      if (offline && isConnectionLost(error)) return keep(queued);
      showResponse(queryClient, task.eventId, step.key, previous);
      throw error;
    }
  }

  return { answer, clear };
}

/** No answer came back: the connection dropped (the upload's or the request's). */
function isConnectionLost(error: unknown): boolean {
  if (error instanceof ApiError) return error.isNetworkError;
  return (
    error instanceof Error && error.name === 'UploadError' && (error as { status?: number }).status === 0
  );
}
