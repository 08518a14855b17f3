import { addDays, CALENDAR_ASSIGNEE_CHOICES, type TCalendarAssignee } from '@mqr/contracts';
import { i18n, intlLocale } from '#web/lib/i18n.ts';
import { CALENDAR_TEXTS } from '../texts.ts';

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

/** A weekday as ISO 8601 and Intl's week information count it: 1 = Monday ... 7 = Sunday. */
export type TFirstDay = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * The first day of the week where the browser's Intl.Locale has no week information (Firefox has
 * neither getWeekInfo nor weekInfo): the app's languages and the locales they borrow (CLDR's values).
 */
const FIRST_DAY_FALLBACK: Record<string, TFirstDay> = { 'en-US': 7, 'en-GB': 1, de: 1, fr: 1, es: 1, ar: 6 };

type TWeekInfo = { firstDay?: number };
type TLocaleWithWeek = Intl.Locale & { getWeekInfo?: () => TWeekInfo; weekInfo?: TWeekInfo };

/**
 * The first day of a locale's week (ADR 114): English (`en`, which CLDR reads as American English)
 * starts on Monday, as the product describes its weeks; other locales as Intl knows them (German,
 * French, Spanish: Monday; en-US: Sunday), else as the fallback table says, else Monday.
 */
export function firstDayOfWeek(locale: string = intlLocale()): TFirstDay {
  if (locale === 'en') return 1;
  try {
    const tagged = new Intl.Locale(locale) as TLocaleWithWeek;
    const info = typeof tagged.getWeekInfo === 'function' ? tagged.getWeekInfo() : tagged.weekInfo;
    const day = info?.firstDay;
    if (day && day >= 1 && day <= 7) return day as TFirstDay;
  } catch {
    // not a locale Intl knows: the table
  }
  return FIRST_DAY_FALLBACK[locale] ?? FIRST_DAY_FALLBACK[locale.split('-')[0] ?? ''] ?? 1;
}

/** The first day of the week on or before a date (the active language's week, firstDayOfWeek). */
export function weekStart(isoDate: string, firstDay: TFirstDay = firstDayOfWeek()): string {
  const weekday = utc(isoDate).getUTCDay() || 7;
  return addDays(isoDate, -((weekday - firstDay + 7) % 7));
}

const firstOfMonth = (isoDate: string) => `${isoDate.slice(0, 8)}01`;

function addMonths(isoDate: string, months: number): string {
  const date = utc(firstOfMonth(isoDate));
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The month's weeks, from the week of its 1st to the week of its last day, each from `firstDay`. */
export function monthWeeks(isoDate: string, firstDay: TFirstDay = firstDayOfWeek()): string[][] {
  const first = firstOfMonth(isoDate);
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  for (let start = weekStart(first, firstDay); start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, day) => addDays(start, day)));
  }
  return weeks;
}

/** The days a view shows for a date (at most 42: the server's limit). */
export function rangeOf(
  view: TCalendarView,
  date: string,
  firstDay: TFirstDay = firstDayOfWeek(),
): { from: string; to: string } {
  if (view === 'week') return { from: weekStart(date, firstDay), to: addDays(weekStart(date, firstDay), 6) };
  if (view === 'agenda') return { from: date, to: addDays(date, AGENDA_DAYS - 1) };
  const weeks = monthWeeks(date, firstDay);
  return { from: weeks[0]![0]!, to: weeks.at(-1)![6]! };
}

/** The date of the previous (-1) or next (1) month, week or four weeks. */
export function shiftDate(
  view: TCalendarView,
  date: string,
  direction: -1 | 1,
  firstDay: TFirstDay = firstDayOfWeek(),
): string {
  if (view === 'month') return addMonths(date, direction);
  if (view === 'week') return addDays(weekStart(date, firstDay), 7 * direction);
  return addDays(date, AGENDA_DAYS * direction);
}

type TFormats = Record<
  'monthYear' | 'dayMonthYear' | 'longDay' | 'shortDay' | 'weekdayShort',
  Intl.DateTimeFormat
>;
const formats = new Map<string, TFormats>();

/** The calendar's date formats in the active language (made once per language), in UTC as its dates are. */
function formatsOf(locale: string = intlLocale()): TFormats {
  let found = formats.get(locale);
  if (!found) {
    const format = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    found = {
      monthYear: format({ month: 'long', year: 'numeric' }),
      dayMonthYear: format({ day: 'numeric', month: 'short', year: 'numeric' }),
      longDay: format({ weekday: 'long', day: 'numeric', month: 'long' }),
      shortDay: format({ weekday: 'short', day: 'numeric', month: 'short' }),
      weekdayShort: format({ weekday: 'short' }),
    };
    formats.set(locale, found);
  }
  return found;
}

/** The period a view shows: "March 2026", "Mar 2, 2026 – Mar 8, 2026" (in the active language). */
export function periodLabel(view: TCalendarView, date: string): string {
  const { monthYear, dayMonthYear } = formatsOf();
  if (view === 'month') return monthYear.format(utc(date));
  const { from, to } = rangeOf(view, date);
  return i18n._(CALENDAR_TEXTS.period(dayMonthYear.format(utc(from)), dayMonthYear.format(utc(to))));
}

/** "Monday, March 2" (a day's heading and its name for assistive technology). */
export const longDate = (isoDate: string) => formatsOf().longDay.format(utc(isoDate));
/** "Mon, Mar 2". */
export const shortDate = (isoDate: string) => formatsOf().shortDay.format(utc(isoDate));
/** The weekdays' short names, from the first day of the week (2024-01-01 was a Monday). */
export const weekdayNames = (firstDay: TFirstDay = firstDayOfWeek()) => {
  const { weekdayShort } = formatsOf();
  return Array.from({ length: 7 }, (_, day) =>
    weekdayShort.format(utc(addDays('2024-01-01', firstDay - 1 + day))),
  );
};
/** The day of the month, as a cell shows it. */
export const dayOfMonth = (isoDate: string) => String(Number(isoDate.slice(8)));
