import { z } from 'zod';
import { oneSelection, ZAssetListView } from './asset-list.ts';
import { ZChecklistRef, ZChecklistTemplateId } from './checklists.ts';
import { isValidDate, ZFieldValueInput } from './field-values.ts';
import { boundedInt, storableText } from './limits.ts';
import { englishMessages, inEnglish, said } from './messages.ts';
import { METER_MESSAGES, ZUsageTrigger, ZUsageTriggerInput } from './meters.ts';
import { withinCountedRows, ZPageQuery } from './paging.ts';
import { TASK_PRIORITIES } from './task-work-messages.ts';

// Planned maintenance (docs/product/schedules.md, ADRs 051-053).

export const SCHEDULE_TITLE_MAX_LENGTH = 200;
export const SCHEDULE_NOTES_MAX_LENGTH = 4000;
/** "Every N ...": at most this N, whatever the unit. */
export const SCHEDULE_EVERY_MAX = 999;
/** The lead time: a task appears this many days before its due date, at most a year. */
export const SCHEDULE_LEAD_DAYS_MAX = 365;
/** Assets one "apply to many" request may name (one schedule each). */
export const SCHEDULE_APPLY_MAX_ASSETS = 5000;
/** Due dates a schedule answers ahead (`upcoming`). */
export const SCHEDULE_UPCOMING_COUNT = 5;
/** Schedule dates: between these, inclusive. */
export const SCHEDULE_EARLIEST_DATE = '2000-01-01';
export const SCHEDULE_LATEST_DATE = '2999-12-31';

export const SCHEDULE_MODES = ['fixed', 'floating'] as const;
export type TScheduleMode = (typeof SCHEDULE_MODES)[number];
export const SCHEDULE_MODE_LABELS: Record<TScheduleMode, string> = {
  fixed: 'Fixed calendar',
  floating: 'From the last completion',
};

/** iCalendar weekday codes, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type TWeekday = (typeof WEEKDAYS)[number];

export const RECURRENCE_UNITS = ['day', 'week', 'month', 'year'] as const;
export type TRecurrenceUnit = (typeof RECURRENCE_UNITS)[number];

/** The schedules' messages with values, as the server sends them (ADR 113). */
export const SCHEDULE_SAID = {
  leadTooLong: (days: number) =>
    said(
      /*i18n*/ {
        id: 'schedule.leadTooLong',
        message:
          'The lead time cannot be longer than the time between two due dates ({days, plural, one {# day} other {# days}}).',
      },
      { days },
    ),
  someAssetsRetired: (count: number) =>
    said(
      /*i18n*/ {
        id: 'schedule.someAssetsRetired',
        message:
          '{count, plural, one {# of these assets is retired: schedules cannot be added to them.} other {# of these assets are retired: schedules cannot be added to them.}}',
      },
      { count },
    ),
  unknownAssets: (count: number) =>
    said(
      /*i18n*/ {
        id: 'schedule.unknownAssets',
        message:
          '{count, plural, other {# of these assets do not exist in this organization (or are retired).}}',
      },
      { count },
    ),
};

/** The priorities a schedule gives its tasks: a task's, but urgent (a breakdown's alarm, ADR 144). */
export const SCHEDULE_PRIORITIES = TASK_PRIORITIES.filter(
  (priority): priority is Exclude<(typeof TASK_PRIORITIES)[number], 'urgent'> => priority !== 'urgent',
) as ['low', 'normal', 'high'];
export type TSchedulePriority = (typeof SCHEDULE_PRIORITIES)[number];

