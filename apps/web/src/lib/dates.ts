const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
// Calendar dates (YYYY-MM-DD: due dates, ADR 051) are read at UTC midnight and shown in UTC, so that
// no browser's time zone moves them to the day before.
const mediumCalendarDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const mediumDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Medium date in the browser's locale (docs/product/overview.md#formats). */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? mediumDate.format(date) : '';
}

/** A calendar date (YYYY-MM-DD) as a medium date, the same day whatever the browser's time zone. */
export function formatCalendarDate(isoDate: string | null | undefined): string {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return '';
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : mediumCalendarDate.format(date);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? mediumDateTime.format(date) : '';
}

export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}
