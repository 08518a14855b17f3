import { formatNumber } from '#web/lib/dates.ts';

/**
 * How many assets a selection holds: an exact count, or (all that a list shows past its count) at
 * least `count`.
 */
export type TShownCount = { count: number; more: boolean };

/** A count written the reader's way: "1,234" (1.234, 1 234), or "200+" past a list's count. */
export function shownCount({ count, more }: TShownCount): string {
  return more ? `${formatNumber(count)}+` : formatNumber(count);
}
