import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The server's catalogs (ADR 111): messages are descriptors in the code (`/*i18n*/ { id, message }`),
// extracted into one .po file per language, English the source; the server loads them at start.
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
  ],
  // File names without line numbers: moving a message within its file leaves the catalogs as they are.
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
});
