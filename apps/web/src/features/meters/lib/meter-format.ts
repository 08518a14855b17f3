import { formatNumber } from '#web/lib/dates.ts';
import { i18n, intlLocale } from '#web/lib/i18n.ts';

/** A reading with its unit, in the active language: "12,345.5 h". */
export function formatReading(value: number, unit: string): string {
  return `${formatNumber(value)} ${unit}`;
}

/** A daily use with its unit: whole numbers from 10 up, one decimal below, two below one. */
export function formatRate(rate: number, unit: string): string {
  const digits = rate >= 10 ? 0 : rate >= 1 ? 1 : 2;
  return `${formatNumber(Number(rate.toFixed(digits)))} ${unit}`;
}

/** The active language's decimal mark ("." in English, "," in German, French and Spanish). */
export function decimalMark(): string {
  const locale = i18n.locale ? intlLocale(i18n.locale) : undefined;
  return (
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/**
 * A number typed in a form, as the active language writes it (`decimal`: its decimal mark): its
 * thousands separators left out when each is followed by three digits ("12,345" in English,
 * "12.345" in German), the other mark read as a decimal one when it is not ("12.5" in German);
 * spaces ignored. Null when it is no number from 0 up.
 */
export function parseReading(text: string, decimal: string = decimalMark()): number | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return null;
  const group = decimal === '.' ? ',' : '.';
  let normal: string;
  if (compact.includes(decimal)) {
    normal = compact.replaceAll(group, '').replace(decimal, '.');
  } else if (compact.includes(group)) {
    const parts = compact.split(group);
    const thousands = parts.slice(1).every((part) => /^\d{3}$/.test(part));
    normal = thousands ? parts.join('') : parts.length === 2 ? parts.join('.') : compact;
  } else normal = compact;
  if (!/^\d+(\.\d+)?$/.test(normal)) return null;
  return Number(normal);
}
