import type { TCalendarView } from './lib/calendar-range.ts';

/** The calendar's words: its views, toolbar, legend and feed dialog. */
export const CALENDAR_TEXTS = {
  title: 'Calendar',
  subtitle: 'Scheduled and due work, day by day.',
  loadFailed: 'Unable to load the calendar.',
  empty: 'Nothing is due in these days.',
  nothingDue: 'Nothing due.',
  loading: 'Loading the calendar...',
  showMore: 'Show more',
  overdue: 'Overdue',
  overdueHint: 'Open tasks past their due date',
  showMoreOverdue: 'Show more overdue tasks',
  overdueFailed: 'Unable to load the overdue tasks.',
  dueOn: (date: string) => `Due ${date}`,
  loadingMore: 'Loading...',
  views: 'View',
  previous: 'Previous',
  next: 'Next',
  today: 'Today',
  assignedTo: 'Assigned to',
  everyone: 'Everyone',
  me: 'Me',
  unassigned: 'Unassigned',
  people: 'People',
  otherPerson: 'Someone not in this list',
  legend: 'Legend',
  planned: 'Planned',
  more: (count: number) => `+${count} more`,
  moreOn: (date: string) => `on ${date}`,
  itemsOn: (count: number, date: string) => `${count} ${count === 1 ? 'item' : 'items'} on ${date}`,
  subscribe: 'Subscribe',
  // The feed (docs/product/calendar.md#subscribe-from-a-calendar-app).
  feedTitle: 'Subscribe from a calendar app',
  feedIntro:
    'Outlook, Google Calendar and Apple Calendar can show your tasks: subscribe to your private feed address. It holds the tasks assigned to you that have a due date, and the planned ones of the next 90 days.',
  feedNone: 'You have no feed address yet.',
  feedCreate: 'Create feed address',
  feedActive: (date: string) =>
    `Your feed address was created on ${date}. It is shown only when it is created: regenerate it to see a new one.`,
  feedShownOnce:
    'Copy it now: it is shown only once. Anyone with this address can see your tasks, so keep it private.',
  feedRegenerate: 'Regenerate address',
  feedRegenerateConfirm:
    'Regenerate the feed address? The current address stops working at once: calendars subscribed to it stop updating.',
  feedStop: 'Stop the feed',
  feedStopConfirm: 'Stop the feed? The current address stops working at once.',
  feedStopped: 'The feed is stopped: its address no longer works.',
  feedFailed: 'Unable to change the feed. Please try again.',
  feedLoadFailed: 'Unable to load your feed.',
  feedAddress: 'Feed address',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the address and copy it.',
} as const;

export const CALENDAR_VIEW_LABELS: Record<TCalendarView, string> = {
  month: 'Month',
  week: 'Week',
  agenda: 'Agenda',
};
