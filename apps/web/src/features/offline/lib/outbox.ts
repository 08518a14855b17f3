import { DEFAULT_CONTENT_TYPE } from '@mqr/contracts';
import type { TQueuedWrite } from '#web/lib/offline-writes.ts';
import { offlineDb, type TOutboxEntry, type TOutboxFile } from './offline-db.ts';

type TListener = () => void;
const listeners = new Set<TListener>();
/** Other tabs of the app hear of every change too. */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('mqr-outbox');
channel?.addEventListener('message', () => notify(false));

function notify(broadcast = true): void {
  for (const listener of listeners) listener();
  if (broadcast) channel?.postMessage('changed');
}

/** Calls `listener` whenever the outbox changes (in this tab or another); answers the unsubscribe. */
export function onOutboxChange(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const newKey = (): string => crypto.randomUUID();

/** Adds a write to the end of the user's outbox, its new files' bytes with it, recorded when it was made. */
export async function addToOutbox(
  owner: string,
  write: TQueuedWrite,
  assetName: string | null,
): Promise<void> {
  const files: TOutboxFile[] =
    write.kind === 'save-event' || write.kind === 'checklist-step'
      ? write.newFiles.map((file) => ({
          id: newKey(),
          name: file.name,
          type: file.type || DEFAULT_CONTENT_TYPE,
          size: file.size,
          blob: file,
          presignKey: newKey(),
          objectKey: null,
        }))
      : [];
  const stored =
    write.kind === 'save-event' || write.kind === 'checklist-step'
      ? (({ newFiles: _files, ...rest }: typeof write) => rest)(write)
      : write;
  const entry: Omit<TOutboxEntry, 'id'> = {
    owner,
    createdAt: write.occurredAt,
    key: newKey(),
    write: stored,
    files,
    assetName,
    state: 'waiting',
    message: null,
  };
  await (await offlineDb()).add('outbox', entry as TOutboxEntry);
  notify();
}

/** The user's outbox, oldest first (the order it is sent in). */
export async function listOutbox(owner: string): Promise<TOutboxEntry[]> {
  const entries = await (await offlineDb()).getAllFromIndex('outbox', 'owner', owner);
  return entries.sort((a, b) => a.id - b.id);
}

/** Writes an entry's new state (and files). */
export async function saveEntry(entry: TOutboxEntry): Promise<void> {
  await (await offlineDb()).put('outbox', entry);
  notify();
}

/** Takes an entry out of the outbox (sent, or discarded by the user). */
export async function removeEntry(id: number): Promise<void> {
  await (await offlineDb()).delete('outbox', id);
  notify();
}

/** Writes that have not reached the server (conflicts have: they only wait to be read). */
export const isUnsent = (entry: TOutboxEntry): boolean => entry.state !== 'conflict';

/** Upload progress of the entry being sent, 0 to 1 by file id (memory only: shown while it lasts). */
const progress = new Map<number, Map<string, number>>();

export function setProgress(entryId: number, fileId: string, fraction: number): void {
  const files = progress.get(entryId) ?? new Map<string, number>();
  files.set(fileId, fraction);
  progress.set(entryId, files);
  notify(false);
}

export function clearProgress(entryId: number): void {
  if (progress.delete(entryId)) notify(false);
}

/** The share of an entry's new files uploaded so far, 0 to 1 (null when it has none to upload). */
export function progressOf(entry: TOutboxEntry): number | null {
  const total = entry.files.reduce((sum, file) => sum + file.size, 0);
  if (entry.files.length === 0 || total === 0) return null;
  const files = progress.get(entry.id);
  const done = entry.files.reduce(
    (sum, file) => sum + file.size * (file.objectKey ? 1 : (files?.get(file.id) ?? 0)),
    0,
  );
  return done / total;
}
