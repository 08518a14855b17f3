import { z } from 'zod';
import {
  CHECK_OUTCOMES,
  CHECKLIST_MESSAGES,
  CHECKLIST_NAME_MAX_LENGTH,
  CHECKLIST_NUMBER_LIMIT,
  CHECKLIST_OPTION_MAX_LENGTH,
  CHECKLIST_OPTIONS_MAX,
  CHECKLIST_OPTIONS_MIN,
  CHECKLIST_STEP_KEY_PATTERN,
  CHECKLIST_STEP_KINDS,
  CHECKLIST_STEP_LABEL_MAX_LENGTH,
  CHECKLIST_STEPS_MAX,
  CHECKLIST_UNIT_MAX_LENGTH,
} from './checklist-messages.ts';
import { EVENT_MESSAGES, EVENT_NOTES_MAX_LENGTH, EVENT_TITLE_MAX_LENGTH } from './event-messages.ts';
import { ZFile } from './files.ts';
import { instant, storableText } from './limits.ts';
import { withinCountedRows, ZPageQuery } from './paging.ts';

// Checklists (issue 36 §1, ADR 134, docs/product/checklists.md): administrators build versioned
// templates of steps; a task gets one version; staff answer its steps; completion needs the required.

/** One step of a checklist version, as stored and answered (its key is stable across versions). */
export const ZChecklistStep = z.object({
  key: z.string(),
  kind: z.enum(CHECKLIST_STEP_KINDS),
  label: z.string(),
  required: z.boolean(),
  /** A number step's unit ("bar", "°C"); null for others or none. */
  unit: z.string().nullable(),
  /** A number step's acceptable range (either end may be open); an answer outside it is flagged. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** A choice step's options, in order; null for other kinds. */
  options: z.array(z.string()).nullable(),
});
export type TChecklistStep = z.infer<typeof ZChecklistStep>;

const rangeEnd = z
  .number({ message: CHECKLIST_MESSAGES.rangeOutOfBounds })
  .min(-CHECKLIST_NUMBER_LIMIT, { message: CHECKLIST_MESSAGES.rangeOutOfBounds })
  .max(CHECKLIST_NUMBER_LIMIT, { message: CHECKLIST_MESSAGES.rangeOutOfBounds })
  .nullish()
  .transform((value) => value ?? null);

/**
 * A step in a template body. `key` is absent for a new step (the server gives it one) and kept for a
 * step edited, so that its answers in earlier versions read as the same step. Unit and range belong
 * to number steps, options to choice steps: elsewhere they are refused (400 naming the step's field).
 */
export const ZChecklistStepInput = z
  .object({
    key: z
      .string()
      .regex(CHECKLIST_STEP_KEY_PATTERN, { message: CHECKLIST_MESSAGES.stepKeyInvalid })
      .optional(),
    kind: z.enum(CHECKLIST_STEP_KINDS, { message: CHECKLIST_MESSAGES.stepKindInvalid }),
    label: storableText({ message: CHECKLIST_MESSAGES.stepLabelRequired })
      .trim()
      .min(1, { message: CHECKLIST_MESSAGES.stepLabelRequired })
      .max(CHECKLIST_STEP_LABEL_MAX_LENGTH, { message: CHECKLIST_MESSAGES.stepLabelTooLong }),
    required: z.boolean().default(false),
    unit: storableText()
      .trim()
      .max(CHECKLIST_UNIT_MAX_LENGTH, { message: CHECKLIST_MESSAGES.unitTooLong })
      .nullish()
      .transform((unit) => (unit ? unit : null)),
    min: rangeEnd,
    max: rangeEnd,
    options: z
      .array(
        storableText({ message: CHECKLIST_MESSAGES.optionInvalid })
          .trim()
          .min(1, { message: CHECKLIST_MESSAGES.optionInvalid })
          .max(CHECKLIST_OPTION_MAX_LENGTH, { message: CHECKLIST_MESSAGES.optionInvalid }),
        { message: CHECKLIST_MESSAGES.optionsCount },
      )
      .min(CHECKLIST_OPTIONS_MIN, { message: CHECKLIST_MESSAGES.optionsCount })
      .max(CHECKLIST_OPTIONS_MAX, { message: CHECKLIST_MESSAGES.optionsCount })
      .refine((options) => new Set(options).size === options.length, {
        message: CHECKLIST_MESSAGES.optionInvalid,
      })
      .nullish()
      .transform((options) => options ?? null),
  })
  .superRefine((step, context) => {
    if (step.kind !== 'number') {
      for (const field of ['unit', 'min', 'max'] as const) {
        if (step[field] !== null) {
          context.addIssue({ code: 'custom', path: [field], message: CHECKLIST_MESSAGES.numberOnly });
        }
      }
    } else if (step.min !== null && step.max !== null && step.min > step.max) {
      context.addIssue({ code: 'custom', path: ['max'], message: CHECKLIST_MESSAGES.rangeReversed });
    }
    if (step.kind === 'choice' && step.options === null) {
      context.addIssue({ code: 'custom', path: ['options'], message: CHECKLIST_MESSAGES.optionsCount });
    }
    if (step.kind !== 'choice' && step.options !== null) {
      context.addIssue({ code: 'custom', path: ['options'], message: CHECKLIST_MESSAGES.choiceOnly });
    }
  });
