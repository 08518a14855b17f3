// No zod here: the public page's bundle reads these without the schemas (ADR 032).

export const EVENT_TITLE_MAX_LENGTH = 200;
export const EVENT_NOTES_MAX_LENGTH = 4000;
export const EVENT_RECORDED_BY_MAX_LENGTH = 200;
/** Attachments one save may carry. */
export const EVENT_MAX_FILES = 20;

export const EVENT_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${EVENT_TITLE_MAX_LENGTH} characters.`,
  notesTooLong: `Notes must be at most ${EVENT_NOTES_MAX_LENGTH} characters.`,
  recordedByTooLong: `Recorded by must be at most ${EVENT_RECORDED_BY_MAX_LENGTH} characters.`,
  performedAtInvalid: 'Performed at must be a date and time.',
  tooManyFiles: `At most ${EVENT_MAX_FILES} files can be attached at once.`,
  duplicateFile: 'The same file is attached twice.',
  // Server rules (docs/product/events-and-tasks.md#task-transitions: transitions answer 409, editing a Completed event 403).
  cannotStart: 'Only a pending task can be started.',
  alreadyCompleted: 'This task is already completed.',
  editCompletedForbidden: 'You do not have permission to edit completed maintenance events.',
} as const;

/** Why the time a write sent later says the work was done is refused (ADR 085): the server's, apart from the public page's texts. */
export const OCCURRED_AT_MESSAGES = {
  invalid: 'Occurred at must be a date and time.',
  future:
    'The time this was done is still in the future for the server: check the date and time of the device it was recorded on.',
  beforeAsset:
    'The time this was done is before the asset was created: check the date and time of the device it was recorded on.',
  beforeEvent:
    'The time this was done is before the maintenance event was recorded: check the date and time of the device it was recorded on.',
} as const;
