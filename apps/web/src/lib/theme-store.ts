import { useSyncExternalStore } from 'react';
import { safeLocalStorage } from './safe-local-storage.ts';

/** localStorage key of the chosen theme ("light" | "dark"); public/theme-init.js reads it too. */
export const THEME_STORAGE_KEY = 'mqr.theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export type TTheme = 'light' | 'dark';
type TStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type TThemeStore = ReturnType<typeof createThemeStore>;

export function createThemeStore(
  options: {
    storage?: TStorage | null;
    matchMedia?: ((query: string) => MediaQueryList) | null;
    root?: HTMLElement | null;
  } = {},
) {
  const storage = options.storage === undefined ? safeLocalStorage() : options.storage;
  const media =
    options.matchMedia === undefined
      ? typeof window !== 'undefined' && window.matchMedia
        ? window.matchMedia(DARK_QUERY)
        : null
      : (options.matchMedia?.(DARK_QUERY) ?? null);
  const root =
    options.root === undefined
      ? typeof document !== 'undefined'
        ? document.documentElement
        : null
      : options.root;
  const listeners = new Set<() => void>();

  function readStored(): TTheme | null {
    try {
      const value = storage?.getItem(THEME_STORAGE_KEY);
      return value === 'light' || value === 'dark' ? value : null;
    } catch {
      return null;
    }
  }

  let chosen = readStored();
  let theme: TTheme = chosen ?? (media?.matches ? 'dark' : 'light');

  function apply() {
    if (!root) return;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  }

  function set(next: TTheme) {
    if (next === theme) return;
    theme = next;
    apply();
    for (const listener of listeners) listener();
  }

  // Without a stored choice, system changes are followed.
  media?.addEventListener?.('change', (event) => {
    if (chosen === null) set(event.matches ? 'dark' : 'light');
  });

  apply();

  return {
    getTheme: () => theme,
    /** Whether the user picked a theme (otherwise the system preference is followed). */
    hasChoice: () => chosen !== null,
    toggle() {
      const next: TTheme = theme === 'dark' ? 'light' : 'dark';
      chosen = next;
      try {
        storage?.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // not persisted; still applied
      }
      set(next);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

let appThemeStore: TThemeStore | null = null;
/** The app's theme store, created on first use. */
export function getThemeStore(): TThemeStore {
  appThemeStore ??= createThemeStore();
  return appThemeStore;
}

export function useTheme(store: TThemeStore = getThemeStore()): TTheme {
  return useSyncExternalStore(store.subscribe, store.getTheme, store.getTheme);
}
