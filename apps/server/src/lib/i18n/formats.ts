import type { TLanguage } from '@mqr/contracts';

// Dates and numbers as a language writes them (ADR 111). The zone is the caller's: an organization's
// dates stay in its time zone whatever the reader's language.

/** The Intl locale of each language: the region whose conventions the product's texts follow. */
const INTL_LOCALES: Record<TLanguage, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

export const intlLocaleOf = (language: TLanguage) => INTL_LOCALES[language];

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One shared Intl.DateTimeFormat per language, options and zone (they are costly to make). */
export function dateTimeFormat(
  language: TLanguage,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
  timeZone = 'UTC',
): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocaleOf(language), { ...options, timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A calendar date (YYYY-MM-DD) in words, "May 4, 2026" / "4. Mai 2026": the date is the
 * organization's already, so it is told in UTC and no zone moves it.
 */
export function calendarDateText(
  language: TLanguage,
  isoDate: string,
  dateStyle: Intl.DateTimeFormatOptions['dateStyle'] = 'medium',
): string {
  return dateTimeFormat(language, { dateStyle }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** A number as the language writes it ("1,234" / "1.234" / "1 234"). */
export function numberText(language: TLanguage, value: number): string {
  return new Intl.NumberFormat(intlLocaleOf(language)).format(value);
}
