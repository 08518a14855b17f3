import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The web app's catalogs (ADR 109, docs/translating.md): extracted from src, one .po file per
 * language, English the source. `pseudo` (accented, longer) and `pseudo-ar` (right to left) are made
 * from the English texts when their catalog is loaded: for development and the e2e tests only.
 * The API's messages from packages/contracts are in the same catalogs, under their explicit ids.
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
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/service-worker/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
