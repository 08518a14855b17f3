import { authStore } from '#web/lib/auth-store.ts';
import type { TOfflineWrites, TQueuedTaskAction, TQueuedWrite } from '#web/lib/offline-writes.ts';
import type { TOutboxEntry } from './offline-db.ts';
import { addToOutbox, listOutbox, onOutboxChange } from './outbox.ts';
import { ownerOfToken } from './owner.ts';
import { findKeptAsset, keptAssetName } from './read-cache.ts';
import { sendOutbox } from './sync.ts';

/** While writes wait and the browser says it is online, another round this often. */
const RETRY_MS = 20_000;

/** The signed-in user whose outbox and reads this tab uses (null: signed out). */
export function currentOwner(): string | null {
  return ownerOfToken(authStore.getSnapshot().auth?.token);
}

export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

let running: Promise<void> | null = null;
let again = false;
let sentListener: (entry: TOutboxEntry) => void = () => {};

/** Sends the signed-in user's outbox now (a round already under way runs once more after). */
export function sendNow(): Promise<void> {
  const owner = currentOwner();
  if (!owner || isOffline()) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  running = sendOutbox(owner, (entry) => sentListener(entry))
    .catch(() => {
      // IndexedDB unavailable: nothing to send from this device.
    })
    .finally(() => {
      running = null;
      if (again) {
        again = false;
        void sendNow();
      }
    });
  return running;
}

/** The same task action already waits (a second tap on the same button while offline). */
async function alreadyQueued(owner: string, write: TQueuedTaskAction): Promise<boolean> {
  return (await listOutbox(owner)).some(
    (entry) =>
      entry.write.kind === 'task-action' &&
      entry.write.eventId === write.eventId &&
      entry.write.action === write.action &&
      (entry.state === 'waiting' || entry.state === 'sending'),
  );
}

/** The writes the screens hand over (lib/offline-writes.ts), for the signed-in user. */
export const offlineWrites: TOfflineWrites = {
  isOffline,
  async queue(write: TQueuedWrite) {
    const owner = currentOwner();
    if (!owner) throw new Error('Signed out: nothing can be queued.');
    if (write.kind === 'task-action' && (await alreadyQueued(owner, write))) return;
    await addToOutbox(owner, write, await keptAssetName(owner, write.assetId).catch(() => null));
    void sendNow();
  },
  async findScannedAsset(organizationId, slug) {
    const owner = currentOwner();
    const assetId = owner ? await findKeptAsset(owner, organizationId, slug).catch(() => null) : null;
    if (assetId) return `/assets/${encodeURIComponent(assetId)}`;
    const publicPage = `/public/orgs/${encodeURIComponent(organizationId)}/assets/${encodeURIComponent(slug)}`;
    const kept =
      typeof caches === 'undefined' ? undefined : await caches.match(publicPage).catch(() => undefined);
    return kept ? `/a/${encodeURIComponent(organizationId)}/${encodeURIComponent(slug)}` : null;
  },
};

/**
 * Sends the outbox whenever it can: at start, when the connection returns, when a write is queued,
 * after signing in, and every RETRY_MS while writes wait. `onSent` hears of every entry the server
 * answered (sent, refused or in conflict). Answers the stop.
 */
export function startOutboxRunner(onSent: (entry: TOutboxEntry) => void): () => void {
  sentListener = onSent;
  const retry = async () => {
    const owner = currentOwner();
    if (!owner || isOffline()) return;
    const waiting = (await listOutbox(owner).catch(() => [])).some((entry) => entry.state === 'waiting');
    if (waiting) void sendNow();
  };
  const onOnline = () => void sendNow();
  window.addEventListener('online', onOnline);
  const timer = window.setInterval(() => void retry(), RETRY_MS);
  let owner = currentOwner();
  const unsubscribe = authStore.subscribe(() => {
    const next = currentOwner();
    if (next !== owner && next) void sendNow();
    owner = next;
  });
  void sendNow();
  return () => {
    window.removeEventListener('online', onOnline);
    window.clearInterval(timer);
    unsubscribe();
    sentListener = () => {};
  };
}

export { onOutboxChange };
