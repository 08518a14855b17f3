/**
 * The offline layer (ADR 055, 056, 085, 090; docs/product/offline.md), composed in app/: the service worker
 * and its update prompt, the kept copies (the query cache of the reads kept per user on this device),
 * the outbox of writes made offline with its screen, the header's indicator, and signing out with
 * the data it kept.
 */
export { KeptCopiesProvider } from './components/kept-copies-provider.tsx';
export { OfflineLayer } from './components/offline-layer.tsx';
export { OfflineStatus } from './components/offline-status.tsx';
export { QueuedWrites } from './components/queued-writes.tsx';
export { UpdatePrompt } from './components/update-prompt.tsx';
export { signOutAndForget } from './hooks/use-sign-out.ts';
export { boundKeptReads, type TKeptRead } from './lib/kept-reads.ts';
// The outbox's store, for the public page's reports made without a connection (features/public-asset,
// docs/product/requests.md): kept under an owner of their own, sent by that page.
export { forgetOtherUsers, offlineDb, type TOutboxEntry } from './lib/offline-db.ts';
export { newKey, removeEntry, saveEntry } from './lib/outbox.ts';
export { currentOwner, type TKeptAssets, type TOutboxEffects } from './lib/outbox-runner.ts';
export { registerServiceWorker } from './lib/service-worker.ts';
export { OUTBOX_MESSAGES } from './texts.ts';
