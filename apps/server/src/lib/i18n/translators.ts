import { type I18n, type MessageDescriptor, setupI18n, type Values } from '@lingui/core';
import { LANGUAGES, type TLanguage } from '@mqr/contracts';
import { loadCatalogs } from './catalogs.ts';
import { intlLocaleOf } from './formats.ts';

// One Lingui instance per language, made once (ADR 111): an instance's active locale never changes,
// so two requests, emails or files in two languages at the same time never borrow each other's words.

/** The server's words in one language. */
export interface Translator {
  language: TLanguage;
  /** The message in this language, its `{placeholders}` filled with `values` (as text, never markup). */
  t(descriptor: MessageDescriptor, values?: Values): string;
}

function translatorOf(language: TLanguage, instance: I18n): Translator {
  return {
    language,
    t: (descriptor, values) => instance._({ ...descriptor, values: values ?? descriptor.values }),
  };
}

const catalogs = loadCatalogs();
const translators = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    translatorOf(
      language,
      setupI18n({
        locale: language,
        locales: [intlLocaleOf(language)],
        messages: { [language]: catalogs[language] },
      }),
    ),
  ]),
) as Record<TLanguage, Translator>;

/** The translator of `language`: the same object every time. */
export function translatorFor(language: TLanguage): Translator {
  return translators[language];
}
