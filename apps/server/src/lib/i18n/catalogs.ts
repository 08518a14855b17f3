import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Messages } from '@lingui/core';
import { LANGUAGES, type TLanguage } from '@mqr/contracts';

// The server's catalogs (ADR 111): src/locales/<language>/messages.po, read and compiled once, when
// the first message is written. The parser and compiler load then, not with the server (idle
// memory, ADR 033): `require` of these ES modules is synchronous, so translating stays synchronous.

const load = createRequire(import.meta.url);

/**
 * Where a language's catalogs are: the server's own texts (`npm run i18n:extract:server` writes it,
 * translators fill it), and the API's messages of the contracts, their translations copied from the
 * web's catalogs (ADR 121).
 */
export const catalogUrls = (language: TLanguage) =>
  ['messages', 'contracts'].map((name) => new URL(`../../locales/${language}/${name}.po`, import.meta.url));

/**
 * A catalog's messages, compiled: each id's translation. A message not translated yet (which
 * `npm run i18n:check:server` refuses) is left out, so the English of the code's descriptor is used.
 */
export function compileCatalog(poText: string): Messages {
  const { parsePoFile } = load('@lingui/format-po') as typeof import('@lingui/format-po');
  const { compileMessage } = load(
    '@lingui/message-utils/compileMessage',
  ) as typeof import('@lingui/message-utils/compileMessage');
  const messages: Messages = {};
  for (const item of parsePoFile(poText).items) {
    const translation = item.msgstr[0];
    if (item.obsolete || !item.msgid || !translation) continue;
    messages[item.msgid] = compileMessage(translation);
  }
  return messages;
}

/** Every language's compiled catalogs, read from disk: one set of messages per language. */
export function loadCatalogs(): Record<TLanguage, Messages> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.assign({}, ...catalogUrls(language).map((url) => compileCatalog(readFileSync(url, 'utf8')))),
    ]),
  ) as Record<TLanguage, Messages>;
}
