import { addDays, CALENDAR_ASSIGNEE_CHOICES, type TCalendarAssignee } from '@mqr/contracts';

// What the calendar shows (docs/product/calendar.md#calendar-page): a view, the date it is on, and
// whose work; kept in the address so that a view can be shared and Back goes to the one before.

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type TCalendarView = (typeof CALENDAR_VIEWS)[number];

/** The agenda shows four weeks from its date. */
export const AGENDA_DAYS = 28;
/** Items a month cell and a week day list before "+N more". */
export const PER_DAY: Record<Exclude<TCalendarView, 'agenda'>, number> = { month: 3, week: 10 };

export type TCalendarState = { view: TCalendarView; date: string; assignee: TCalendarAssignee };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The browser's date today (YYYY-MM-DD). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isDate(text: string | null): text is string {
  if (!text || !ISO_DATE.test(text)) return false;
  return addDays(text, 0) === text && text >= '2000-01-01' && text <= '2999-12-31';
}

/** The state of an address's parameters; what is missing or wrong falls back to the defaults. */
export function calendarStateOf(
  params: URLSearchParams,
  defaults: { view: TCalendarView; date: string },
): TCalendarState {
  const view = params.get('view');
  const date = params.get('date');
  const assignee = params.get('assignee') ?? 'all';
  const choices: readonly string[] = CALENDAR_ASSIGNEE_CHOICES;
  return {
    view: (CALENDAR_VIEWS as readonly string[]).includes(view ?? '')
      ? (view as TCalendarView)
      : defaults.view,
    date: isDate(date) ? date : defaults.date,
    assignee: choices.includes(assignee) || UUID.test(assignee) ? assignee : 'all',
  };
}

export function paramsOf(state: TCalendarState): URLSearchParams {
  const params = new URLSearchParams({ view: state.view, date: state.date });
  if (state.assignee !== 'all') params.set('assignee', state.assignee);
  return params;
}

const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const weekdayOf = (isoDate: string) => (utc(isoDate).getUTCDay() + 6) % 7;

/** The Monday on or before a date (weeks start on Monday). */
export function weekStart(isoDate: string): string {
  return addDays(isoDate, -weekdayOf(isoDate));
}

const firstOfMonth = (isoDate: string) => `${isoDate.slice(0, 8)}01`;

function addMonths(isoDate: string, months: number): string {
  const date = utc(firstOfMonth(isoDate));
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The month's weeks, Monday to Sunday, from the week of its 1st to the week of its last day. */
export function monthWeeks(isoDate: string): string[][] {
  const first = firstOfMonth(isoDate);
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  for (let monday = weekStart(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, day) => addDays(monday, day)));
  }
  return weeks;
}

/** The days a view shows for a date (at most 42: the server's limit). */
export function rangeOf(view: TCalendarView, date: string): { from: string; to: string } {
  if (view === 'week') return { from: weekStart(date), to: addDays(weekStart(date), 6) };
  if (view === 'agenda') return { from: date, to: addDays(date, AGENDA_DAYS - 1) };
  const weeks = monthWeeks(date);
  return { from: weeks[0]![0]!, to: weeks.at(-1)![6]! };
}

/** The date of the previous (-1) or next (1) month, week or four weeks. */
export function shiftDate(view: TCalendarView, date: string, direction: -1 | 1): string {
  if (view === 'month') return addMonths(date, direction);
  if (view === 'week') return addDays(weekStart(date), 7 * direction);
  return addDays(date, AGENDA_DAYS * direction);
}

const format = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
const monthYear = format({ month: 'long', year: 'numeric' });
const dayMonthYear = format({ day: 'numeric', month: 'short', year: 'numeric' });
const longDay = format({ weekday: 'long', day: 'numeric', month: 'long' });
const shortDay = format({ weekday: 'short', day: 'numeric', month: 'short' });
const weekdayShort = format({ weekday: 'short' });

/** The period a view shows: "March 2026", "2 Mar 2026 – 8 Mar 2026". */
export function periodLabel(view: TCalendarView, date: string): string {
  if (view === 'month') return monthYear.format(utc(date));
  const { from, to } = rangeOf(view, date);
  return `${dayMonthYear.format(utc(from))} – ${dayMonthYear.format(utc(to))}`;
}

/** "Monday, 2 March" (a day's heading and its name for assistive technology). */
export const longDate = (isoDate: string) => longDay.format(utc(isoDate));
/** "Mon, 2 Mar". */
export const shortDate = (isoDate: string) => shortDay.format(utc(isoDate));
/** The weekdays' short names, Monday first. */
export const weekdayNames = () =>
  Array.from({ length: 7 }, (_, day) => weekdayShort.format(utc(addDays('2024-01-01', day))));
/** The day of the month, as a cell shows it. */
export const dayOfMonth = (isoDate: string) => String(Number(isoDate.slice(8)));