export type TChecklistStepInput = z.input<typeof ZChecklistStepInput>;

/**
 * POST /api/admin/checklists and PUT /api/admin/checklists/{id}: the template's name and its steps in
 * order. A PUT whose steps differ from the current version's makes a new version (tasks keep theirs).
 */
export const ZChecklistTemplateBody = z.object({
  name: storableText({ message: CHECKLIST_MESSAGES.nameRequired })
    .trim()
    .min(1, { message: CHECKLIST_MESSAGES.nameRequired })
    .max(CHECKLIST_NAME_MAX_LENGTH, { message: CHECKLIST_MESSAGES.nameTooLong }),
  steps: z
    .array(ZChecklistStepInput, { message: CHECKLIST_MESSAGES.stepsRequired })
    .min(1, { message: CHECKLIST_MESSAGES.stepsRequired })
    .max(CHECKLIST_STEPS_MAX, { message: CHECKLIST_MESSAGES.tooManySteps })
    .superRefine((steps, context) => {
      const seen = new Set<string>();
      steps.forEach((step, index) => {
        if (step.key === undefined) return;
        if (seen.has(step.key)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'key'],
            message: CHECKLIST_MESSAGES.duplicateStepKey,
          });
        }
        seen.add(step.key);
      });
    }),
});
export type TChecklistTemplateBody = z.input<typeof ZChecklistTemplateBody>;

/** GET /api/checklists: the organization's templates by name; `q` narrows by name, `archived` shows the archived ones instead. */
export const ZChecklistListQuery = ZPageQuery.extend({
  q: z.string().trim().max(200).optional(),
  archived: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
}).refine(...withinCountedRows);
export type TChecklistListQuery = z.input<typeof ZChecklistListQuery>;

