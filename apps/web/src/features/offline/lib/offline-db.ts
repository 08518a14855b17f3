import type { TEventFileInput } from '@mqr/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { TQueuedEventSave, TQueuedTaskAction } from '#web/lib/offline-writes.ts';

/** A signed-in GET answer kept for reading offline, per user (`owner`). */
export type TStoredRead = {
  owner: string;
  url: string;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  storedAt: number;
  /** For an asset's page (GET /api/assets/{id}): `{organizationId}/{slug}`, what a scanned code names. */
  assetAddress?: string;
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

/** A queued write as stored: an event save keeps its new files' bytes in `files` instead. */
export type TStoredWrite = Omit<TQueuedEventSave, 'newFiles'> | TQueuedTaskAction;

/** waiting (to be sent, or retried), sending, failed (the server refused it), conflict (someone else was first). */
export type TOutboxState = 'waiting' | 'sending' | 'failed' | 'conflict';

/** A write waiting in the outbox, sent in `id` order. */
export type TOutboxEntry = {
  id: number;
  owner: string;
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
};

interface OfflineDb extends DBSchema {
  reads: { key: [string, string]; value: TStoredRead; indexes: { owner: string; address: [string, string] } };
  outbox: { key: number; value: TOutboxEntry; indexes: { owner: string } };
}

const DB_NAME = 'mqr-offline';
let opening: Promise<IDBPDatabase<OfflineDb>> | undefined;

/** The app's offline database (IndexedDB): reads kept per user, and the outbox. */
export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opening ??= openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(db) {
      const reads = db.createObjectStore('reads', { keyPath: ['owner', 'url'] });
      reads.createIndex('owner', 'owner');
      reads.createIndex('address', ['owner', 'assetAddress']);
      const outbox = db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
      outbox.createIndex('owner', 'owner');
    },
    // Another tab opened a newer version: this one lets go (and reopens on its next use).
    blocking() {
      void opening?.then((db) => db.close());
      opening = undefined;
    },
  });
  return opening;
}

/** Deletes what this device keeps for a user: their kept reads and their outbox. */
export async function clearOwner(owner: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['reads', 'outbox'], 'readwrite');
  for (const store of ['reads', 'outbox'] as const) {
    for (const key of await tx.objectStore(store).index('owner').getAllKeys(owner)) {
      await tx.objectStore(store).delete(key);
    }
  }
  await tx.done;
}
