/**
 * A bar's width in percent of its track: `value / max`, kept within [minPercent, 100] so a small
 * but real value stays visible. Nothing to draw (0) when the value is missing or `max` is not
 * positive, and, with `zeroIsEmpty`, when the value is 0.
 */
export function barPercent(
  value: number | null,
  max: number,
  minPercent: number,
  options: { zeroIsEmpty?: boolean } = {},
): number {
  if (value === null || !Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return 0;
  if (options.zeroIsEmpty && value <= 0) return 0;
  return Math.min(100, Math.max(minPercent, (value / max) * 100));
}

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