export const SCHEDULE_MESSAGES = {
  ...englishMessages({
    titleRequired: /*i18n*/ { id: 'schedule.titleRequired', message: 'Title is required.' },
    titleTooLong: said(
      /*i18n*/ {
        id: 'schedule.titleTooLong',
        message: 'Title must be at most {scheduleTitleMaxLength} characters.',
      },
      { scheduleTitleMaxLength: SCHEDULE_TITLE_MAX_LENGTH },
    ),
    notesTooLong: said(
      /*i18n*/ {
        id: 'schedule.notesTooLong',
        message: 'Notes must be at most {scheduleNotesMaxLength} characters.',
      },
      { scheduleNotesMaxLength: SCHEDULE_NOTES_MAX_LENGTH },
    ),
    every: said(
      /*i18n*/ { id: 'schedule.every', message: 'Repeat every 1 to {scheduleEveryMax}.' },
      { scheduleEveryMax: SCHEDULE_EVERY_MAX },
    ),
    leadDays: said(
      /*i18n*/ {
        id: 'schedule.leadDays',
        message: 'The lead time is a whole number of days from 0 to {scheduleLeadDaysMax}.',
      },
      { scheduleLeadDaysMax: SCHEDULE_LEAD_DAYS_MAX },
    ),
    weekdays: /*i18n*/ { id: 'schedule.weekdays', message: 'Choose at least one weekday, each once.' },
    monthDay: /*i18n*/ { id: 'schedule.monthDay', message: 'Choose a day of the month from 1 to 31.' },
    date: said(
      /*i18n*/ {
        id: 'schedule.date',
        message: 'Use a date (YYYY-MM-DD) between {scheduleEarliestDate} and {scheduleLatestDate}.',
      },
      { scheduleEarliestDate: SCHEDULE_EARLIEST_DATE, scheduleLatestDate: SCHEDULE_LATEST_DATE },
    ),
    endBeforeStart: /*i18n*/ {
      id: 'schedule.endBeforeStart',
      message: 'The end date must be on or after the start date.',
    },
    floatingPattern: /*i18n*/ {
      id: 'schedule.floatingPattern',
      message:
        'A schedule that counts from the last completion repeats every N days, weeks, months or years: choose a fixed calendar for weekdays or a day of the month.',
    },
    noOccurrence: /*i18n*/ {
      id: 'schedule.noOccurrence',
      message: 'This schedule never falls due: no date between its start and its end matches its recurrence.',
    },
    priority: /*i18n*/ {
      id: 'schedule.priority',
      message:
        'A schedule’s priority is low, normal or high: urgent is for a breakdown, set on the task itself.',
    },
    unknownAssignee: /*i18n*/ {
      id: 'schedule.unknownAssignee',
      message: 'The assignee must be an active user of this organization.',
    },
    assetRetired: /*i18n*/ {
      id: 'schedule.assetRetired',
      message: 'This asset is retired: schedules cannot be added to it.',
    },
    tooManyAssets: said(
      /*i18n*/ {
        id: 'schedule.tooManyAssets',
        message: 'Apply a schedule to at most {scheduleApplyMaxAssets, number} assets at once.',
      },
      { scheduleApplyMaxAssets: SCHEDULE_APPLY_MAX_ASSETS },
    ),
    duplicateAssets: /*i18n*/ { id: 'schedule.duplicateAssets', message: 'The same asset is named twice.' },
    alreadyPaused: /*i18n*/ { id: 'schedule.alreadyPaused', message: 'This schedule is already paused.' },
    notPaused: /*i18n*/ { id: 'schedule.notPaused', message: 'This schedule is not paused.' },
  }),
  leadTooLong: inEnglish((days: number) => SCHEDULE_SAID.leadTooLong(days)),
  someAssetsRetired: inEnglish((count: number) => SCHEDULE_SAID.someAssetsRetired(count)),
  unknownAssets: inEnglish((count: number) => SCHEDULE_SAID.unknownAssets(count)),
} as const;

const every = boundedInt(1, SCHEDULE_EVERY_MAX, SCHEDULE_MESSAGES.every);

/**
 * How a schedule repeats (ADR 051), always in whole calendar days of the organization's time zone:
 * - `interval`: every N days, weeks, months or years from the start date (or the last completion);
 * - `weekdays`: every N weeks on the chosen weekdays;
 * - `monthDay`: every N months on a day of the month (29 to 31: the last day of shorter months);
 * - `lastDayOfMonth`: every N months on the month's last day.
 */
export const ZRecurrence = z.discriminatedUnion('pattern', [
  z.object({ pattern: z.literal('interval'), every, unit: z.enum(RECURRENCE_UNITS) }),
  z.object({
    pattern: z.literal('weekdays'),
    every,
    weekdays: z
      .array(z.enum(WEEKDAYS))
      .min(1, { message: SCHEDULE_MESSAGES.weekdays })
      .max(WEEKDAYS.length, { message: SCHEDULE_MESSAGES.weekdays })
      .refine((days) => new Set(days).size === days.length, { message: SCHEDULE_MESSAGES.weekdays }),
  }),
  z.object({
    pattern: z.literal('monthDay'),
    every,
    day: boundedInt(1, 31, SCHEDULE_MESSAGES.monthDay),
  }),
  z.object({ pattern: z.literal('lastDayOfMonth'), every }),
]);
export type TRecurrence = z.infer<typeof ZRecurrence>;

