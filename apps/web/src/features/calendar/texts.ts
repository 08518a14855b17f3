import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, select } from '@lingui/core/macro';
import type { TCalendarView } from './lib/calendar-range.ts';

/** The calendar's words: its views, toolbar, legend and feed dialog (translated, docs/translating.md). */
export const CALENDAR_TEXTS = {
  title: msg`Calendar`,
  subtitle: msg`Scheduled and due work, day by day.`,
  loadFailed: msg`Unable to load the calendar.`,
  empty: msg`Nothing is due in these days.`,
  nothingDue: msg`Nothing due.`,
  loading: msg`Loading the calendar...`,
  showMore: msg`Show more`,
  overdue: msg`Overdue`,
  overdueHint: msg`Open tasks past their due date`,
  showMoreOverdue: msg`Show more overdue tasks`,
  overdueFailed: msg`Unable to load the overdue tasks.`,
  /** `date` already formatted (formatCalendarDate). */
  dueOn: (date: string) => msg`Due ${date}`,
  loadingMore: msg`Loading...`,
  views: msg`View`,
  previous: msg`Previous`,
  next: msg`Next`,
  /** "Previous month", "Previous week", "Previous 4 weeks": the button's name for screen readers. */
  previousPeriod: (view: TCalendarView) =>
    msg`${select(view, { month: 'Previous month', week: 'Previous week', other: 'Previous 4 weeks' })}`,
  nextPeriod: (view: TCalendarView) =>
    msg`${select(view, { month: 'Next month', week: 'Next week', other: 'Next 4 weeks' })}`,
  /** A week's or four weeks' dates, each already formatted: "Mar 2, 2026 – Mar 8, 2026". */
  period: (from: string, to: string) => msg`${from} – ${to}`,
  today: msg`Today`,
  assignedTo: msg`Assigned to`,
  everyone: msg`Everyone`,
  me: msg`Me`,
  unassigned: msg`Unassigned`,
  people: msg`People`,
  otherPerson: msg`Someone not in this list`,
  legend: msg`Legend`,
  planned: msg`Planned`,
  more: (count: number) => msg`${plural(count, { one: '+# more', other: '+# more' })}`,
  /** `date` already formatted (longDate). */
  moreOn: (date: string) => msg`on ${date}`,
  itemsOn: (count: number, date: string) =>
    msg`${plural(count, { one: `# item on ${date}`, other: `# items on ${date}` })}`,
  subscribe: msg`Subscribe`,
  // The feed (docs/product/calendar.md#subscribe-from-a-calendar-app).
  feedTitle: msg`Subscribe from a calendar app`,
  feedIntro: msg`Outlook, Google Calendar and Apple Calendar can show your tasks: subscribe to your private feed address. It holds the tasks assigned to you that have a due date, and the planned ones of the next 90 days.`,
  feedNone: msg`You have no feed address yet.`,
  feedCreate: msg`Create feed address`,
  feedActive: (date: string) =>
    msg`Your feed address was created on ${date}. It is shown only when it is created: regenerate it to see a new one.`,
  feedShownOnce: msg`Copy it now: it is shown only once. Anyone with this address can see your tasks, so keep it private.`,
  feedRegenerate: msg`Regenerate address`,
  feedRegenerateConfirm: msg`Regenerate the feed address? The current address stops working at once: calendars subscribed to it stop updating.`,
  feedStop: msg`Stop the feed`,
  feedStopConfirm: msg`Stop the feed? The current address stops working at once.`,
  feedStopped: msg`The feed is stopped: its address no longer works.`,
  feedFailed: msg`Unable to change the feed. Please try again.`,
  feedLoadFailed: msg`Unable to load your feed.`,
  feedAddress: msg`Feed address`,
  copy: msg`Copy`,
  copied: msg`Copied`,
  copyFailed: msg`Copy failed: select the address and copy it.`,
};

export const CALENDAR_VIEW_LABELS: Record<TCalendarView, MessageDescriptor> = {
  month: msg`Month`,
  week: msg`Week`,
  agenda: msg`Agenda`,
};
