/**
 * The offline layer (ADR 055, docs/product/offline.md), composed in app/: the service worker and its
 * update prompt, the read cache the API client answers from offline (per user), the outbox of writes
 * made offline with its screen, the header's indicator, and signing out with the data it kept.
 */
export { OfflineLayer } from './components/offline-layer.tsx';
export { OfflineStatus } from './components/offline-status.tsx';
export { QueuedWrites } from './components/queued-writes.tsx';
export { UpdatePrompt } from './components/update-prompt.tsx';
export { signOutAndForget } from './hooks/use-sign-out.ts';
export type { TOutboxEntry } from './lib/offline-db.ts';
export { OUTBOX_MESSAGES } from './lib/outbox-messages.ts';
export { currentOwner } from './lib/outbox-runner.ts';
export { createReadCache, forgetOtherUsersReads } from './lib/read-cache.ts';
export { registerServiceWorker } from './lib/service-worker.ts';