/** True for an ISO calendar date within the schedule dates' range. */
export function isScheduleDate(text: string): boolean {
  return isValidDate(text) && text >= SCHEDULE_EARLIEST_DATE && text <= SCHEDULE_LATEST_DATE;
}

const scheduleDate = z.string({ message: SCHEDULE_MESSAGES.date }).refine(isScheduleDate, {
  message: SCHEDULE_MESSAGES.date,
});

/** Optional text: trimmed, empty means none (null). */
const optionalNotes = storableText()
  .trim()
  .max(SCHEDULE_NOTES_MAX_LENGTH, { message: SCHEDULE_MESSAGES.notesTooLong })
  .nullish()
  .transform((text) => (text ? text : null));

const scheduleShape = {
  title: storableText({ message: SCHEDULE_MESSAGES.titleRequired })
    .trim()
    .min(1, { message: SCHEDULE_MESSAGES.titleRequired })
    .max(SCHEDULE_TITLE_MAX_LENGTH, { message: SCHEDULE_MESSAGES.titleTooLong }),
  notes: optionalNotes,
  /** Default values of the MaintenanceEvent custom fields, checked as the event form checks them. */
  fields: z.array(ZFieldValueInput).max(500).default([]),
  /** The calendar part; optional (null) with a usage trigger, which it then backs up (ADR 138). */
  recurrence: ZRecurrence.nullish().transform((recurrence) => recurrence ?? null),
  /** A usage trigger: due every N units of one of the asset's meters (ADR 138). */
  usage: ZUsageTriggerInput.nullish().transform((usage) => usage ?? null),
  /** Fixed by default; a schedule with a usage trigger always counts from its last completion. */
  mode: z.enum(SCHEDULE_MODES).optional(),
  leadDays: boundedInt(0, SCHEDULE_LEAD_DAYS_MAX, SCHEDULE_MESSAGES.leadDays).default(0),
  /** A user of the organization the tasks are assigned to; none when null or absent. */
  assigneeId: z
    .string()
    .uuid({ message: SCHEDULE_MESSAGES.unknownAssignee })
    .nullish()
    .transform((id) => id ?? null),
  /** The priority of the tasks it creates (ADR 144): low, normal or high; normal when absent. */
  priority: z.enum(SCHEDULE_PRIORITIES, { message: SCHEDULE_MESSAGES.priority }).default('normal'),
  startsOn: scheduleDate,
  endsOn: scheduleDate.nullish().transform((date) => date ?? null),
  /** A checklist template of the organization: each task the schedule creates gets its current version (ADR 134). */
  checklistTemplateId: ZChecklistTemplateId,
};

type ScheduleDraft = {
  mode?: TScheduleMode | undefined;
  recurrence: TRecurrence | null;
  usage: { meterId: string } | null;
  startsOn: string;
  endsOn: string | null;
};

/** The rules between fields that need no database or recurrence library (the rest: ADRs 051, 138). */
function checkDraft(draft: ScheduleDraft, context: z.RefinementCtx): void {
  if (draft.endsOn !== null && draft.endsOn < draft.startsOn) {
    context.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.endBeforeStart, path: ['endsOn'] });
  }
  if (draft.recurrence === null && draft.usage === null) {
    context.addIssue({ code: 'custom', message: METER_MESSAGES.triggerRequired, path: ['recurrence'] });
  }
  if (draft.usage !== null && draft.mode === 'fixed') {
    context.addIssue({ code: 'custom', message: METER_MESSAGES.usageFixed, path: ['mode'] });
  }
  const floating = draft.mode === 'floating' || draft.usage !== null;
  if (floating && draft.recurrence !== null && draft.recurrence.pattern !== 'interval') {
    context.addIssue({ code: 'custom', message: SCHEDULE_MESSAGES.floatingPattern, path: ['mode'] });
  }
}

/** The mode a body leaves out: fixed, or from the last completion with a usage trigger (ADR 138). */
function withMode<T extends { mode?: TScheduleMode | undefined; usage: unknown }>(
  body: T,
): T & { mode: TScheduleMode } {
  return { ...body, mode: body.mode ?? (body.usage === null ? 'fixed' : 'floating') };
}

/** PUT /api/admin/schedules/{id}: the whole schedule (its asset never changes). */
export const ZScheduleBody = z.object(scheduleShape).superRefine(checkDraft).transform(withMode);
export type TScheduleBody = z.input<typeof ZScheduleBody>;

