import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { TRecurrence, TRecurrenceUnit, TScheduleMode, TUsageCombine, TWeekday } from '@mqr/contracts';
import type { TScheduleTrigger } from './lib/schedule-form-values.ts';

/** "Every day", "Every 3 months": how often an interval repeats, a message per unit. */
const EVERY_UNIT: Record<TRecurrenceUnit, (every: number) => MessageDescriptor> = {
  day: (every) => msg`${plural(every, { one: 'Every day', other: 'Every # days' })}`,
  week: (every) => msg`${plural(every, { one: 'Every week', other: 'Every # weeks' })}`,
  month: (every) => msg`${plural(every, { one: 'Every month', other: 'Every # months' })}`,
  year: (every) => msg`${plural(every, { one: 'Every year', other: 'Every # years' })}`,
};

/** "Monday", "Monday and Thursday", "Monday, Wednesday and Friday" (names already translated). */
function listOf(words: string[]): string {
  if (words.length <= 1) return words.join('');
  const first = words.slice(0, -1).join(', ');
  const last = words.at(-1) ?? '';
  return i18n._(msg`${first} and ${last}`);
}

/** A recurrence in words, in the active language (docs/product/asset-detail.md#planned-maintenance). */
export function recurrenceText(recurrence: TRecurrence): string {
  const every = recurrence.every;
  switch (recurrence.pattern) {
    case 'interval':
      return i18n._(EVERY_UNIT[recurrence.unit](every));
    case 'weekdays': {
      const days = listOf(recurrence.weekdays.map((day: TWeekday) => i18n._(WEEKDAY_LABELS[day])));
      return i18n._(
        msg`${plural(every, { one: `Every week on ${days}`, other: `Every # weeks on ${days}` })}`,
      );
    }
    case 'monthDay': {
      const day = recurrence.day;
      return i18n._(
        msg`${plural(every, { one: `Every month on day ${day}`, other: `Every # months on day ${day}` })}`,
      );
    }
    case 'lastDayOfMonth':
      return i18n._(
        msg`${plural(every, { one: 'Every month on its last day', other: 'Every # months on its last day' })}`,
      );
  }
}

