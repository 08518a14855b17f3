import {
  addDays,
  SCHEDULE_LATEST_DATE,
  type TRecurrence,
  type TRecurrenceUnit,
  type TScheduleMode,
} from '@mqr/contracts';
import rrule, { type Options } from 'rrule';

// Recurrences are iCalendar RRULEs computed by the `rrule` library over calendar dates (ADR 051): each
// date is the UTC midnight of that day, so no daylight-saving change ever moves one; the organization's
// time zone only decides which date "today" is.

const { RRule } = rrule;
type Rule = InstanceType<typeof RRule>;
type RuleOptions = Partial<Options>;

const FREQUENCIES: Record<TRecurrenceUnit, number> = {
  day: RRule.DAILY,
  week: RRule.WEEKLY,
  month: RRule.MONTHLY,
  year: RRule.YEARLY,
};

/** A calendar date (YYYY-MM-DD) as the Date the rules compute with: its UTC midnight. */
export function toRuleDate(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

export function fromRuleDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A day of the month that shorter months lack (29 to 31) falls on their last day instead:
 * BYMONTHDAY=31,-1;BYSETPOS=1 takes the first of "the 31st, the last day" in each month.
 */
function monthDay(day: number): Pick<RuleOptions, 'bymonthday' | 'bysetpos'> {
  return day > 28 ? { bymonthday: [day, -1], bysetpos: [1] } : { bymonthday: [day] };
}

/**
 * The rule's options, anchored on `anchor` (the start date; for a floating schedule, the last
 * completion): every N months from the 31st stays on the last day of shorter months, every N weeks
 * stays on the anchor's weekday, every N years on its month and day.
 */
function ruleOptions(recurrence: TRecurrence, anchor: string): RuleOptions {
  const start = toRuleDate(anchor);
  switch (recurrence.pattern) {
    case 'interval': {
      const base = { freq: FREQUENCIES[recurrence.unit], interval: recurrence.every };
      if (recurrence.unit === 'month') return { ...base, ...monthDay(start.getUTCDate()) };
      if (recurrence.unit === 'year') {
        return { ...base, bymonth: [start.getUTCMonth() + 1], ...monthDay(start.getUTCDate()) };
      }
      if (recurrence.unit === 'week') return { ...base, byweekday: [(start.getUTCDay() + 6) % 7] };
      return base;
    }
    case 'weekdays':
      return {
        freq: RRule.WEEKLY,
        interval: recurrence.every,
        byweekday: recurrence.weekdays.map((day) => RRule[day]),
      };
    case 'monthDay':
      return { freq: RRule.MONTHLY, interval: recurrence.every, ...monthDay(recurrence.day) };
    case 'lastDayOfMonth':
      return { freq: RRule.MONTHLY, interval: recurrence.every, bymonthday: [-1] };
  }
}

/** The schedule's RRULE text (no DTSTART; UNTIL is the end date): what is stored and what the engine reads. */
export function toRRuleText(recurrence: TRecurrence, startsOn: string, endsOn: string | null): string {
  const options = ruleOptions(recurrence, startsOn);
  const text = RRule.optionsToString({ ...options, ...(endsOn ? { until: toRuleDate(endsOn) } : {}) });
  return text.replace(/^RRULE:/, '');
}

/** Parsed rule texts, kept: a rule applied to thousands of assets is one text. */
const parsed = new Map<string, RuleOptions>();

function optionsOf(text: string): RuleOptions {
  let options = parsed.get(text);
  if (!options) {
    options = RRule.parseString(text);
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(text, options);
  }
  return options;
}

/** The rule of `text` counted from `dtstart` (a due date of it, or the start date). */
function ruleFrom(text: string, dtstart: string): Rule {
  return new RRule({ ...optionsOf(text), dtstart: toRuleDate(dtstart) });
}

/** The first due date on or after `from` (inclusive) or strictly after it; null when the rule has ended. */
export function occurrenceAfter(
  text: string,
  dtstart: string,
  from: string,
  inclusive: boolean,
): string | null {
  const next = ruleFrom(text, dtstart).after(toRuleDate(from), inclusive);
  return next ? fromRuleDate(next) : null;
}

/** The last due date on or before `upTo`; null when none. */
export function occurrenceUpTo(text: string, dtstart: string, upTo: string): string | null {
  const last = ruleFrom(text, dtstart).before(toRuleDate(upTo), true);
  return last ? fromRuleDate(last) : null;
}

/** Up to `count` due dates from `from` on (inclusive). */
export function occurrencesFrom(text: string, dtstart: string, from: string, count: number): string[] {
  const rule = ruleFrom(text, dtstart);
  const dates: string[] = [];
  let next = rule.after(toRuleDate(from), true);
  while (next && dates.length < count) {
    dates.push(fromRuleDate(next));
    next = rule.after(next, false);
  }
  return dates;
}

/** The due dates within [from, to], at most `limit` (the calendar's view of a schedule). */
export function occurrencesBetween(
  text: string,
  dtstart: string,
  range: { from: string; to: string },
  limit: number,
): string[] {
  return ruleFrom(text, dtstart)
    .between(toRuleDate(range.from), toRuleDate(range.to), true, (_date, index) => index < limit)
    .map(fromRuleDate);
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Gaps measured to find a rule's shortest one: enough for every weekday and month length to occur. */
const GAPS_MEASURED = 60;

/** The fewest days between two due dates of the rule (ignoring its end): what a lead time may not exceed. */
export function shortestGapDays(recurrence: TRecurrence, startsOn: string): number {
  const rule = new RRule({ ...ruleOptions(recurrence, startsOn), dtstart: toRuleDate(startsOn) });
  const dates = rule.all(
    (date, index) => index <= GAPS_MEASURED && fromRuleDate(date) <= SCHEDULE_LATEST_DATE,
  );
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < dates.length; i++) {
    shortest = Math.min(shortest, Math.round((dates[i]!.getTime() - dates[i - 1]!.getTime()) / DAY_MS));
  }
  return shortest;
}

/**
 * The first due date of a schedule: the first date on or after its start that the recurrence gives
 * (a floating schedule is first due on its start date); null when none falls before the end.
 */
export function firstDueDate(schedule: {
  rrule: string;
  mode: TScheduleMode;
  startsOn: string;
  endsOn: string | null;
}): string | null {
  if (schedule.mode === 'floating') {
    return schedule.endsOn === null || schedule.startsOn <= schedule.endsOn ? schedule.startsOn : null;
  }
  return occurrenceAfter(schedule.rrule, schedule.startsOn, schedule.startsOn, true);
}

/**
 * A floating schedule's next due date after a completion on `completedOn` (the organization's date):
 * the recurrence counted from that day (every 3 months from 15 March: 15 June); null past the end.
 */
export function floatingDueAfter(
  schedule: { recurrence: TRecurrence; endsOn: string | null },
  completedOn: string,
): string | null {
  const text = toRRuleText(schedule.recurrence, completedOn, schedule.endsOn);
  return occurrenceAfter(text, completedOn, completedOn, false);
}

/**
 * What the engine does for one schedule today (ADR 052): the task to create (the latest due date that
 * has appeared, `today + leadDays` at the latest: after downtime one task, not a backlog) and the due
 * date of the next one (none for a floating schedule: it waits for this task's completion).
 */
export function planNextTask(
  schedule: { rrule: string; mode: TScheduleMode; nextDueOn: string; leadDays: number },
  today: string,
): { dueOn: string; nextDueOn: string | null } {
  if (schedule.mode === 'floating') return { dueOn: schedule.nextDueOn, nextDueOn: null };
  const horizon = addDays(today, schedule.leadDays);
  const dueOn = occurrenceUpTo(schedule.rrule, schedule.nextDueOn, horizon) ?? schedule.nextDueOn;
  return { dueOn, nextDueOn: occurrenceAfter(schedule.rrule, schedule.nextDueOn, dueOn, false) };
}
