import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the device has a connection, as the app's queries see it (TanStack Query's onlineManager,
 * which follows the browser's online and offline events): offline, queries wait with what the device
 * kept instead of failing.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** The onlineManager starts online whatever the browser says: an app opened offline starts offline. */
export function followBrowserConnection(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
}
