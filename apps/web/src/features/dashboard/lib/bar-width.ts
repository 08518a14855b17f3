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
