import { currencyDecimals } from '@mqr/contracts';
import { i18n, intlLocale } from './i18n.ts';

/**
 * Money and work time as the reader writes them (ADR 131): amounts are integer minor units of the
 * organization's currency, shown with Intl.NumberFormat in the active language; times are minutes,
 * typed as minutes ("90") or hours and minutes ("1:30").
 */

const locale = () => (i18n.locale ? intlLocale(i18n.locale) : undefined);

/** "1.234,50 €" (de), "€1,234.50" (en): `minor` units of `currency` in the active language. */
export function formatMoney(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  return new Intl.NumberFormat(locale(), { style: 'currency', currency }).format(minor / 10 ** decimals);
}

/**
 * An amount typed in the currency's major units ("12.50", "12,50", "1 234,5") as minor units; null
 * when it is not a non-negative amount with at most the currency's decimals.
 */
export function parseMoney(text: string, currency: string): number | null {
  const decimals = currencyDecimals(currency);
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  // The last "," or "." followed by 1..decimals digits is the decimal mark; others group thousands.
  const match = /^(\d+(?:[.,]\d{3})*|\d+)(?:[.,](\d+))?$/.exec(compact);
  if (!match) return null;
  const whole = match[1]!.replace(/[.,]/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}

/** A quantity typed with "." or "," as the decimal mark (up to three decimals); null otherwise. */
export function parseQuantity(text: string): number | null {
  const match = /^(\d+)(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(`${match[1]}.${match[2] ?? '0'}`);
}

/** Minutes typed as "90", or hours and minutes as "1:30" / "1h30"; null when neither. */
export function parseMinutes(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const match = /^(\d+)\s*[:h]\s*(\d{1,2})?$/i.exec(trimmed);
  if (!match) return null;
  const minutes = Number(match[2] ?? '0');
  return minutes > 59 ? null : Number(match[1]) * 60 + minutes;
}

/** Minutes as "1:30" (h:mm), the way they are typed. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
