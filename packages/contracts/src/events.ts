import { z } from 'zod';
import { CHECKLIST_MESSAGES } from './checklist-messages.ts';
import { ZEventChecklist, ZFollowUpOf } from './checklists.ts';
import { DUE_STATES } from './due-dates.ts';
import {
  EVENT_MAX_FILES,
  EVENT_MESSAGES,
  EVENT_NOTES_MAX_LENGTH,
  EVENT_RECORDED_BY_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  OCCURRED_AT_MESSAGES,
} from './event-messages.ts';
import { ZFieldValueInput } from './field-values.ts';
import { FIELD_DATA_TYPES } from './fields.ts';
import { ZFile } from './files.ts';
import { instant, storableText } from './limits.ts';
import { withinCountedRows, ZPageQuery } from './paging.ts';
import { TASK_STATUSES } from './task-statuses.ts';
import {
  COST_DESCRIPTION_MAX_LENGTH,
  COST_QUANTITY_MAX,
  COST_UNIT_MINOR_MAX,
  TASK_COST_LINES_MAX,
  TASK_MINUTES_MAX,
  TASK_PRIORITIES,
  TASK_TIME_ENTRIES_MAX,
  TASK_WORK_MESSAGES,
} from './task-work-messages.ts';

/**
 * A custom value of an event: its field (id, label), the value as stored, and the field's data type so
 * that a screen writes a Yes/No, a date or a number the reader's way (ADR 118). The type is optional:
 * an older server or a copy kept offline before it carried one shows the value as stored.
 */
export const ZEventFieldValue = z.object({
  fieldId: z.string(),
  label: z.string(),
  value: z.string(),
  dataType: z.enum(FIELD_DATA_TYPES).optional(),
});

export const ZChangeLogEntry = z.object({
  id: z.string(),
  changedAt: z.string(),
  changedBy: z.string().nullable(),
  changes: z.array(z.string()),
});

/** One person's time on a task, in minutes. */
export const ZTimeEntry = z.object({
  userId: z.string(),
  userName: z.string().nullable(),
  minutes: z.number().int(),
});
export type TTimeEntry = z.infer<typeof ZTimeEntry>;

/** A cost line of a task: money in minor units of the organization's currency (ADR 131). */
export const ZCostLine = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitCostMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type TCostLine = z.infer<typeof ZCostLine>;

/** A maintenance event with its task stamps (user display names), custom values, files and change log. */
export const ZMaintenanceEvent = z.object({
  id: z.string(),
  title: z.string(),
  notes: z.string().nullable(),
  recordedBy: z.string().nullable(),
  performedAt: z.string(),
  taskStatus: z.enum(TASK_STATUSES),
  taskStartedAt: z.string().nullable(),
  taskStartedBy: z.string().nullable(),
  taskCompletedAt: z.string().nullable(),
  taskCompletedBy: z.string().nullable(),
  /** The date the task is due (YYYY-MM-DD, the organization's calendar); null for an unplanned task. */
  dueOn: z.string().nullable(),
  /** Where the task stands against dueOn today (docs/product/schedules.md#due-states). */
  dueState: z.enum(DUE_STATES),
  /** The schedule that created the task; null for a task recorded by hand (or once its schedule is deleted). */
  scheduleId: z.string().nullable(),
  /** Who the task is assigned to (id and display name); null when nobody is. */
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  /** low, normal, high or urgent (ADR 131); lists show the most urgent first. */
  priority: z.enum(TASK_PRIORITIES),
  /** When the asset went down for this task (null: it did not), and when it was up again (null: still down). */
  downFrom: z.string().nullable(),
  downTo: z.string().nullable(),
  /** Time spent, per person, entered on completion. */
  timeSpent: z.array(ZTimeEntry),
  /** Parts and other costs, in the organization's currency (minor units). */
  costs: z.array(ZCostLine),
  /** The sum of the cost lines' totals, in minor units of `currency`. */
  costTotalMinor: z.number().int(),
  /** The organization's currency (ISO 4217) the costs are in. */
  currency: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  fields: z.array(ZEventFieldValue),
  files: z.array(ZFile),
  changeLog: z.array(ZChangeLogEntry),
  /** The task's checklist (template, version, summary; GET /api/events/{id}/checklist has its steps); null when none. */
  checklist: ZEventChecklist.nullable(),
  /** The task and step this follow-up was opened from (POST /api/events/{id}/follow-ups); null otherwise. */
  followUpOf: ZFollowUpOf.nullable(),
});
export type TMaintenanceEvent = z.infer<typeof ZMaintenanceEvent>;

