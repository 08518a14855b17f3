const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
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

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? mediumDateTime.format(date) : '';
}

export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}
