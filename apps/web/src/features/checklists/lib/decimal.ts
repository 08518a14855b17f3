/**
 * A number as a person types it: an optional minus, digits, and "." or "," as the decimal mark
 * ("2.5", "2,5", "-0,75", ".5"); spaces around are ignored. NaN for anything else (thousands
 * separators included: "1.234,5" is refused rather than guessed).
 */
export function parseDecimal(text: string): number {
  const trimmed = text.trim().replace(/^\u2212/, '-');
  if (!/^-?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return Number.NaN;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : Number.NaN;
}
