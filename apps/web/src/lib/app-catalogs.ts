import type { TCatalogs } from './i18n.ts';

/**
 * The app's catalogs (ADR 109): every message of the web app and the API's (ADR 113), about 30 KB
 * gzip each. The lean public page has smaller ones of its own (lib/public-catalogs.ts, ADR 120).
 */
export const APP_CATALOGS: TCatalogs = {
  en: () => import('../locales/en/messages.po'),
  de: () => import('../locales/de/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  es: () => import('../locales/es/messages.po'),
  pseudo: () => import('../locales/pseudo/messages.po'),
  'pseudo-ar': () => import('../locales/pseudo-ar/messages.po'),
};
