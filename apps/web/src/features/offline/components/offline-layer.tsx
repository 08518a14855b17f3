import { type ReactNode, useEffect } from 'react';
import { OfflineWritesContext } from '#web/lib/offline-writes.ts';
import type { TOutboxEntry } from '../lib/offline-db.ts';
import { offlineWrites, startOutboxRunner } from '../lib/outbox-runner.ts';

/**
 * The offline layer around the app's screens: they queue their writes here when offline
 * (lib/offline-writes.ts), and the outbox is sent whenever the connection allows. `onSent` hears of
 * each write the server answered (the app reloads what shows it).
 */
export function OfflineLayer({
  onSent,
  children,
}: {
  onSent: (entry: TOutboxEntry) => void;
  children: ReactNode;
}) {
  useEffect(() => startOutboxRunner(onSent), [onSent]);
  return <OfflineWritesContext value={offlineWrites}>{children}</OfflineWritesContext>;
}
