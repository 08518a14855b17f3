import { readFileSync } from 'node:fs';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The files the lean public page loads (scripts/public-page-modules.ts writes the list, `npm run
 * i18n:check` fails when it is stale): its catalog holds their messages only (ADR 120).
 */
const publicPageModules: string[] = JSON.parse(
  readFileSync(new URL('src/locales/public-page-modules.json', import.meta.url), 'utf8'),
);
const NOT_SHIPPED = ['**/*.test.ts', '**/*.test.tsx', '**/service-worker/**'];

/**
 * The web app's catalogs (ADR 109, docs/translating.md): extracted from src, one .po file per
 * language, English the source. `pseudo` (accented, longer) and `pseudo-ar` (right to left) are made
 * from the English texts when their catalog is loaded: for development and the e2e tests only.
 * The API's messages from packages/contracts are in the same catalogs, under their explicit ids.
 * The public asset page has catalogs of its own, a subset of the app's (ADR 120).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'pseudo', 'pseudo-ar'],
  pseudoLocale: [
    // Padded with "~ " to 40 % longer (breakable, as a longer translation's extra words are) and
    // bracketed, so that a clipped end shows.
    { locale: 'pseudo', extend: 0.4, extendCharacter: '~ ', prepend: '[', append: ']' },
    { locale: 'pseudo-ar', rightToLeft: true },
  ],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      // The API's messages (ADR 113): the contracts' descriptors, worded here by the id the server sends.
      include: ['<rootDir>/src', '<rootDir>/../../packages/contracts/src'],
      exclude: NOT_SHIPPED,
    },
    {
      // The public asset page's (ADR 120): the messages of the files it loads, the contracts' among
      // them, translated by copying the app catalog's translations (scripts/public-catalog.ts).
      path: '<rootDir>/src/locales/{locale}/public',
      include: publicPageModules.map((file) => `<rootDir>/${file}`),
      exclude: NOT_SHIPPED,
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
