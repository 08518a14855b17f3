import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The server's catalogs (ADR 111): messages are descriptors in the code (`/*i18n*/ { id, message }`),
// extracted into one .po file per language, English the source; the server loads them at start.
// `contracts.po` beside each holds the API's messages of packages/contracts, which the server words
// in the files it writes (an import's problems, ADR 121); their translations are the web catalogs',
// copied by `npm run i18n:extract:server` (scripts/i18n-contracts.ts).
export default defineConfig({
  locales: ['en', 'de', 'fr', 'es'],
  sourceLocale: 'en',
  orderBy: 'messageId',
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/test/**'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/contracts',
      include: ['<rootDir>/../../packages/contracts/src'],
      exclude: ['**/*.test.ts'],
    },
  ],
  // File names without line numbers: moving a message within its file leaves the catalogs as they are.
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
});
