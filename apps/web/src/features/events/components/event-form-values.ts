import {
  checkFieldValue,
  EVENT_MESSAGES,
  FIELD_VALUE_MESSAGES,
  type TEventBody,
  type TEventFileInput,
  type TFieldDefinition,
  type TFieldError,
  type TFile,
  type TMaintenanceEvent,
  type TTaskPriority,
  ZEventBodyFields,
} from '@mqr/contracts';
import { customKey, fieldInputValue, ruleOf, storedValueOf } from '#web/features/fields/index.ts';
import { wordMessage } from '#web/lib/api-messages.ts';

/** What the event composer edits. Custom values are keyed `f_{fieldId}` (safe as form paths). */
export type TEventFormValues = {
  title: string;
  notes: string;
  recordedBy: string;
  /** A datetime-local value: local time, yyyy-mm-ddThh:mm. */
  performedAt: string;
  /** Create only. */
  startTask: boolean;
  priority: TTaskPriority;
  /** "The asset is down": a downtime open now (ADR 131). */
  assetDown: boolean;
  /** Create only: the checklist template's id, '' for none (ADR 136). */
  checklistTemplateId: string;
  custom: Record<string, string>;
};

/** The body of a save before its attachments are known (they are uploaded after validation). */
export type TEventBodyWithoutFiles = Omit<TEventBody, 'files'>;

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local input value, in the browser's time zone ('' when not a date). */
export function toDateTimeLocal(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const DATE_TIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** A datetime-local value (local time) as an ISO 8601 instant; null when it is not a real date-time. */
export function fromDateTimeLocal(text: string): string | null {
  const match = DATE_TIME_LOCAL.exec(text.trim());
  if (!match) return null;
  type TParts = [number, number, number, number, number, number];
  const [year, month, day, hours, minutes, seconds] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0)) as TParts;
  const millis = Number((match[7] ?? '').padEnd(3, '0')); // ".5" is 500 ms
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes, seconds, millis);
  // 2026-02-31 would roll over into March.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.toISOString();
}

/**
 * The form's starting values. A new event: recorded by the signed-in user, performed now, the task
 * started at once. An existing event: its own values, performedAt in local time.
 */
export function initialEventFormValues(
  event: TMaintenanceEvent | undefined,
  definitions: TFieldDefinition[],
  displayName: string,
  now: Date = new Date(),
): TEventFormValues {
  const custom: Record<string, string> = {};
  for (const definition of definitions) {
    custom[customKey(definition.id)] = fieldInputValue(definition, storedValueOf(event, definition.id));
  }
  return {
    title: event?.title ?? '',
    notes: event?.notes ?? '',
    recordedBy: event ? (event.recordedBy ?? '') : displayName,
    performedAt: toDateTimeLocal(event?.performedAt ?? now),
    startTask: !event,
    priority: event?.priority ?? 'normal',
    assetDown: !!event?.downFrom && !event.downTo,
    checklistTemplateId: '',
    custom,
  };
}

/** The form path of an input, from a path the server reports (`fields.<fieldId>`, `title`, ...). */
export function eventFormPathFromServer(path: string): string | null {
  if (path.startsWith('fields.')) return `custom.${customKey(path.slice('fields.'.length).split('.')[0]!)}`;
  const head = path.split('.')[0]!;
  return ['title', 'notes', 'recordedBy', 'performedAt', 'checklistTemplateId'].includes(head) ? head : null;
}

/** An attached file as a save payload lists it (to keep it). */
export function attachmentInput(file: TFile): TEventFileInput {
  return {
    objectKey: file.objectKey,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
  };
}

/**
 * What the "asset is down" switch changes: switched on, a downtime starts now; switched off while
 * one is open, it is cleared (recorded by mistake); otherwise the stored downtime stays as it is.
 */
export function downtimeChange(
  assetDown: boolean,
  event: TMaintenanceEvent | undefined,
  now: Date,
): { downFrom?: string | null } {
  const open = !!event?.downFrom && !event.downTo;
  if (assetDown && !open && !event?.downFrom) return { downFrom: now.toISOString() };
  if (!assetDown && open) return { downFrom: null };
  return {};
}

