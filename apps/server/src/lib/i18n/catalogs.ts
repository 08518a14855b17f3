import { readFileSync } from 'node:fs';
import type { Messages } from '@lingui/core';
import { parsePoFile } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type TLanguage } from '@mqr/contracts';

// The server's catalogs (ADR 111): src/locales/<language>/messages.po, read and compiled once.

/** Where a language's catalog is: `npm run i18n:extract:server` writes it, translators fill it. */
export const catalogUrl = (language: TLanguage) =>
  new URL(`../../locales/${language}/messages.po`, import.meta.url);

/**
 * A catalog's messages, compiled: each id's translation, else (not translated yet, which
 * `npm run i18n:check:server` refuses) the English of the code's descriptor is used.
 */
export function compileCatalog(poText: string): Messages {
  const messages: Messages = {};
  for (const item of parsePoFile(poText).items) {
    const translation = item.msgstr[0];
    if (item.obsolete || !item.msgid || !translation) continue;
    messages[item.msgid] = compileMessage(translation);
  }
  return messages;
}

/** Every language's compiled catalog, read from disk (once, when the server starts). */
export function loadCatalogs(): Record<TLanguage, Messages> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, compileCatalog(readFileSync(catalogUrl(language), 'utf8'))]),
  ) as Record<TLanguage, Messages>;
}
