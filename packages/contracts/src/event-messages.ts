import { englishMessages, said } from './messages.ts';
// No zod here: the public page's bundle reads these without the schemas (ADR 032).

export const EVENT_TITLE_MAX_LENGTH = 200;
export const EVENT_NOTES_MAX_LENGTH = 4000;
export const EVENT_RECORDED_BY_MAX_LENGTH = 200;
/** Attachments one save may carry. */
export const EVENT_MAX_FILES = 20;

export const EVENT_MESSAGES = {
  ...englishMessages({
    titleRequired: /*i18n*/ { id: 'event.titleRequired', message: 'Title is required.' },
    taskSearchNeedsAsset: /*i18n*/ {
      id: 'event.taskSearchNeedsAsset',
      message: "The search reads one asset's tasks: give assetId with q.",
    },
    titleTooLong: said(
      /*i18n*/ {
        id: 'event.titleTooLong',
        message: 'Title must be at most {eventTitleMaxLength} characters.',
      },
      { eventTitleMaxLength: EVENT_TITLE_MAX_LENGTH },
    ),
    notesTooLong: said(
      /*i18n*/ {
        id: 'event.notesTooLong',
        message: 'Notes must be at most {eventNotesMaxLength} characters.',
      },
      { eventNotesMaxLength: EVENT_NOTES_MAX_LENGTH },
    ),
    recordedByTooLong: said(
      /*i18n*/ {
        id: 'event.recordedByTooLong',
        message: 'Recorded by must be at most {eventRecordedByMaxLength} characters.',
      },
      { eventRecordedByMaxLength: EVENT_RECORDED_BY_MAX_LENGTH },
    ),
    performedAtInvalid: /*i18n*/ {
      id: 'event.performedAtInvalid',
      message: 'Performed at must be a date and time.',
    },
    tooManyFiles: said(
      /*i18n*/ {
        id: 'event.tooManyFiles',
        message: 'At most {eventMaxFiles} files can be attached at once.',
      },
      { eventMaxFiles: EVENT_MAX_FILES },
    ),
    duplicateFile: /*i18n*/ { id: 'event.duplicateFile', message: 'The same file is attached twice.' },
    cannotStart: /*i18n*/ { id: 'event.cannotStart', message: 'Only a pending task can be started.' },
    alreadyCompleted: /*i18n*/ { id: 'event.alreadyCompleted', message: 'This task is already completed.' },
    editCompletedForbidden: /*i18n*/ {
      id: 'event.editCompletedForbidden',
      message: 'You do not have permission to edit completed maintenance events.',
    },
  }),
  // Server rules (docs/product/events-and-tasks.md#task-transitions: transitions answer 409, editing a Completed event 403).
} as const;

/** Why the time a write sent later says the work was done is refused (ADR 085): the server's, apart from the public page's texts. */
export const OCCURRED_AT_MESSAGES = {
  ...englishMessages({
    invalid: /*i18n*/ { id: 'occurredAt.invalid', message: 'Occurred at must be a date and time.' },
    future: /*i18n*/ {
      id: 'occurredAt.future',
      message:
        'The time this was done is still in the future for the server: check the date and time of the device it was recorded on.',
    },
    beforeAsset: /*i18n*/ {
      id: 'occurredAt.beforeAsset',
      message:
        'The time this was done is before the asset was created: check the date and time of the device it was recorded on.',
    },
    beforeEvent: /*i18n*/ {
      id: 'occurredAt.beforeEvent',
      message:
        'The time this was done is before the maintenance event was recorded: check the date and time of the device it was recorded on.',
    },
  }),
} as const;