/** A row of the template list (and of the pickers of the schedule and task forms). */
export const ZChecklistTemplateSummary = z.object({
  id: z.string(),
  name: z.string(),
  /** Its current version (1, 2, ...). */
  version: z.number().int(),
  stepCount: z.number().int(),
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TChecklistTemplateSummary = z.infer<typeof ZChecklistTemplateSummary>;

/** A version of a template, as the template lists them (newest first). */
export const ZChecklistVersionInfo = z.object({
  version: z.number().int(),
  stepCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type TChecklistVersionInfo = z.infer<typeof ZChecklistVersionInfo>;

/** GET /api/checklists/{id} (and what POST/PUT answer): the current version's steps and all versions. */
export const ZChecklistTemplate = ZChecklistTemplateSummary.extend({
  steps: z.array(ZChecklistStep),
  versions: z.array(ZChecklistVersionInfo),
  createdAt: z.string(),
});
export type TChecklistTemplate = z.infer<typeof ZChecklistTemplate>;

/** A template as a schedule or a task names it. */
export const ZChecklistRef = z.object({ id: z.string(), name: z.string() });
export type TChecklistRef = z.infer<typeof ZChecklistRef>;

/**
 * Where a task's checklist stands (see checklist-messages.ts ChecklistCounts): its steps, done, and of
 * those done passed, failed (a check answered fail), not applicable, flagged (failed or out of range).
 */
export const ZChecklistSummary = z.object({
  total: z.number().int(),
  done: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  na: z.number().int(),
  flagged: z.number().int(),
});
export type TChecklistSummary = z.infer<typeof ZChecklistSummary>;

/** An event's checklist in brief (the event's `checklist`): which template and version, and its summary. */
export const ZEventChecklist = z.object({
  templateId: z.string(),
  name: z.string(),
  version: z.number().int(),
  summary: ZChecklistSummary,
});
export type TEventChecklist = z.infer<typeof ZEventChecklist>;

/** The task a follow-up was opened from (the event's `followUpOf`): its id, title and the step. */
export const ZFollowUpOf = z.object({
  eventId: z.string(),
  title: z.string(),
  stepKey: z.string(),
  stepLabel: z.string().nullable(),
});
export type TFollowUpOf = z.infer<typeof ZFollowUpOf>;

/** A step's answer, stamped with who gave it and when they say they did (the outbox's own time). */
export const ZChecklistResponse = z.object({
  stepKey: z.string(),
  /** A check step's answer; null for other kinds. */
  outcome: z.enum(CHECK_OUTCOMES).nullable(),
  numberValue: z.number().nullable(),
  /** A text step's text or a choice step's option. */
  textValue: z.string().nullable(),
  /** A photo or signature step's image. */
  file: ZFile.nullable(),
  /** A failed check or a number outside the step's acceptable range: highlighted, offered a follow-up. */
  flagged: z.boolean(),
  doneBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  doneAt: z.string(),
  /** The follow-up task opened from this step, if any. */
  followUpEventId: z.string().nullable(),
});
export type TChecklistResponse = z.infer<typeof ZChecklistResponse>;

/** GET /api/events/{id}/checklist: the task's version of its checklist, the answers and the summary. */
export const ZTaskChecklist = z.object({
  eventId: z.string(),
  assetId: z.string(),
  templateId: z.string(),
  name: z.string(),
  version: z.number().int(),
  steps: z.array(ZChecklistStep),
  responses: z.array(ZChecklistResponse),
  summary: ZChecklistSummary,
  /** False once the task is completed: the answers can no longer change. */
  editable: z.boolean(),
});
export type TTaskChecklist = z.infer<typeof ZTaskChecklist>;

/** A photo or a signature in an answer: a key issued by POST /api/uploads/presign (the bytes PUT there). */
export const ZChecklistFileInput = z.object({
  objectKey: storableText().min(1).max(512),
  fileName: storableText().trim().min(1).max(255),
});
export type TChecklistFileInput = z.infer<typeof ZChecklistFileInput>;

/**
 * PUT /api/events/{id}/checklist/steps/{stepKey}: one answer, the one the step's kind takes
 * (`outcome` a check, `numberValue` a number, `textValue` a text or a choice's option, `file` a photo
 * or a signature), and `doneAt`, when it was done on the device (the outbox; bounded as ADR 085's
 * times are; absent: now). A value that does not fit its step: 400 naming the step.
 */
export const ZChecklistAnswerBody = z
  .object({
    outcome: z.enum(CHECK_OUTCOMES).optional(),
    numberValue: z.number().optional(),
    textValue: storableText().max(10_000).optional(),
    file: ZChecklistFileInput.optional(),
    doneAt: instant(CHECKLIST_MESSAGES.doneAtInvalid).optional(),
  })
  .refine(
    (body) =>
      [body.outcome, body.numberValue, body.textValue, body.file].filter((value) => value !== undefined)
        .length === 1,
    { message: CHECKLIST_MESSAGES.oneAnswer },
  );
export type TChecklistAnswerBody = z.input<typeof ZChecklistAnswerBody>;

/**
 * POST /api/events/{id}/follow-ups: a Pending task on the same asset, linked to this task's step
 * (title "Follow-up: <step>" and notes naming the answer unless given). One per step: asking again
 * answers the follow-up already opened (200 instead of 201).
 */
export const ZFollowUpBody = z.object({
  stepKey: z.string().regex(CHECKLIST_STEP_KEY_PATTERN, { message: CHECKLIST_MESSAGES.stepKeyInvalid }),
  title: storableText()
    .trim()
    .max(EVENT_TITLE_MAX_LENGTH, { message: EVENT_MESSAGES.titleTooLong })
    .nullish()
    .transform((text) => (text ? text : null)),
  notes: storableText()
    .trim()
    .max(EVENT_NOTES_MAX_LENGTH, { message: EVENT_MESSAGES.notesTooLong })
    .nullish()
    .transform((text) => (text ? text : null)),
});
export type TFollowUpBody = z.input<typeof ZFollowUpBody>;

/** What POST /api/events/{id}/follow-ups answers: the follow-up task and whether this request opened it. */
export const ZFollowUp = z.object({
  eventId: z.string(),
  assetId: z.string(),
  title: z.string(),
  created: z.boolean(),
});
export type TFollowUp = z.infer<typeof ZFollowUp>;

/** A template chosen for a schedule or a new task: its id; null or absent for none. */
export const ZChecklistTemplateId = z
  .string()
  .uuid({ message: CHECKLIST_MESSAGES.unknownTemplate })
  .nullish()
  .transform((id) => id ?? null);

/** The payload of the `checklist.completed` webhook: the task, its asset, its checklist and summary. */
export const ZChecklistCompletedPayload = z.object({
  eventId: z.string(),
  assetId: z.string(),
  templateId: z.string(),
  name: z.string(),
  version: z.number().int(),
  completedAt: z.string(),
  summary: ZChecklistSummary,
});
export type TChecklistCompletedPayload = z.infer<typeof ZChecklistCompletedPayload>;
