import type { Messages } from '@lingui/core';
import { catalogsByLocale, type TCatalogs } from './i18n.ts';

/**
 * The app's catalogs (ADR 109): every message of the web app and the API's (ADR 113), about 30 KB
 * gzip each. The lean public page has smaller ones of its own (lib/public-catalogs.ts, ADR 120).
 */
export const APP_CATALOGS: TCatalogs = catalogsByLocale(
  import.meta.glob<{ messages: Messages }>('../locales/*/messages.po'),
);
