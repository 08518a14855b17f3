import { z } from 'zod';
import { DUE_STATES } from './due-dates.ts';
import { englishMessages, said } from './messages.ts';
import { MAX_PAGE_SIZE } from './paging.ts';
import { isScheduleDate, SCHEDULE_EARLIEST_DATE, SCHEDULE_LATEST_DATE } from './schedules.ts';
import { TASK_STATUSES } from './task-statuses.ts';
import { TASK_PRIORITIES, type TTaskPriority } from './task-work-messages.ts';

// The calendar of scheduled and due work, and each user's ICS feed (docs/product/calendar.md, ADR 059).

/** A month view's six weeks: no calendar request spans more days. */
export const CALENDAR_MAX_DAYS = 42;
/** Items a day of the month and week views lists at most; the rest are counted ("+3 more"). */
export const CALENDAR_PER_DAY_MAX = 50;
export const CALENDAR_PER_DAY_DEFAULT = 10;
/** Items of one agenda page. */
export const AGENDA_PAGE_SIZE = 50;
/** The people a calendar's assignee filter lists at most. */
export const CALENDAR_ASSIGNEES_MAX = 500;

/** The ICS feed: planned occurrences this many days ahead, open tasks due this many days back. */
export const CALENDAR_FEED_DAYS_AHEAD = 90;
export const CALENDAR_FEED_DAYS_BACK = 365;
/** Events one feed holds at most (tasks first, then planned occurrences by date). */
export const CALENDAR_FEED_MAX_EVENTS = 2000;

export const CALENDAR_MESSAGES = {
  ...englishMessages({
    date: said(
      /*i18n*/ {
        id: 'calendar.date',
        message: 'Use a date (YYYY-MM-DD) between {scheduleEarliestDate} and {scheduleLatestDate}.',
      },
      { scheduleEarliestDate: SCHEDULE_EARLIEST_DATE, scheduleLatestDate: SCHEDULE_LATEST_DATE },
    ),
    toBeforeFrom: /*i18n*/ {
      id: 'calendar.toBeforeFrom',
      message: 'The end of the range must be on or after its start.',
    },
    tooManyDays: said(
      /*i18n*/ { id: 'calendar.tooManyDays', message: 'Show at most {calendarMaxDays} days at once.' },
      { calendarMaxDays: CALENDAR_MAX_DAYS },
    ),
    assignee: /*i18n*/ { id: 'calendar.assignee', message: 'Choose everyone, me, unassigned or a user.' },
    after: /*i18n*/ { id: 'calendar.after', message: 'Read on with the next value of the previous page.' },
  }),
} as const;

/** Who the calendar shows: everyone's work, mine, nobody's, or one user's. */
export const CALENDAR_ASSIGNEE_CHOICES = ['all', 'me', 'unassigned'] as const;
export const ZCalendarAssignee = z
  .union([
    z.enum(CALENDAR_ASSIGNEE_CHOICES, { message: CALENDAR_MESSAGES.assignee }),
    z.string().uuid({ message: CALENDAR_MESSAGES.assignee }),
  ])
  .default('all');
export type TCalendarAssignee = z.output<typeof ZCalendarAssignee>;

const calendarDate = z
  .string({ message: CALENDAR_MESSAGES.date })
  .refine(isScheduleDate, { message: CALENDAR_MESSAGES.date });

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

type Range = { from: string; to: string };

/** A range of at most CALENDAR_MAX_DAYS days, its end on or after its start. */
function checkRange(range: Range, context: z.RefinementCtx): void {
  if (range.to < range.from) {
    context.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.toBeforeFrom, path: ['to'] });
  } else if (daysBetween(range.from, range.to) > CALENDAR_MAX_DAYS) {
    context.addIssue({ code: 'custom', message: CALENDAR_MESSAGES.tooManyDays, path: ['to'] });
  }
}

/** GET /api/calendar/days: the month and week views, a day's first items and its count. */
export const ZCalendarDaysQuery = z
  .object({
    from: calendarDate,
    to: calendarDate,
    assignee: ZCalendarAssignee,
    perDay: z.coerce.number().int().min(1).max(CALENDAR_PER_DAY_MAX).default(CALENDAR_PER_DAY_DEFAULT),
  })
  .superRefine(checkRange);
export type TCalendarDaysQuery = z.input<typeof ZCalendarDaysQuery>;

export const CALENDAR_ITEM_KINDS = ['task', 'planned'] as const;
export type TCalendarItemKind = (typeof CALENDAR_ITEM_KINDS)[number];

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const AFTER_PATTERN = new RegExp(
  `^(\\d{4}-\\d{2}-\\d{2})\\.(task|planned)\\.(${TASK_PRIORITIES.join('|')})\\.(${UUID})\\.(${UUID})$`,
);

/**
 * Where an agenda page ends: the last item's date, kind, priority, asset and id (the order of the
 * agenda: a day's tasks, then its occurrences, each by priority, most urgent first, then asset and id).
 */