/** The screens' words for schedules: the asset page's card, its form, the asset list's bulk action. */
export const SCHEDULE_TEXTS = {
  cardTitle: msg`Planned maintenance`,
  addSchedule: msg`Add schedule`,
  empty: msg`No planned maintenance yet.`,
  loading: msg`Loading schedules...`,
  loadFailed: msg`Unable to load the schedules.`,
  active: msg`Active`,
  paused: msg`Paused`,
  leadTime: (days: number) =>
    msg`${plural(days, { 0: 'Appears on its due date', one: 'Appears # day before', other: 'Appears # days before' })}`,
  /** Dates already formatted (formatCalendarDate). */
  period: (from: string, until: string | null) => (until ? msg`From ${from} to ${until}` : msg`From ${from}`),
  assignedTo: (name: string) => msg`Assigned to ${name}`,
  nextDue: (date: string) => msg`Next due ${date}`,
  /** `dates`: the next due dates after the first, already formatted and listed. */
  thenDue: (dates: string) => msg`Then ${dates}`,
  waitingForCompletion: msg`The next due date counts from the completion of its open task.`,
  ended: msg`No more due dates.`,
  edit: msg`Edit`,
  pause: msg`Pause`,
  resume: msg`Resume`,
  delete: msg`Delete`,
  working: msg`Saving...`,
  changeFailed: msg`Unable to change the schedule.`,
  deleteTitle: msg`Delete this schedule?`,
  deleteText: msg`Its tasks stay in the asset’s history, open or done, with their due dates. No new task is created.`,
  deleting: msg`Deleting...`,
  // The form.
  addTitle: msg`Add schedule`,
  editTitle: msg`Edit schedule`,
  bulkButton: msg`Schedule maintenance`,
  bulkTitle: msg`Schedule maintenance`,
  bulkHint: msg`Each asset gets a schedule of its own, with its own tasks and history.`,
  bulkDone: (created: number, tasks: number) =>
    tasks > 0
      ? msg`Schedules created on ${plural(created, { one: '# asset', other: '# assets' })}. ${plural(tasks, { one: '# task already due created.', other: '# tasks already due created.' })}`
      : msg`Schedules created on ${plural(created, { one: '# asset', other: '# assets' })}.`,
  title: msg`Title`,
  notes: msg`Notes`,
  repeats: msg`Repeats`,
  patterns: {
    interval: msg`Every N days, weeks, months or years`,
    weekdays: msg`On chosen weekdays`,
    monthDay: msg`On a day of the month`,
    lastDayOfMonth: msg`On the last day of the month`,
  },
  every: msg`Every`,
  unit: msg`Unit`,
  units: { day: msg`days`, week: msg`weeks`, month: msg`months`, year: msg`years` } as Record<
    TRecurrenceUnit,
    MessageDescriptor
  >,
  everyWeeks: msg`Every (weeks)`,
  everyMonths: msg`Every (months)`,
  weekdays: msg`Weekdays`,
  dayOfMonth: msg`Day of the month`,
  dayOfMonthHint: msg`Days 29 to 31 fall on the last day of shorter months.`,
  mode: msg`Due dates`,
  modes: {
    fixed: {
      label: msg`Fixed calendar`,
      hint: msg`Due dates never move, however early or late a task is completed.`,
    },
    floating: {
      label: msg`From the last completion`,
      hint: msg`Each next due date counts from when the task before was completed (every N days, weeks, months or years only).`,
    },
  } as Record<TScheduleMode, { label: MessageDescriptor; hint: MessageDescriptor }>,
  leadDays: msg`Lead time (days)`,
  leadDaysHint: msg`The task appears this many days before its due date.`,
  assignee: msg`Assignee`,
  nobody: msg`Nobody`,
  priority: msg`Priority of its tasks`,
  priorityHint: msg`Urgent is for a breakdown: raise the task itself.`,
  startsOn: msg`Starts on`,
  startsOnHint: msg`The first day it may fall due.`,
  endsOn: msg`Ends on (optional)`,
  defaults: msg`Default values of the task’s fields`,
  save: msg`Save schedule`,
  saving: msg`Saving...`,
  cancel: msg`Cancel`,
  saveFailed: msg`Unable to save the schedule.`,

  // Usage triggers (docs/product/meters.md#usage-schedules).
  trigger: msg`Falls due`,
  triggers: {
    calendar: { label: msg`By the calendar`, hint: msg`On dates: every month, on Mondays, on the 15th.` },
    usage: {
      label: msg`By use`,
      hint: msg`Every N units of one of the asset’s meters: running hours, kilometres, cycles.`,
    },
    both: {
      label: msg`By use and by the calendar`,
      hint: msg`Every N units, with a calendar backstop: every 2,000 h or every year.`,
    },
  } as Record<TScheduleTrigger, { label: MessageDescriptor; hint: MessageDescriptor }>,
  noMeters: msg`This asset has no meters yet: add one in its Meters card to plan service by use.`,
  meter: msg`Meter`,
  chooseMeter: msg`Choose a meter`,
  /** `unit`: the chosen meter's. */
  usageEvery: (unit: string) => msg`Every (${unit})`,
  usageFrom: (unit: string) => msg`Count from reading (${unit}, optional)`,
  /** `reading` already formatted with its unit. */
  usageFromNew: (reading: string) => msg`Blank: from the meter’s latest reading (${reading}).`,
  usageFromNone: msg`Blank: from the meter’s first reading.`,
  usageAwaitsFirstReading: msg`The count starts at the meter’s first reading.`,
  usageFromKept: (reading: string) => msg`Blank: it goes on counting from ${reading}.`,
  combine: msg`Whichever comes`,
  combines: {
    first: { label: msg`First`, hint: msg`Due at the use or the date, whichever comes first.` },
    last: {
      label: msg`Last`,
      hint: msg`Due once both are reached: the use, and no earlier than the date.`,
    },
  } as Record<TUsageCombine, { label: MessageDescriptor; hint: MessageDescriptor }>,
  backstop: msg`Calendar backstop`,
  backstopHint: msg`Counts from the start date, then from each completion.`,
  usageCountsFromCompletion: msg`A schedule due by use counts from its last completion.`,
  // On the card.
  /** `every` already formatted with its unit. */
  usageFact: (every: string, meter: string) => msg`Every ${every} of ${meter}`,
  backstopFirst: (recurrence: string) => msg`Or by the calendar: ${recurrence} (whichever comes first)`,
  backstopLast: (recurrence: string) => msg`And by the calendar: ${recurrence} (whichever comes last)`,
  /** `date` and `at` (a reading with its unit) already formatted. */
  nextDueProjected: (days: number, date: string, at: string) =>
    msg`Next due ≈ ${plural(days, { 0: 'today', one: 'in # day', other: 'in # days' })} (${date}), at ${at}`,
  nextDueExpected: (days: number, date: string) =>
    msg`Next due ≈ ${plural(days, { 0: 'today', one: 'in # day', other: 'in # days' })} (${date})`,
  nextDueAt: (at: string) => msg`Next due at ${at}: a date is projected once the readings span a day.`,
  usageReached: (date: string) => msg`Its use is reached: due on ${date}.`,
  usageWaiting: msg`The count starts again when its open task is completed.`,
  /** `reading` already formatted with its unit. */
  usageNow: (reading: string) => msg`The meter reads ${reading}.`,
};

export const WEEKDAY_LABELS: Record<TWeekday, MessageDescriptor> = {
  MO: msg`Monday`,
  TU: msg`Tuesday`,
  WE: msg`Wednesday`,
  TH: msg`Thursday`,
  FR: msg`Friday`,
  SA: msg`Saturday`,
  SU: msg`Sunday`,
};
