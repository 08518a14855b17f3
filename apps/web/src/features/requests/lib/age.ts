import { i18n, intlLocale } from '#web/lib/i18n.ts';

/**
 * How long ago a request was reported, in the active language ("5 minutes ago", "vor 3 Stunden"):
 * minutes under an hour, hours under two days, then days.
 */
export function ageOf(createdAt: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.round((now.getTime() - new Date(createdAt).getTime()) / 60_000));
  const format = new Intl.RelativeTimeFormat(i18n.locale ? intlLocale(i18n.locale) : undefined, {
    numeric: 'auto',
    style: 'short',
  });
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(-hours, 'hour');
  return format.format(-Math.round(hours / 24), 'day');
}
