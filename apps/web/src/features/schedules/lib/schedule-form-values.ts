import {
  checkFieldValue,
  type TFieldDefinition,
  type TFieldError,
  type TRecurrence,
  type TRecurrenceUnit,
  type TSchedule,
  type TScheduleBody,
  type TScheduleMode,
  type TSchedulePriority,
  type TUsageCombine,
  type TWeekday,
  ZScheduleBody,
} from '@mqr/contracts';
import { customKey, fieldInputValue, ruleOf, storedValueOf } from '#web/features/fields/index.ts';
import { parseReading } from '#web/features/meters/index.ts';
import { wordMessage } from '#web/lib/api-messages.ts';

export type TRecurrencePattern = TRecurrence['pattern'];

/** What makes a schedule due (ADR 138): the calendar, a meter's use, or both with the calendar as backstop. */
export type TScheduleTrigger = 'calendar' | 'usage' | 'both';

/** What the schedule form edits; numbers as typed. Default values of the event fields at `custom.f_{id}`. */
export type TScheduleFormValues = {
  title: string;
  notes: string;
  pattern: TRecurrencePattern;
  every: string;
  unit: TRecurrenceUnit;
  weekdays: TWeekday[];
  day: string;
  mode: TScheduleMode;
  leadDays: string;
  assigneeId: string;
  priority: TSchedulePriority;
  startsOn: string;
  endsOn: string;
  /** The checklist template's id, '' for none (ADR 136). */
  checklistTemplateId: string;
  custom: Record<string, string>;
  trigger: TScheduleTrigger;
  meterId: string;
  /** Units between two services, and the reading to count from (blank: the latest, or as saved). */
  usageEvery: string;
  usageFrom: string;
  combine: TUsageCombine;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's date today (YYYY-MM-DD): a new schedule's start. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new schedule: monthly from today, fixed, no lead time; or the schedule as it is saved. */
export function initialScheduleFormValues(
  schedule: TSchedule | undefined,
  definitions: TFieldDefinition[],
  today: string = localToday(),
): TScheduleFormValues {
  const custom: Record<string, string> = {};
  for (const definition of definitions) {
    custom[customKey(definition.id)] = fieldInputValue(definition, storedValueOf(schedule, definition.id));
  }
  const recurrence = schedule?.recurrence;
  return {
    title: schedule?.title ?? '',
    notes: schedule?.notes ?? '',
    pattern: recurrence?.pattern ?? 'interval',
    every: String(recurrence?.every ?? 1),
    unit: recurrence?.pattern === 'interval' ? recurrence.unit : 'month',
    weekdays: recurrence?.pattern === 'weekdays' ? recurrence.weekdays : [],
    day: String(recurrence?.pattern === 'monthDay' ? recurrence.day : 1),
    mode: schedule?.mode ?? 'fixed',
    leadDays: String(schedule?.leadDays ?? 0),
    assigneeId: schedule?.assigneeId ?? '',
    priority: schedule?.priority ?? 'normal',
    startsOn: schedule?.startsOn ?? today,
    endsOn: schedule?.endsOn ?? '',
    checklistTemplateId: schedule?.checklist?.id ?? '',
    custom,
    trigger: schedule?.usage ? (schedule.recurrence ? 'both' : 'usage') : 'calendar',
    meterId: schedule?.usage?.meterId ?? '',
    usageEvery: schedule?.usage ? String(schedule.usage.every) : '',
    usageFrom: '',
    combine: schedule?.usage?.combine ?? 'first',
  };
}

/** A typed whole number; NaN for anything else (the shared rules then say what to enter). */
function wholeNumber(text: string): number {
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

function recurrenceOf(values: TScheduleFormValues): TRecurrence | null {
  const every = wholeNumber(values.every);
  if (values.trigger === 'usage') return null;
  // A backstop counts from the last completion: every N days, weeks, months or years only.
  if (values.trigger === 'both') return { pattern: 'interval', every, unit: values.unit };
  switch (values.pattern) {
    case 'interval':
      return { pattern: 'interval', every, unit: values.unit };
    case 'weekdays':
      return { pattern: 'weekdays', every, weekdays: values.weekdays };
    case 'monthDay':
      return { pattern: 'monthDay', every, day: wholeNumber(values.day) };
    case 'lastDayOfMonth':
      return { pattern: 'lastDayOfMonth', every };
  }
}

/**
 * The form path of a path the rules or the server report: `recurrence.every` → `every`,
 * `recurrence` (no due date at all) → `pattern`, `fields.{id}` → `custom.f_{id}`; null for none.
 */
export function scheduleFormPath(path: string): string | null {
  const [head = '', next] = path.split('.');
  if (head === 'fields') return next ? `custom.${customKey(next)}` : null;
  if (head === 'usage') return next === 'every' ? 'usageEvery' : next === 'from' ? 'usageFrom' : 'meterId';
  if (head === 'recurrence') return next && ['every', 'weekdays', 'day'].includes(next) ? next : 'pattern';
  const known = [
    'title',
    'notes',
    'mode',
    'leadDays',
    'assigneeId',
    'priority',
    'startsOn',
    'endsOn',
    'checklistTemplateId',
  ];
  return known.includes(head) ? head : null;
}

export type TScheduleFormCheck = { ok: true; body: TScheduleBody } | { ok: false; errors: TFieldError[] };

/**
 * Checks the form with the shared rules (docs/product/schedules.md#schedules) and builds the body:
 * empty notes and end date sent as null, default values of active fields only, empty ones left out.
 * Errors carry form paths, one per input.
 */
export function checkScheduleForm(
  values: TScheduleFormValues,
  definitions: TFieldDefinition[],
  saved?: TSchedule,
): TScheduleFormCheck {
  const errors: TFieldError[] = [];
  const add = (path: string | null, message: string) => {
    if (path && !errors.some((error) => error.path === path)) errors.push({ path, message });
  };
  const fields: { fieldId: string; value: string }[] = [];
  for (const definition of definitions) {
    if (!definition.isActive) continue;
    const key = customKey(definition.id);
    const result = checkFieldValue(
      ruleOf(definition),
      values.custom[key],
      storedValueOf(saved, definition.id),
    );
    if (!result.ok) add(`custom.${key}`, result.message);
    else if (result.value !== null) fields.push({ fieldId: definition.id, value: result.value });
  }
  const usage =
    values.trigger === 'calendar'
      ? null
      : {
          meterId: values.meterId,
          every: parseReading(values.usageEvery) ?? Number.NaN,
          from: values.usageFrom.trim() === '' ? null : (parseReading(values.usageFrom) ?? Number.NaN),
          combine: values.combine,
        };
  const body: TScheduleBody = {
    title: values.title,
    notes: values.notes.trim() === '' ? null : values.notes,
    fields,
    recurrence: recurrenceOf(values),
    usage,
    // A usage trigger always counts from the last completion.
    ...(usage ? {} : { mode: values.mode }),
    leadDays: wholeNumber(values.leadDays),
    assigneeId: values.assigneeId || null,
    priority: values.priority,
    startsOn: values.startsOn.trim(),
    endsOn: values.endsOn.trim() === '' ? null : values.endsOn.trim(),
    checklistTemplateId: values.checklistTemplateId || null,
  };
  const parsed = ZScheduleBody.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      add(scheduleFormPath(issue.path.join('.')), wordMessage(issue.message));
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, body };
}