/**
 * An asset's next service (docs/product/schedules.md#next-service-due): the due date of its earliest
 * open task, else the next due date of its active schedules; and whether an open task is overdue.
 */
export const ZNextServiceDue = z.object({
  nextServiceDue: z.string().nullable(),
  overdue: z.boolean(),
});
export type TNextServiceDue = z.infer<typeof ZNextServiceDue>;

/** Events an asset page shows at once, newest first; "Show more" asks for the next ones. */
export const EVENT_PAGE_SIZE = 20;

/** GET .../events?after={eventId}: the events older than that one (the last shown). */
export const ZEventPageQuery = z.object({ after: z.string().uuid().optional() });

/** One page of an asset's history and where the next starts (null: no older events). */
export const ZEventPage = z.object({
  events: z.array(ZMaintenanceEvent),
  nextAfter: z.string().nullable(),
});
export type TEventPage = z.infer<typeof ZEventPage>;

/** The wording of an event's change log entries (docs/product/events-and-tasks.md#change-log), computed by the server. */
export const CHANGE_LOG_TEXTS = {
  title: 'Title updated',
  notes: (cleared: boolean) => (cleared ? 'Notes cleared' : 'Notes updated'),
  recordedBy: (cleared: boolean) => (cleared ? 'Recorded by cleared' : 'Recorded by updated'),
  performedAt: 'Performed at updated',
  field: (label: string, cleared: boolean) => `${label} ${cleared ? 'cleared' : 'updated'}`,
  attachments: 'Attachments updated',
  priority: 'Priority updated',
  downtime: 'Downtime updated',
} as const;

/** A priority in a body: one of TASK_PRIORITIES, else 400 naming the field. */
export const ZPriority = z.enum(TASK_PRIORITIES, { message: TASK_WORK_MESSAGES.priorityInvalid });

/** A downtime boundary in a body: absent keeps it, null clears it. */
const downtimeInstant = instant(TASK_WORK_MESSAGES.downtimeInvalid).nullish();

/** One person's time in a completion: the acting user's when `userId` is absent. */
export const ZTimeEntryInput = z.object({
  userId: z.string().uuid({ message: TASK_WORK_MESSAGES.personUnknown }).optional(),
  minutes: z
    .number({ message: TASK_WORK_MESSAGES.minutesInvalid })
    .int({ message: TASK_WORK_MESSAGES.minutesInvalid })
    .min(0, { message: TASK_WORK_MESSAGES.minutesInvalid })
    .max(TASK_MINUTES_MAX, { message: TASK_WORK_MESSAGES.minutesInvalid }),
});
export type TTimeEntryInput = z.input<typeof ZTimeEntryInput>;

/** A cost line in a completion: quantity up to three decimals, unit cost in minor units (cents). */
export const ZCostLineInput = z.object({
  description: storableText({ message: TASK_WORK_MESSAGES.costDescriptionRequired })
    .trim()
    .min(1, { message: TASK_WORK_MESSAGES.costDescriptionRequired })
    .max(COST_DESCRIPTION_MAX_LENGTH, { message: TASK_WORK_MESSAGES.costDescriptionTooLong }),
  quantity: z
    .number({ message: TASK_WORK_MESSAGES.quantityInvalid })
    .min(0, { message: TASK_WORK_MESSAGES.quantityInvalid })
    .max(COST_QUANTITY_MAX, { message: TASK_WORK_MESSAGES.quantityInvalid })
    .refine((q) => Math.abs(q * 1000 - Math.round(q * 1000)) < 1e-6, {
      message: TASK_WORK_MESSAGES.quantityInvalid,
    }),
  unitCostMinor: z
    .number({ message: TASK_WORK_MESSAGES.unitCostInvalid })
    .int({ message: TASK_WORK_MESSAGES.unitCostInvalid })
    .min(0, { message: TASK_WORK_MESSAGES.unitCostInvalid })
    .max(COST_UNIT_MINOR_MAX, { message: TASK_WORK_MESSAGES.unitCostInvalid }),
});
export type TCostLineInput = z.input<typeof ZCostLineInput>;

