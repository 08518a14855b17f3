// No zod here: the public page's bundle reads these without the schemas (ADR 032).

/**
 * Where an open task stands against its due date (docs/product/schedules.md#due-states): overdue (its
 * due date has passed), due today, due soon (within the next DUE_SOON_DAYS days), or none (no due
 * date, not soon yet, or completed).
 */
export const DUE_STATES = ['overdue', 'dueToday', 'dueSoon', 'none'] as const;
export type TDueState = (typeof DUE_STATES)[number];

/** "Due soon" and the dashboard's "Due in the next 7 days" look this many days ahead of today. */
export const DUE_SOON_DAYS = 7;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date `days` after (or before) an ISO date (YYYY-MM-DD), as an ISO date. */
export function addDays(isoDate: string, days: number): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new Error(`Not an ISO date: ${isoDate}`);
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + days * DAY_MS;
  return new Date(time).toISOString().slice(0, 10);
}

// Making a formatter costs far more than using one, and using one is still most of an asset page's
// own work: one formatter per time zone, and its last answer, good for the rest of that UTC minute
// (zones are whole minutes apart from UTC). Time zones are checked IANA names: a few hundred at most.
const MINUTE_MS = 60_000;
const dateFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; date: string }>();

function formatDate(format: Intl.DateTimeFormat, instant: Date): string {
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The calendar date (YYYY-MM-DD) of an instant in an IANA time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  let kept = dateFormats.get(timeZone);
  if (!kept) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    kept = { format, minute: Number.NaN, date: '' };
    dateFormats.set(timeZone, kept);
  }
  if (kept.minute !== minute) {
    kept.date = formatDate(kept.format, instant);
    kept.minute = minute;
  }
  return kept.date;
}

/** The due state of a task: none once Completed or without a due date; `today` is the organization's date. */
export function dueStateOf(task: { dueOn: string | null; completed: boolean }, today: string): TDueState {
  if (task.completed || !task.dueOn) return 'none';
  if (task.dueOn < today) return 'overdue';
  if (task.dueOn === today) return 'dueToday';
  return task.dueOn <= addDays(today, DUE_SOON_DAYS) ? 'dueSoon' : 'none';
}

/**
 * An asset's next service (docs/product/schedules.md#next-service-due): the earliest due date of its
 * open tasks or of its active schedules' next tasks; overdue when an open task's due date has passed.
 */
export function nextServiceOf(
  plan: { openDueOn: string | null; scheduledDueOn: string | null },
  today: string,
): { nextServiceDue: string | null; overdue: boolean } {
  const dates = [plan.openDueOn, plan.scheduledDueOn].filter((date): date is string => date !== null);
  return {
    nextServiceDue: dates.length > 0 ? dates.reduce((a, b) => (a < b ? a : b)) : null,
    overdue: plan.openDueOn !== null && plan.openDueOn < today,
  };
}
