import { registerSW } from 'virtual:pwa-register';
import { useSyncExternalStore } from 'react';

let needRefresh = false;
let update: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

/**
 * Registers the service worker (ADR 055). A new version installs in the background and waits; the
 * app then says so (useUpdateAvailable) and the user's "Reload" switches to it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  update = registerSW({
    onNeedRefresh() {
      needRefresh = true;
      for (const listener of listeners) listener();
    },
  });
}

/** Switches to the waiting version and reloads the page. */
export function reloadToUpdate(): void {
  void update?.(true);
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => needRefresh,
    () => false,
  );
}
