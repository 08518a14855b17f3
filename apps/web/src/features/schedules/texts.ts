import type { TRecurrence, TRecurrenceUnit, TWeekday } from '@mqr/contracts';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

const UNIT_WORDS: Record<TRecurrenceUnit, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
};

/** "Monday", "Monday and Thursday", "Monday, Wednesday and Friday". */
function listOf(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** "Every month", "Every 3 months": how often, before what falls on which day. */
function everyUnit(every: number, unit: TRecurrenceUnit): string {
  return every === 1 ? `Every ${UNIT_WORDS[unit]}` : `Every ${plural(every, UNIT_WORDS[unit])}`;
}

/** A recurrence in words (docs/product/asset-detail.md#planned-maintenance). */
export function recurrenceText(recurrence: TRecurrence): string {
  switch (recurrence.pattern) {
    case 'interval':
      return everyUnit(recurrence.every, recurrence.unit);
    case 'weekdays': {
      const days = listOf(recurrence.weekdays.map((day: TWeekday) => WEEKDAY_LABELS[day]));
      return `${everyUnit(recurrence.every, 'week')} on ${days}`;
    }
    case 'monthDay':
      return `${everyUnit(recurrence.every, 'month')} on day ${recurrence.day}`;
    case 'lastDayOfMonth':
      return `${everyUnit(recurrence.every, 'month')} on its last day`;
  }
}

/** The screens' words for schedules: the asset page's card, its form, the asset list's bulk action. */
export const SCHEDULE_TEXTS = {
  cardTitle: 'Planned maintenance',
  addSchedule: 'Add schedule',
  empty: 'No planned maintenance yet.',
  loading: 'Loading schedules...',
  loadFailed: 'Unable to load the schedules.',
  active: 'Active',
  paused: 'Paused',
  leadTime: (days: number) =>
    days === 0 ? 'Appears on its due date' : `Appears ${plural(days, 'day')} before`,
  period: (from: string, until: string | null) => (until ? `From ${from} to ${until}` : `From ${from}`),
  nextDue: (date: string) => `Next due ${date}`,
  thenDue: (dates: string) => `Then ${dates}`,
  waitingForCompletion: 'The next due date counts from the completion of its open task.',
  ended: 'No more due dates.',
  edit: 'Edit',
  pause: 'Pause',
  resume: 'Resume',
  delete: 'Delete',
  working: 'Saving...',
  changeFailed: 'Unable to change the schedule.',
  deleteTitle: 'Delete this schedule?',
  deleteText:
    'Its tasks stay in the asset’s history, open or done, with their due dates. No new task is created.',
  deleting: 'Deleting...',
  // The form.
  addTitle: 'Add schedule',
  editTitle: 'Edit schedule',
  bulkButton: 'Schedule maintenance',
  bulkTitle: 'Schedule maintenance',
  bulkHint: 'Each asset gets a schedule of its own, with its own tasks and history.',
  bulkDone: (created: number, tasks: number) =>
    `Schedules created on ${plural(created, 'asset')}.${tasks > 0 ? ` ${plural(tasks, 'task')} already due created.` : ''}`,
  title: 'Title',
  notes: 'Notes',
  repeats: 'Repeats',
  patterns: {
    interval: 'Every N days, weeks, months or years',
    weekdays: 'On chosen weekdays',
    monthDay: 'On a day of the month',
    lastDayOfMonth: 'On the last day of the month',
  },
  every: 'Every',
  unit: 'Unit',
  units: { day: 'days', week: 'weeks', month: 'months', year: 'years' } as Record<TRecurrenceUnit, string>,
  everyWeeks: 'Every (weeks)',
  everyMonths: 'Every (months)',
  weekdays: 'Weekdays',
  dayOfMonth: 'Day of the month',
  dayOfMonthHint: 'Days 29 to 31 fall on the last day of shorter months.',
  mode: 'Due dates',
  modes: {
    fixed: {
      label: 'Fixed calendar',
      hint: 'Due dates never move, however early or late a task is completed.',
    },
    floating: {
      label: 'From the last completion',
      hint: 'Each next due date counts from when the task before was completed (every N days, weeks, months or years only).',
    },
  },
  leadDays: 'Lead time (days)',
  leadDaysHint: 'The task appears this many days before its due date.',
  assignee: 'Assignee',
  nobody: 'Nobody',
  startsOn: 'Starts on',
  startsOnHint: 'The first day it may fall due.',
  endsOn: 'Ends on (optional)',
  defaults: 'Default values of the task’s fields',
  save: 'Save schedule',
  saving: 'Saving...',
  cancel: 'Cancel',
  saveFailed: 'Unable to save the schedule.',
} as const;

export const WEEKDAY_LABELS: Record<TWeekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
