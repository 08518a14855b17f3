import { type ReactNode, useEffect, useMemo } from 'react';
import { OfflineWritesContext } from '#web/lib/offline-writes.ts';
import {
  createOfflineWrites,
  startOutboxRunner,
  type TKeptAssets,
  type TOutboxEffects,
} from '../lib/outbox-runner.ts';

/**
 * The offline layer around the app's screens: they queue their writes here when offline
 * (lib/offline-writes.ts), and the outbox is sent whenever the connection allows. `effects` hear of
 * each write the server answered and of each the user discarded (the app updates what shows it);
 * `keptAssets` finds the asset pages kept on this device.
 */
export function OfflineLayer({
  effects,
  keptAssets,
  children,
}: {
  effects: TOutboxEffects;
  keptAssets: TKeptAssets;
  children: ReactNode;
}) {
  useEffect(() => startOutboxRunner(effects), [effects]);
  const writes = useMemo(() => createOfflineWrites(keptAssets), [keptAssets]);
  return <OfflineWritesContext value={writes}>{children}</OfflineWritesContext>;
}
