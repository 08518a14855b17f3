import type { TCatalogs } from './i18n.ts';

/**
 * The lean public page's catalogs (ADR 120): only the messages of the files it loads
 * (locales/public-page-modules.json), a few KB where the app's are about 30. Their translations
 * are the app catalogs' (docs/translating.md); the app itself never loads them.
 */
export const PUBLIC_CATALOGS: TCatalogs = {
  en: () => import('../locales/en/public.po'),
  de: () => import('../locales/de/public.po'),
  fr: () => import('../locales/fr/public.po'),
  es: () => import('../locales/es/public.po'),
  pseudo: () => import('../locales/pseudo/public.po'),
  'pseudo-ar': () => import('../locales/pseudo-ar/public.po'),
};