/** A downtime that ends before it starts, or an end without a start: 400 naming `downTo`. */
function checkDowntime(
  body: { downFrom?: string | null | undefined; downTo?: string | null | undefined },
  context: z.RefinementCtx,
): void {
  if (body.downTo && body.downFrom === null) {
    context.addIssue({
      code: 'custom',
      path: ['downTo'],
      message: TASK_WORK_MESSAGES.downtimeEndWithoutStart,
    });
  }
  if (body.downTo && body.downFrom && Date.parse(body.downTo) < Date.parse(body.downFrom)) {
    context.addIssue({
      code: 'custom',
      path: ['downTo'],
      message: TASK_WORK_MESSAGES.downtimeEndsBeforeStart,
    });
  }
}

/** Optional text: trimmed, empty means none (null). */
const optionalText = (max: number, message: string) =>
  storableText()
    .trim()
    .max(max, { message })
    .nullish()
    .transform((text) => (text ? text : null));

/** An attachment in a save payload: a key issued by POST /api/uploads/presign (or already attached). */
export const ZEventFileInput = z.object({
  objectKey: storableText().min(1).max(512),
  fileName: storableText().trim().min(1).max(255),
  contentType: storableText().max(255).optional(),
  size: z.number().int().nonnegative().optional(),
});
export type TEventFileInput = z.infer<typeof ZEventFileInput>;

/** How far a device's clock may be off the server's for a time sent later (ADR 085). */
export const CLOCK_SKEW_MINUTES = 5;

/**
 * When the work was done, by the clock of the device it was recorded on, for a write sent later (the
 * field app's outbox): the server stamps the write with it instead of the time it arrives, within
 * bounds (ADR 085). Absent: now.
 */
export const ZOccurredAt = instant(OCCURRED_AT_MESSAGES.invalid)
  .optional()
  .describe(
    `When the work was done, for a write sent later (recorded offline): the server stamps the write with it rather than the time it arrives. Not more than ${CLOCK_SKEW_MINUTES} minutes ahead of the server (up to that, now) nor before the asset (a new event) or the event (an edit, a start, a completion) was recorded (up to ${CLOCK_SKEW_MINUTES} minutes before, that time); else 400. A completion is never stamped before its start.`,
  );

/**
 * POST/PUT /api/assets/{id}/events[/{eventId}] body. `files` is the event's whole attachment list
 * after the save (on edit, attached files left out are removed). `startTask` counts on create only.
 * `performedAt` defaults to now (or `occurredAt`) on create and stays as it was on edit when absent.
 * `occurredAt` stamps the new event (its creation and its start) or the edit (its change log line).
 */
export const ZEventBodyFields = z.object({
  title: storableText({ message: EVENT_MESSAGES.titleRequired })
    .trim()
    .min(1, { message: EVENT_MESSAGES.titleRequired })
    .max(EVENT_TITLE_MAX_LENGTH, { message: EVENT_MESSAGES.titleTooLong }),
  notes: optionalText(EVENT_NOTES_MAX_LENGTH, EVENT_MESSAGES.notesTooLong),
  recordedBy: optionalText(EVENT_RECORDED_BY_MAX_LENGTH, EVENT_MESSAGES.recordedByTooLong),
  performedAt: instant(EVENT_MESSAGES.performedAtInvalid)
    .nullish()
    .transform((text) => (text ? text : null)),
  fields: z.array(ZFieldValueInput).default([]),
  files: z
    .array(ZEventFileInput)
    .max(EVENT_MAX_FILES, { message: EVENT_MESSAGES.tooManyFiles })
    .default([])
    .refine((list) => new Set(list.map((f) => f.objectKey)).size === list.length, {
      message: EVENT_MESSAGES.duplicateFile,
    }),
  startTask: z.boolean().optional(),
  occurredAt: ZOccurredAt,
  /** Absent: normal on create, unchanged on edit. Urgent with an assignee notifies them (ADR 131). */
  priority: ZPriority.optional(),
  /** The asset is down from (the "asset is down" switch sends now); absent keeps it, null clears both ends. */
  downFrom: downtimeInstant,
  /** The asset is up again; completing the task ends an open downtime. */
  downTo: downtimeInstant,
  /**
   * On create only: a checklist template of the organization; the task gets its current version
   * (ADR 134). An archived or unknown template: 400. Ignored on edit (a task keeps its version).
   */
  checklistTemplateId: z.string().uuid({ message: CHECKLIST_MESSAGES.unknownTemplate }).nullish(),
});
/** The body with its cross-field rule: a downtime never ends before it starts. */
export const ZEventBody = ZEventBodyFields.superRefine(checkDowntime);
export type TEventBody = z.input<typeof ZEventBody>;