export type TEventFormCheck =
  | { ok: true; body: TEventBodyWithoutFiles }
  | { ok: false; errors: TFieldError[] };

const ZEventText = ZEventBodyFields.pick({ title: true, notes: true, recordedBy: true });

function performedAtOf(
  values: TEventFormValues,
  event: TMaintenanceEvent | undefined,
  shownAtStart?: string,
) {
  const text = values.performedAt.trim();
  if (text === '') return { ok: true as const, value: undefined };
  // Unchanged on edit: keep the stored instant (the input drops its seconds).
  if (event && text === toDateTimeLocal(event.performedAt))
    return { ok: true as const, value: event.performedAt };
  // The untouched "now" of a new event: the server stamps the save time (to the second).
  if (!event && text === shownAtStart) return { ok: true as const, value: undefined };
  const iso = fromDateTimeLocal(text);
  return iso ? { ok: true as const, value: iso } : { ok: false as const };
}

/**
 * Validates the form with the shared rules and builds the save payload (without files): text
 * trimmed, empty notes and recordedBy sent as null, performedAt as ISO (left out when empty or, on
 * create, still the "now" the form opened with (`shownAtStart`): the server then uses the save time;
 * kept as stored when unchanged on edit). Custom values: active fields only, empty ones left out, every invalid
 * value reported as "Please provide a valid value."; a value the event holds stays valid unchanged
 * (ADR 020). When the definitions could not be loaded (`null`), an edit sends the event's stored
 * values back unchanged so that nothing is cleared.
 * `startTask` is sent on create only. Errors carry form paths (`title`, `custom.f_<id>`, ...).
 */
export function checkEventForm(
  values: TEventFormValues,
  definitions: TFieldDefinition[] | null,
  event?: TMaintenanceEvent,
  shownAtStart?: string,
  now: Date = new Date(),
): TEventFormCheck {
  const errors: TFieldError[] = [];
  const text = ZEventText.safeParse({
    title: values.title,
    notes: values.notes,
    recordedBy: values.recordedBy,
  });
  if (!text.success) {
    for (const issue of text.error.issues) {
      const path = String(issue.path[0] ?? '');
      if (!errors.some((error) => error.path === path))
        errors.push({ path, message: wordMessage(issue.message) });
    }
  }
  const performedAt = performedAtOf(values, event, shownAtStart);
  if (!performedAt.ok)
    errors.push({ path: 'performedAt', message: wordMessage(EVENT_MESSAGES.performedAtInvalid) });

  const fields: { fieldId: string; value: string }[] = [];
  if (definitions === null) {
    for (const field of event?.fields ?? []) fields.push({ fieldId: field.fieldId, value: field.value });
  } else {
    for (const definition of definitions) {
      if (!definition.isActive) continue;
      const result = checkFieldValue(
        ruleOf(definition),
        values.custom[customKey(definition.id)],
        storedValueOf(event, definition.id),
      );
      if (!result.ok) {
        errors.push({
          path: `custom.${customKey(definition.id)}`,
          message: wordMessage(FIELD_VALUE_MESSAGES.invalid),
        });
      } else if (result.value !== null) {
        fields.push({ fieldId: definition.id, value: result.value });
      }
    }
  }

  if (errors.length > 0 || !text.success || !performedAt.ok) return { ok: false, errors };
  const body: TEventBodyWithoutFiles = {
    title: text.data.title,
    notes: text.data.notes,
    recordedBy: text.data.recordedBy,
    fields,
  };
  if (performedAt.value) body.performedAt = performedAt.value;
  if (!event) body.startTask = values.startTask;
  if (!event && values.checklistTemplateId) body.checklistTemplateId = values.checklistTemplateId;
  body.priority = values.priority;
  Object.assign(body, downtimeChange(values.assetDown, event, now));
  return { ok: true, body };
}
