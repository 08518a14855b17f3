import { describe, expect, it } from 'vitest';
import { createThemeStore, THEME_STORAGE_KEY } from './theme-store.ts';

function fakeMedia(initial: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const media = {
    matches: initial,
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) =>
      listeners.add(listener),
    removeEventListener: () => {},
  };
  return {
    matchMedia: () => media as unknown as MediaQueryList,
    change(matches: boolean) {
      media.matches = matches;
      for (const listener of listeners) listener({ matches });
    },
  };
}

describe('theme store', () => {
  it('starts from the stored choice over the system preference', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const store = createThemeStore({ matchMedia: fakeMedia(true).matchMedia });
    expect(store.getTheme()).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('uses the system dark preference without a stored choice, else light', () => {
    expect(createThemeStore({ matchMedia: fakeMedia(true).matchMedia }).getTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(createThemeStore({ matchMedia: fakeMedia(false).matchMedia }).getTheme()).toBe('light');
    expect(createThemeStore({ matchMedia: null }).getTheme()).toBe('light');
  });

  it('ignores an invalid stored value', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(createThemeStore({ matchMedia: fakeMedia(true).matchMedia }).getTheme()).toBe('dark');
  });

  it('follows system changes until the user chooses, then keeps the choice', () => {
    const media = fakeMedia(false);
    const store = createThemeStore({ matchMedia: media.matchMedia });
    media.change(true);
    expect(store.getTheme()).toBe('dark');
    media.change(false);
    expect(store.getTheme()).toBe('light');
    store.toggle();
    expect(store.getTheme()).toBe('dark');
    media.change(false);
    expect(store.getTheme()).toBe('dark');
  });

  it('toggling flips, applies and persists the theme', () => {
    const store = createThemeStore({ matchMedia: fakeMedia(false).matchMedia });
    let notified = 0;
    store.subscribe(() => notified++);
    store.toggle();
    expect(store.getTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    store.toggle();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(notified).toBe(2);
    // A new page load starts from the persisted choice.
    expect(createThemeStore({ matchMedia: fakeMedia(true).matchMedia }).getTheme()).toBe('light');
  });
});
