/** Labels for the history chart's calendar days ("YYYY-MM-DD" from the server). */
const BUCKET_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

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
  return instant ? shortDate.format(instant) : date;
}

/** A history bucket's day in medium format ("Feb 3, 2026"); the input itself when it is not YYYY-MM-DD. */
export function formatBucketDateLong(date: string): string {
  const instant = bucketInstant(date);
  return instant ? mediumDate.format(instant) : date;
}
