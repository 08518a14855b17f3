import { formatCalendarDate } from '#web/lib/dates.ts';
import { intlLocale } from '#web/lib/i18n.ts';

/** Labels for the history chart's calendar days ("YYYY-MM-DD" from the server), in the active language. */
const BUCKET_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const shortDates = new Map<string, Intl.DateTimeFormat>();

/** "Feb 3", "3. Feb.", "3 févr.": made once per language. */
function shortDate(): Intl.DateTimeFormat {
  const locale = intlLocale();
  let format = shortDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    shortDates.set(locale, format);
  }
  return format;
}

/** A calendar day ("2026-02-03") as a UTC instant, so no browser time zone can move it. */
function bucketInstant(date: string): Date | null {
  const match = BUCKET_DATE.exec(date);
  if (!match) return null;
  const instant = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** A history bucket's day as a short label ("Feb 3"); the input itself when it is not YYYY-MM-DD. */
export function formatBucketDate(date: string): string {
  const instant = bucketInstant(date);
  return instant ? shortDate().format(instant) : date;
}

/** A history bucket's day in medium format ("Feb 3, 2026"); the input itself when it is not YYYY-MM-DD. */
export function formatBucketDateLong(date: string): string {
  return bucketInstant(date) ? formatCalendarDate(date) : date;
}
