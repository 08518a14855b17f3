import { i18n } from '@lingui/core';
import { ERROR_STATUS, type TEventFileInput, type TMaintenanceEvent } from '@mqr/contracts';
import { getAsset, moveAsset } from '#web/features/assets/index.ts';
import { answerBody, answerStep, clearStep, openFollowUp } from '#web/features/checklists/index.ts';
import {
  completeTask,
  createEvent,
  presignUpload,
  startTask,
  UploadError,
  updateEvent,
  uploadFile,
} from '#web/features/events/index.ts';
import { needsConfirm, recordReading } from '#web/features/meters/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { OUTBOX_MESSAGES } from '../texts.ts';
import type { TOutboxEntry, TOutboxFile } from './offline-db.ts';
import { clearProgress, listOutbox, newKey, removeEntry, saveEntry, setProgress } from './outbox.ts';

/**
 * How an attempt ended: sent (it leaves the outbox; with the server's answer, null when that was
 * lost), stop (no connection: the rest waits too), or the entry's new state.
 */
type TOutcome =
  | { sent: TMaintenanceEvent | null }
  | 'stop'
  | { state: 'failed' | 'conflict'; message: string; savedAs?: TEventFileInput[]; needsConfirm?: boolean };

/** What the server is told of when it was done: the time the technician made the change (ADR 085). */
const doneAt = (entry: TOutboxEntry): string => entry.createdAt;

/** The connection or the server is the trouble (not the write): it waits and goes again later. */
function isTransient(error: unknown): boolean {
  if (error instanceof UploadError) return error.status === 0 || error.status >= 500;
  if (!(error instanceof ApiError)) return false;
  return (
    error.isNetworkError ||
    error.status >= 500 ||
    error.status === 429 ||
    error.status === 401 ||
    error.code === 'IN_PROGRESS'
  );
}

/** The server no longer has what `field` names (deleted meanwhile). */
const isMissing = (error: unknown, field: string): boolean =>
  error instanceof ApiError &&
  error.status === ERROR_STATUS.NOT_FOUND &&
  (error.fields ?? []).some((problem) => problem.path === field);

const refusal = (error: unknown): TOutcome => ({
  state: 'failed',
  message: error instanceof ApiError && error.message ? error.message : i18n._(OUTBOX_MESSAGES.failed),
});

/** Who moved the task first, and when, as the asset's page says now. */
async function taskStamps(assetId: string, eventId: string): Promise<TMaintenanceEvent | undefined> {
  try {
    return (await getAsset(assetId)).events.find((event) => event.id === eventId);
  } catch {
    return undefined;
  }
}

function conflictText(event: TMaintenanceEvent | undefined): string {
  if (event?.taskStatus === 'Completed') {
    return i18n._(OUTBOX_MESSAGES.completedBy(event.taskCompletedBy, formatDateTime(event.taskCompletedAt)));
  }
  if (event?.taskStatus === 'InProgress') {
    return i18n._(OUTBOX_MESSAGES.startedBy(event.taskStartedBy, formatDateTime(event.taskStartedAt)));
  }
  return i18n._(OUTBOX_MESSAGES.movedMeanwhile);
}

/** Uploads the entry's files not stored yet (each presign repeated with its own key), keeping each key as it lands. */
async function uploadFiles(entry: TOutboxEntry): Promise<void> {
  for (const file of entry.files) {
    if (file.objectKey) continue;
    file.objectKey = await uploadOne(entry.id, file);
    await saveEntry(entry);
  }
}

async function uploadOne(entryId: number, file: TOutboxFile): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const target = await presignUpload(
      { fileName: file.name, contentType: file.type },
      undefined,
      file.presignKey,
    );
    if (file.size > target.maxBytes)
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', i18n._(OUTBOX_MESSAGES.tooLarge(file.name)));
    try {
      await uploadFile(target.uploadUrl, file.blob, file.type, {
        onProgress: (fraction) => setProgress(entryId, file.id, fraction),
      });
      return target.objectKey;
    } catch (error) {
      // The upload URL expired (the first attempt's answer, replayed): ask for a new one, once.
      if (!(error instanceof UploadError) || error.status !== 403 || attempt > 0) throw error;
      file.presignKey = newKey();
    }
  }
}

const filesOf = (entry: TOutboxEntry): TEventFileInput[] => [
  ...(entry.write.kind === 'save-event' ? entry.write.storedFiles : []),
  ...entry.files.map((file) => ({
    objectKey: file.objectKey ?? '',
    fileName: file.name,
    contentType: file.type,
    size: file.size,
  })),
];

/**
 * Sends one entry with the time it was made; every request carries its Idempotency-Key, so a repeat
 * after a cut is no second record.
 */
