/**
 * A date and time as a datetime-local input takes it (2026-11-29T14:05), `minutesAgo` before now, in
 * the zone of the browser the tests run beside.
 */
export function localInput(minutesAgo: number): string {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
