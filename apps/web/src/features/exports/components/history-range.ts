/** A local calendar day as `YYYY-MM-DD` (what a date input holds). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default range of the history export: the last twelve months up to today. */
export function defaultHistoryDays(now: Date = new Date()): { from: string; to: string } {
  const yearAgo = new Date(now);
  yearAgo.setFullYear(now.getFullYear() - 1);
  return { from: localDay(yearAgo), to: localDay(now) };
}

/**
 * The instants the API takes for local days `from` and `to` (both included): the start of the first
 * day and the last millisecond of the last, in the browser's time zone. Undefined for a day that is
 * not a date.
 */
export function historyRange(from: string, to: string): { from: string; to: string } | undefined {
  const start = new Date(`${from}T00:00:00`);
  const end = new Date(`${to}T23:59:59.999`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return undefined;
  return { from: start.toISOString(), to: end.toISOString() };
}
