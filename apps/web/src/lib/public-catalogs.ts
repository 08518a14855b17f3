import type { Messages } from '@lingui/core';
import { catalogsByLocale, type TCatalogs } from './i18n.ts';

/**
 * The lean public page's catalogs (ADR 120): only the messages of the files it loads
 * (locales/public-page-modules.json), a few KB where the app's are about 30. Their translations
 * are the app catalogs' (docs/translating.md); the app itself never loads them.
 */
export const PUBLIC_CATALOGS: TCatalogs = catalogsByLocale(
  import.meta.glob<{ messages: Messages }>('../locales/*/public.po'),
);
