import { createRequire } from 'node:module';
import type { MessageDescriptor, Values } from '@lingui/core';
import { type ApiText, LANGUAGES, type TLanguage, wordIn } from '@mqr/contracts';
import { loadCatalogs } from './catalogs.ts';
import { intlLocaleOf } from './formats.ts';

// One Lingui instance per language, made once (ADR 111): an instance's active locale never changes,
// so two requests, emails or files in two languages at the same time never borrow each other's words.

const load = createRequire(import.meta.url);

/** The server's words in one language. */
export interface Translator {
  language: TLanguage;
  /** The message in this language, its `{placeholders}` filled with `values` (as text, never markup). */
  t(descriptor: MessageDescriptor, values?: Values): string;
  /** An API message said with its id and values (a stored import problem) in this language, else its English (ADR 121). */
  word(text: ApiText): string;
}

/** Every language's translator, made with the first message written (Lingui loads then, ADR 033). */
function makeTranslators(): Record<TLanguage, Translator> {
  const { setupI18n } = load('@lingui/core') as typeof import('@lingui/core');
  const { compileMessage } = load(
    '@lingui/message-utils/compileMessage',
  ) as typeof import('@lingui/message-utils/compileMessage');
  const catalogs = loadCatalogs();
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const instance = setupI18n({
        locale: language,
        locales: [intlLocaleOf(language)],
        messages: { [language]: catalogs[language] },
      });
      // A descriptor missing from the catalog (never once the check passes) still has its placeholders filled.
      instance.setMessagesCompiler(compileMessage);
      const translator: Translator = {
        language,
        t: (descriptor, values) => instance._({ ...descriptor, values: values ?? descriptor.values }),
        word: (text) => wordIn(instance, text),
      };
      return [language, translator];
    }),
  ) as Record<TLanguage, Translator>;
}

let translators: Record<TLanguage, Translator> | undefined;

/** The translator of `language`: the same object every time. */
export function translatorFor(language: TLanguage): Translator {
  translators ??= makeTranslators();
  return translators[language];
}
