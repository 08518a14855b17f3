import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, configure } from '@testing-library/react';
import { createElement, type JSXElementConstructor, type ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { APP_CATALOGS } from '#web/lib/app-catalogs.ts';
import { speakFrom } from '#web/lib/i18n.ts';

// The screens speak English in tests (the source texts, compiled on the fly), unless a test loads
// another catalog (lib/i18n.ts activateLocale): the app's, unless a test chooses the public page's.
function speakEnglish() {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
}
speakFrom(APP_CATALOGS);
speakEnglish();
beforeEach(() => {
  speakFrom(APP_CATALOGS);
  if (i18n.locale !== 'en') speakEnglish();
});

// Every render has Lingui's provider around it, as the app's root and the public page's have.
type TWrapper = JSXElementConstructor<{ children: ReactNode }>;
function withI18n(wrapper?: TWrapper): TWrapper {
  return ({ children }) =>
    createElement(I18nProvider, { i18n }, wrapper ? createElement(wrapper, null, children) : children);
}
vi.mock('@testing-library/react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@testing-library/react')>();
  const render = (ui: ReactNode, options?: { wrapper?: TWrapper }) =>
    actual.render(ui, { ...options, wrapper: withI18n(options?.wrapper) });
  const renderHook = (callback: (props: unknown) => unknown, options?: { wrapper?: TWrapper }) =>
    actual.renderHook(callback, { ...options, wrapper: withI18n(options?.wrapper) });
  return { ...actual, render, renderHook };
});

// findBy*/waitFor wait up to 1 s by default, too short on a busy CI machine: a screen's first render
// loads its route's chunks and a catalog, which took over 5 s on a 2-core machine under load.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting jsdom's cookies between tests
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// jsdom has no matchMedia; tests that care install their own.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

// jsdom does not implement scrolling (ScrollRestoration calls it).
window.scrollTo = () => {};