/** POST /api/admin/schedules: a schedule of one asset. */
export const ZCreateScheduleBody = z
  .object({ ...scheduleShape, assetId: z.string().uuid() })
  .superRefine(checkDraft)
  .transform(withMode);
export type TCreateScheduleBody = z.input<typeof ZCreateScheduleBody>;

/**
 * POST /api/admin/schedules/apply: the same schedule created on each of these assets, one each. The
 * assets are the asset list's selection (ADR 048): the ticked ones (`assetIds`, each once) or every
 * asset the list shows for its view (`query`), at most SCHEDULE_APPLY_MAX_ASSETS either way.
 */
export const ZApplyScheduleBody = z
  .object({
    ...scheduleShape,
    assetIds: z
      .array(z.string().uuid())
      .min(1)
      .max(SCHEDULE_APPLY_MAX_ASSETS, { message: SCHEDULE_MESSAGES.tooManyAssets })
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
        message: SCHEDULE_MESSAGES.duplicateAssets,
      })
      .optional(),
    query: ZAssetListView.optional(),
  })
  .superRefine((body, context) => {
    oneSelection(body, context);
    checkDraft(body, context);
    if (body.usage !== null) {
      context.addIssue({ code: 'custom', message: METER_MESSAGES.usageOneAsset, path: ['usage'] });
    }
  })
  .transform(withMode);
export type TApplyScheduleBody = z.input<typeof ZApplyScheduleBody>;

export const ZApplyScheduleResult = z.object({
  /** Schedules created, one per asset. */
  created: z.number().int(),
  /** Their ids, in the order of `assetIds`. */
  scheduleIds: z.array(z.string()),
  /** Tasks that fell due at once (start date today or earlier, within the lead time). */
  tasksCreated: z.number().int(),
});
export type TApplyScheduleResult = z.infer<typeof ZApplyScheduleResult>;

export const SCHEDULE_STATUSES = ['active', 'paused'] as const;

/** GET /api/schedules: one asset's schedules, or the organization's; active or paused only when asked. */
export const ZScheduleListQuery = ZPageQuery.extend({
  assetId: z.string().uuid().optional(),
  status: z.enum(SCHEDULE_STATUSES).optional(),
}).refine(...withinCountedRows);
export type TScheduleListQuery = z.input<typeof ZScheduleListQuery>;

export const ZScheduleFieldValue = z.object({ fieldId: z.string(), label: z.string(), value: z.string() });

export const ZSchedule = z.object({
  id: z.string(),
  assetId: z.string(),
  assetName: z.string(),
  assetSlug: z.string(),
  title: z.string(),
  notes: z.string().nullable(),
  fields: z.array(ZScheduleFieldValue),
  /** The calendar part; null for a schedule due by usage alone. */
  recurrence: ZRecurrence.nullable(),
  /** The recurrence as an iCalendar RRULE (no DTSTART: the dates are startsOn and the due dates). */
  rrule: z.string().nullable(),
  /** The usage trigger, where it stands and when its next task is expected (ADR 138); null without one. */
  usage: ZUsageTrigger.nullable(),
  mode: z.enum(SCHEDULE_MODES),
  leadDays: z.number().int(),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  priority: z.enum(SCHEDULE_PRIORITIES),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** Paused schedules create no task. */
  status: z.enum(SCHEDULE_STATUSES),
  pausedAt: z.string().nullable(),
  /**
   * The due date of the next task the schedule will create (it appears leadDays before); null when
   * there is none: ended, or floating and waiting for its open task to be completed.
   */
  nextDueOn: z.string().nullable(),
  /** The next due dates from nextDueOn on (at most SCHEDULE_UPCOMING_COUNT; only nextDueOn when floating). */
  upcoming: z.array(z.string()),
  /** The checklist its tasks get (the template's current version when each is created); null when none. */
  checklist: ZChecklistRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

/**
 * PUT /api/test/clock (only when the server runs with TEST_CLOCK=true, for end-to-end tests): the
 * instant the server's clock moves to; it runs on from there, or stays there when `freeze` is true.
 */
export const ZTestClockBody = z.object({
  now: z.iso.datetime({ offset: true }),
  freeze: z.boolean().default(false),
});
export type TTestClockBody = z.input<typeof ZTestClockBody>;

/** The server's clock, and the tasks its engine created when it was moved. */
export const ZTestClock = z.object({
  now: z.string(),
  moved: z.boolean(),
  tasksCreated: z.number().int(),
});
export type TTestClock = z.infer<typeof ZTestClock>;
