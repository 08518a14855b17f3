import { authStore } from '#web/lib/auth-store.ts';
import type { TOfflineWrites, TQueuedTaskAction, TQueuedWrite } from '#web/lib/offline-writes.ts';
import type { TOutboxEntry } from './offline-db.ts';
import { addToOutbox, listOutbox, onOutboxChange, removeEntry } from './outbox.ts';
import { ownerOfToken } from './owner.ts';
import type { TOnAnswered } from './sync.ts';

/**
 * The asset pages kept on this device for the signed-in user (app/ reads them in the query cache):
 * an asset's name for the outbox screen, and the asset a scanned code names.
 */
export type TKeptAssets = {
  nameOf(assetId: string): string | null;
  find(organizationId: string, slug: string): string | null;
};

/** What the app does when the outbox moves (app/ updates the kept copies that show it). */
export type TOutboxEffects = {
  /** The server answered an entry: sent (with its answer), refused or in conflict. */
  onAnswered: TOnAnswered;
  /** The user discarded an entry that was never sent. */
  onDiscarded: (entry: TOutboxEntry) => void;
};

/** While writes wait and the browser says it is online, another round this often. */
const RETRY_MS = 20_000;

/** The signed-in user whose outbox and reads this tab uses (null: signed out). */
export function currentOwner(): string | null {
  return ownerOfToken(authStore.getSnapshot().auth?.token);
}

export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

let running: Promise<void> | null = null;
let again = false;
const NO_EFFECTS: TOutboxEffects = { onAnswered: () => {}, onDiscarded: () => {} };
let effects = NO_EFFECTS;

/** Sends what waits; the sending (uploads, the events' requests) loads only when something does. */
async function sendWaiting(owner: string): Promise<void> {
  const entries = await listOutbox(owner);
  if (!entries.some((entry) => entry.state === 'waiting' || entry.state === 'sending')) return;
  const { sendOutbox } = await import('./sync.ts');
  await sendOutbox(owner, (entry, answer) => effects.onAnswered(entry, answer));
}

/** Sends the signed-in user's outbox now (a round already under way runs once more after). */
export function sendNow(): Promise<void> {
  const owner = currentOwner();
  if (!owner || isOffline()) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  running = sendWaiting(owner)
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

/** Takes a write the user discards out of the outbox; the screens stop showing it as done. */
export async function discardEntry(entry: TOutboxEntry): Promise<void> {
  await removeEntry(entry.id);
  if (entry.state !== 'conflict') effects.onDiscarded(entry);
}

/** The writes the screens hand over (lib/offline-writes.ts), for the signed-in user. */
export function createOfflineWrites(keptAssets: TKeptAssets): TOfflineWrites {
  return {
    isOffline,
    async queue(write: TQueuedWrite) {
      const owner = currentOwner();
      if (!owner) throw new Error('Signed out: nothing can be queued.');
      if (write.kind === 'task-action' && (await alreadyQueued(owner, write))) return;
      await addToOutbox(owner, write, keptAssets.nameOf(write.assetId));
      void sendNow();
    },
    findScannedAsset: (organizationId, slug) => findScanned(keptAssets, organizationId, slug),
  };
}

/** Where a scanned code opens offline: the kept staff page of the asset, else its public page kept by the service worker. */
async function findScanned(
  keptAssets: TKeptAssets,
  organizationId: string,
  slug: string,
): Promise<string | null> {
  const assetId = currentOwner() ? keptAssets.find(organizationId, slug) : null;
  if (assetId) return `/assets/${encodeURIComponent(assetId)}`;
  const publicPage = `/public/orgs/${encodeURIComponent(organizationId)}/assets/${encodeURIComponent(slug)}`;
  const kept =
    typeof caches === 'undefined' ? undefined : await caches.match(publicPage).catch(() => undefined);
  return kept ? `/a/${encodeURIComponent(organizationId)}/${encodeURIComponent(slug)}` : null;
}

/**
 * Sends the outbox whenever it can: at start, when the connection returns, when a write is queued,
 * after signing in, and every RETRY_MS while writes wait. `effects` hear of every entry the server
 * answered (sent, refused or in conflict) and of entries discarded. Answers the stop.
 */
export function startOutboxRunner(outboxEffects: TOutboxEffects): () => void {
  effects = outboxEffects;
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
    effects = NO_EFFECTS;
  };
}

export { onOutboxChange };