/**
 * POST .../start and .../complete: no body, an empty JSON object, or `occurredAt`, when the task was
 * started or completed on a device that sends it later (ADR 085).
 */
export const ZTaskActionBody = z.object({ occurredAt: ZOccurredAt }).nullish();

/**
 * POST .../complete: as the other actions, plus what the work took (ADR 131): time per person, cost
 * lines (replacing any entered before), and the downtime (an open one ends at the completion).
 */
export const ZCompleteTaskBody = z
  .object({
    occurredAt: ZOccurredAt,
    timeSpent: z
      .array(ZTimeEntryInput)
      .max(TASK_TIME_ENTRIES_MAX, { message: TASK_WORK_MESSAGES.tooManyTimeEntries })
      .optional(),
    costs: z
      .array(ZCostLineInput)
      .max(TASK_COST_LINES_MAX, { message: TASK_WORK_MESSAGES.tooManyCostLines })
      .optional(),
    downFrom: downtimeInstant,
    downTo: downtimeInstant,
  })
  .superRefine(checkDowntime)
  .nullish();
export type TCompleteTaskBody = z.input<typeof ZCompleteTaskBody>;
export type TTaskActionBody = z.input<typeof ZTaskActionBody>;

/** The pending list's due filters: overdue (due before today), due soon (today to DUE_SOON_DAYS ahead). */
export const TASK_DUE_FILTERS = ['overdue', 'soon'] as const;
export type TTaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

/**
 * GET /api/tasks/pending: a page within the first MAX_COUNTED_ROWS open tasks, by due date (tasks
 * without one after, oldest performed first); `due`, `assignee` ("me" or a user id) and `assetId`
 * (one asset's: the request merge picker) narrow it; `q`, words of the title, within one asset's.
 */
export const ZPendingTaskQuery = ZPageQuery.extend({
  priority: ZPriority.optional(),
  due: z.enum(TASK_DUE_FILTERS).optional(),
  assignee: z.union([z.literal('me'), z.string().uuid()]).optional(),
  assetId: z.string().uuid().optional(),
  q: z.string().trim().max(200).optional(),
})
  .refine(...withinCountedRows)
  .refine((query) => !query.q || query.assetId !== undefined, {
    message: EVENT_MESSAGES.taskSearchNeedsAsset,
    path: ['q'],
  });
export type TPendingTaskQuery = z.input<typeof ZPendingTaskQuery>;

/** GET /api/tasks/due-counts: the organization's open tasks by due date, today in its time zone. */
export const ZDueCounts = z.object({
  /** Today's date in the organization's time zone. */
  today: z.string(),
  /** Open tasks due before today. */
  overdue: z.number().int(),
  /** Open tasks due today or in the next DUE_SOON_DAYS days ("Due in the next 7 days"). */
  dueNext7Days: z.number().int(),
});
export type TDueCounts = z.infer<typeof ZDueCounts>;

/** A row of GET /api/tasks/pending: an event that is not Completed, with its asset and its checklist's summary. */
export const ZPendingTask = ZMaintenanceEvent.pick({
  title: true,
  notes: true,
  recordedBy: true,
  performedAt: true,
  taskStatus: true,
  taskStartedAt: true,
  taskStartedBy: true,
  taskCompletedAt: true,
  taskCompletedBy: true,
  dueOn: true,
  dueState: true,
  scheduleId: true,
  assigneeId: true,
  assigneeName: true,
  priority: true,
  downFrom: true,
  downTo: true,
  checklist: true,
}).extend({ eventId: z.string(), assetId: z.string(), assetName: z.string(), assetSlug: z.string() });
export type TPendingTask = z.infer<typeof ZPendingTask>;
