// The languages the interface, emails, PDFs and feeds are written in, and how one is chosen.

import { englishMessages, said } from './messages.ts';

/** Every language the product ships complete catalogs for; the first is the source language. */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export const LANGUAGE_MESSAGES = {
  ...englishMessages({
    languageInvalid: said(
      /*i18n*/ { id: 'language.languageInvalid', message: 'Choose a language: {languages}.' },
      { languages: LANGUAGES.join(', ') },
    ),
  }),
} as const;

/** The language of a new organization, and of anything with no better choice. */
export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** Each language's name in itself (endonym): a switcher shows these, never translated. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language someone reads best among ours: the first of their preferences (an Accept-Language
 * header such as "fr-CH, fr;q=0.9, en;q=0.8", or the browser's navigator.languages) whose primary
 * subtag we ship, in the order of their q-values; `fallback` when none is ours.
 */
export function negotiateLanguage(
  preferences: string | readonly string[] | null | undefined,
  fallback: TLanguage = DEFAULT_LANGUAGE,
): TLanguage {
  if (!preferences) return fallback;
  const ranked =
    typeof preferences === 'string'
      ? preferences
          .split(',')
          .map((part, index) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
            const weight = q === undefined ? 1 : Number(q);
            return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
          })
          .filter((entry) => entry.tag && entry.weight > 0)
          .sort((a, b) => b.weight - a.weight || a.index - b.index)
          .map((entry) => entry.tag)
      : preferences;
  for (const tag of ranked) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return fallback;
}

/** The language a signed-in person's screens, emails and files use: their own, else the organization's. */
export function languageOf(
  person: { language: TLanguage | null },
  organization: { language: TLanguage },
): TLanguage {
  return person.language ?? organization.language;
}
