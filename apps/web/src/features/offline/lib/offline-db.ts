import type { TEventFileInput } from '@mqr/contracts';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type {
  TQueuedAssetMove,
  TQueuedChecklistStep,
  TQueuedEventSave,
  TQueuedFollowUp,
  TQueuedReading,
  TQueuedTaskAction,
} from '#web/lib/offline-writes.ts';

/** A user's kept copies: TanStack Query's cache of the reads kept for offline use, as its persister saves it. */
export type TKeptQueries = {
  owner: string;
  client: PersistedClient;
};

/** A file waiting on this device to be uploaded with its event. */
export type TOutboxFile = {
  id: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  /** The Idempotency-Key of its presign: a repeat gets the same upload URL and object key. */
  presignKey: string;
  /** Set once the bytes are stored: a later attempt does not upload them again. */
  objectKey: string | null;
};

/** A queued write as stored: an event save and a checklist step keep their new files' bytes in `files` instead. */
export type TStoredWrite =
  | Omit<TQueuedEventSave, 'newFiles'>
  | TQueuedTaskAction
  | TQueuedAssetMove
  | Omit<TQueuedChecklistStep, 'newFiles'>
  | TQueuedFollowUp
  | TQueuedReading;

/** waiting (to be sent, or retried), sending, failed (the server refused it), conflict (someone else was first). */
export type TOutboxState = 'waiting' | 'sending' | 'failed' | 'conflict';

/** A write waiting in the outbox, sent in `id` order. */
export type TOutboxEntry = {
  id: number;
  owner: string;
  /** When the user made the change (its write's occurredAt, ADR 085): sent with it, and shown. */
  createdAt: string;
  /** The Idempotency-Key of the write: every attempt sends the same one. */
  key: string;
  write: TStoredWrite;
  files: TOutboxFile[];
  /** The asset's name when queued (for the outbox screen), if known on this device. */
  assetName: string | null;
  state: TOutboxState;
  /** Why it failed, or what the conflict was (and what was kept). */
  message: string | null;
  /** Files stored on the server as attachments of a new event after a conflict. */
  savedAs?: TEventFileInput[];
  /** A reading the server asked to confirm (an unusual jump, ADR 137): "Send anyway" sends it confirmed. */
  needsConfirm?: boolean;
};

interface OfflineDb extends DBSchema {
  queries: { key: string; value: TKeptQueries };
  outbox: { key: number; value: TOutboxEntry; indexes: { owner: string } };
}

const DB_NAME = 'mqr-offline';
let opening: Promise<IDBPDatabase<OfflineDb>> | undefined;

/** The app's offline database (IndexedDB): each user's kept copies, and the outbox. */
export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opening ??= openDB<OfflineDb>(DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const outbox = db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
        outbox.createIndex('owner', 'owner');
      }
      if (oldVersion < 2) {
        // Version 1 kept raw API answers by URL in `reads` (ADR 055), a store this schema no longer
        // has; the kept copies are now the query cache (ADR 090).
        const version1 = db as unknown as IDBPDatabase;
        if (version1.objectStoreNames.contains('reads')) version1.deleteObjectStore('reads');
        db.createObjectStore('queries', { keyPath: 'owner' });
      }
    },
    // Another tab opened a newer version: this one lets go (and reopens on its next use).
    blocking() {
      void opening?.then((db) => db.close());
      opening = undefined;
    },
  });
  return opening;
}

/** Deletes what this device keeps for a user: their kept copies and their outbox. */
export async function clearOwner(owner: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['queries', 'outbox'], 'readwrite');
  await tx.objectStore('queries').delete(owner);
  for (const key of await tx.objectStore('outbox').index('owner').getAllKeys(owner)) {
    await tx.objectStore('outbox').delete(key);
  }
  await tx.done;
}

/** Deletes the kept copies of every user but `owner` (another user signed in on this device). */
export async function forgetOtherUsers(owner: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('queries', 'readwrite');
  for (const key of await tx.store.getAllKeys()) {
    if (key !== owner) await tx.store.delete(key);
  }
  await tx.done;
}
