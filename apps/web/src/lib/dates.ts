import { i18n, intlLocale } from './i18n.ts';

/**
 * Dates and numbers in the active language (lib/i18n.ts): formatters made per language, once.
 * Calendar dates (YYYY-MM-DD: due dates, ADR 051) are read at UTC midnight and shown in UTC, so that
 * no browser's time zone moves them to the day before.
 */

type TFormatters = {
  date: Intl.DateTimeFormat;
  calendarDate: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
  number: Intl.NumberFormat;
};

const formatters = new Map<string, TFormatters>();

function current(): TFormatters {
  // Before any catalog is active: the browser's own.
  const locale = i18n.locale ? intlLocale(i18n.locale) : undefined;
  const key = locale ?? '';
  let found = formatters.get(key);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
      calendarDate: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      number: new Intl.NumberFormat(locale),
    };
    formatters.set(key, found);
  }
  return found;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Medium date in the active language (docs/product/overview.md#formats). */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? current().date.format(date) : '';
}

/** A calendar date (YYYY-MM-DD) as a medium date, the same day whatever the browser's time zone. */
export function formatCalendarDate(isoDate: string | null | undefined): string {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return '';
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : current().calendarDate.format(date);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? current().dateTime.format(date) : '';
}

/** A number in the active language (1,234 / 1.234 / 1 234), with `fractionDigits` decimals when given. */
export function formatNumber(value: number, fractionDigits?: number): string {
  if (fractionDigits === undefined) return current().number.format(value);
  return value.toLocaleString(current().number.resolvedOptions().locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}