async function send(entry: TOutboxEntry): Promise<TOutcome> {
  const { write } = entry;
  const occurredAt = doneAt(entry);
  if (write.kind === 'move-asset') {
    try {
      await moveAsset(write.assetId, write.locationId, entry.key, occurredAt);
      return { sent: null };
    } catch (error) {
      if (write.locationPath && isMissing(error, 'locationId')) {
        return { state: 'failed', message: i18n._(OUTBOX_MESSAGES.locationGone(write.locationPath)) };
      }
      throw error;
    }
  }
  if (write.kind === 'checklist-step') {
    // The step's photo or signature first (its presign repeated with its own key), then the answer
    // with the time it was done on the device (ADR 136).
    await uploadFiles(entry);
    if (!write.answer) {
      await clearStep(write.eventId, write.stepKey, entry.key);
      return { sent: null };
    }
    const file = entry.files[0];
    const stored = file?.objectKey ? { objectKey: file.objectKey, fileName: file.name } : null;
    await answerStep(write.eventId, write.stepKey, answerBody(write.answer, stored, occurredAt), entry.key);
    return { sent: null };
  }
  if (write.kind === 'checklist-follow-up') {
    const { stepKey, title, notes } = write;
    await openFollowUp(write.eventId, { stepKey, title, notes }, entry.key);
    return { sent: null };
  }
  if (write.kind === 'meter-reading') {
    // Read when it was entered on the device (unless it names its own time), sent with its key.
    const body = { ...write.body, readAt: write.body.readAt ?? occurredAt };
    try {
      await recordReading(write.meterId, body, write.body.confirm ? `${entry.key}:confirmed` : entry.key);
      return { sent: null };
    } catch (error) {
      // An unusual jump: the technician looks at it and sends it anyway ("Send anyway"), or discards it.
      if (needsConfirm(error)) return { state: 'failed', message: error.message, needsConfirm: true };
      throw error;
    }
  }
  if (write.kind === 'task-action') {
    const run = write.action === 'start' ? startTask : completeTask;
    try {
      return { sent: await run(write.assetId, write.eventId, entry.key, occurredAt, write.work) };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        return { state: 'conflict', message: conflictText(await taskStamps(write.assetId, write.eventId)) };
      }
      throw error;
    }
  }
  await uploadFiles(entry);
  const body = { ...write.body, files: filesOf(entry), occurredAt };
  if (!write.eventId) return { sent: await createEvent(write.assetId, body, entry.key) };
  try {
    return { sent: await updateEvent(write.assetId, write.eventId, body, entry.key) };
  } catch (error) {
    // The task was completed by someone else meanwhile and may not be edited: nothing typed or
    // attached is lost, it becomes a new event of the asset, completed (the work it records was
    // done; it is no new task). Each step has its own key derived from the entry's.
    const locked = error instanceof ApiError && error.status === ERROR_STATUS.FORBIDDEN;
    if (!locked || !write.taskWasOpen) throw error;
    const stamps = await taskStamps(write.assetId, write.eventId);
    const kept = await createEvent(write.assetId, { ...body, startTask: false }, `${entry.key}:new`);
    await completeTask(write.assetId, kept.id, `${entry.key}:new:complete`, occurredAt);
    return {
      state: 'conflict',
      message: i18n._(OUTBOX_MESSAGES.savedAsNew(conflictText(stamps))),
      savedAs: body.files,
    };
  }
}

async function attempt(entry: TOutboxEntry): Promise<TOutcome> {
  try {
    return await send(entry);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ALREADY_DONE') return { sent: null };
    return isTransient(error) ? 'stop' : refusal(error);
  } finally {
    clearProgress(entry.id);
  }
}

/** Hears of each entry the server answered: sent (with its answer, null when lost), refused or in conflict. */
export type TOnAnswered = (entry: TOutboxEntry, answer: TMaintenanceEvent | null) => void;

/**
 * Sends the user's waiting writes in order, one at a time; a write the server refuses is marked
 * failed (or conflict) and the next goes on; no connection stops the round (what is left waits).
 * One round at a time across the app's tabs (a Web Lock), and within this tab.
 */
export async function sendOutbox(owner: string, onSent: TOnAnswered): Promise<void> {
  const run = async () => {
    for (const entry of await listOutbox(owner)) {
      if (entry.state !== 'waiting' && entry.state !== 'sending') continue;
      entry.state = 'sending';
      await saveEntry(entry);
      const outcome = await attempt(entry);
      if (outcome === 'stop') {
        entry.state = 'waiting';
        await saveEntry(entry);
        return;
      }
      if ('sent' in outcome) {
        await removeEntry(entry.id);
        onSent(entry, outcome.sent);
        continue;
      }
      Object.assign(entry, outcome);
      // Answered by the server: the files' bytes need not stay on the device.
      if (outcome.state === 'conflict')
        entry.files = entry.files.map((file) => ({ ...file, blob: new Blob() }));
      await saveEntry(entry);
      onSent(entry, null);
    }
  };
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request(`mqr-outbox:${owner}`, run);
  } else {
    await run();
  }
}