export interface TAgendaPosition {
  date: string;
  kind: TCalendarItemKind;
  priority: TTaskPriority;
  assetId: string;
  id: string;
}

export function formatAgendaPosition(position: TAgendaPosition): string {
  return `${position.date}.${position.kind}.${position.priority}.${position.assetId}.${position.id}`;
}

export function parseAgendaPosition(text: string): TAgendaPosition | null {
  const match = AFTER_PATTERN.exec(text);
  if (!match || !isScheduleDate(match[1]!)) return null;
  return {
    date: match[1]!,
    kind: match[2] as TCalendarItemKind,
    priority: match[3] as TTaskPriority,
    assetId: match[4]!.toLowerCase(),
    id: match[5]!.toLowerCase(),
  };
}

/** GET /api/calendar/agenda: the items of a range in order, a page at a time (`after`: the previous page's `nextAfter`). */
export const ZAgendaQuery = z
  .object({
    from: calendarDate,
    to: calendarDate,
    assignee: ZCalendarAssignee,
    after: z
      .string()
      .optional()
      .refine((text) => text === undefined || parseAgendaPosition(text) !== null, {
        message: CALENDAR_MESSAGES.after,
      }),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(AGENDA_PAGE_SIZE),
  })
  .superRefine(checkRange);
export type TAgendaQuery = z.input<typeof ZAgendaQuery>;

/**
 * GET /api/calendar/overdue: the open tasks due before today, however long ago, oldest first, a page
 * at a time (`after`: the previous page's `nextAfter`). The agenda shows them first, as "Overdue".
 */
export const ZOverdueQuery = z.object({
  assignee: ZCalendarAssignee,
  after: ZAgendaQuery.shape.after,
  limit: ZAgendaQuery.shape.limit,
});
export type TOverdueQuery = z.input<typeof ZOverdueQuery>;

/**
 * One piece of work on a day: a task (a maintenance event with a due date, open or completed) or a
 * planned occurrence of a schedule that is not a task yet (computed, never stored).
 */
export const ZCalendarItem = z.object({
  kind: z.enum(CALENDAR_ITEM_KINDS),
  /** Unique in a calendar: the event id, or "{scheduleId}:{date}" for a planned occurrence. */
  key: z.string(),
  date: z.string(),
  title: z.string(),
  assetId: z.string(),
  assetName: z.string(),
  assetSlug: z.string(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  scheduleId: z.string().nullable(),
  /** The task's id; null for a planned occurrence. */
  eventId: z.string().nullable(),
  /** The task's status; null for a planned occurrence. */
  taskStatus: z.enum(TASK_STATUSES).nullable(),
  /** The task's priority, or the one its schedule gives its tasks (ADRs 131, 144). */
  priority: z.enum(TASK_PRIORITIES),
  dueState: z.enum(DUE_STATES),
});
export type TCalendarItem = z.infer<typeof ZCalendarItem>;

export const ZCalendarDay = z.object({
  date: z.string(),
  /** Every item of the day (tasks and planned occurrences), listed or not. */
  total: z.number().int(),
  /** The day's first items (perDay at most): tasks first, then planned occurrences, each by asset. */
  items: z.array(ZCalendarItem),
});
export type TCalendarDay = z.infer<typeof ZCalendarDay>;

export const ZCalendarDays = z.object({
  /** Today in the organization's time zone. */
  today: z.string(),
  from: z.string(),
  to: z.string(),
  /** The days of the range that have work, in order. */
  days: z.array(ZCalendarDay),
});
export type TCalendarDays = z.infer<typeof ZCalendarDays>;

export const ZAgenda = z.object({
  today: z.string(),
  items: z.array(ZCalendarItem),
  /** `after` of the next page; null when this page ends the range. */
  nextAfter: z.string().nullable(),
});
export type TAgenda = z.infer<typeof ZAgenda>;

/** GET /api/calendar/assignees: the organization's active users, by name, for the filter. */
export const ZCalendarAssigneeOption = z.object({ id: z.string(), displayName: z.string() });
export type TCalendarAssigneeOption = z.infer<typeof ZCalendarAssigneeOption>;

/** GET /api/calendar/feed: whether the signed-in user has a feed address (never the address itself). */
export const ZCalendarFeed = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;

/** POST /api/calendar/feed: a new address (the previous one stops); the only answer that holds it. */
export const ZCalendarFeedCreated = z.object({
  url: z.string(),
  createdAt: z.string(),
});
export type TCalendarFeedCreated = z.infer<typeof ZCalendarFeedCreated>;

/** The ICS file's words. */
export const CALENDAR_FEED_TEXTS = {
  name: (organization: string) => `Maintenance tasks · ${organization}`,
  description: (user: string) => `Maintenance tasks assigned to ${user}`,
  planned: 'Planned',
  summary: (title: string, asset: string) => `${title} · ${asset}`,
} as const;
