import { msg, plural } from '@lingui/core/macro';
import { addDays, DUE_SOON_DAYS } from '@mqr/contracts';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { DUE_STATE_LABELS, DUE_TEXTS } from '#web/lib/texts.ts';

/** The dashboard's pending task texts (docs/product/dashboard.md#pending-maintenance-tasks). */
export const TASK_MESSAGES = {
  title: 'Pending maintenance tasks',
  loading: 'Loading tasks...',
  empty: 'All caught up! No pending maintenance tasks.',
  loadFailed: 'Unable to load pending maintenance tasks.',
  startFailed: 'Unable to start the task. Please try again.',
  completeFailed: 'Unable to complete the task. Please try again.',
  confirmStart: 'Start this maintenance task now?',
  confirmCompletePending: 'Mark this task as started and completed now?',
  confirmComplete: 'Mark this task as completed?',
  starting: 'Starting...',
  updating: 'Updating...',
} as const;

/** The history's words the public page shows too (translated, docs/translating.md). */
export const EVENT_HISTORY_TEXTS = {
  noMaintenance: msg`No recorded maintenance yet.`,
  showMore: msg`Show older events`,
  loadingMore: msg`Loading...`,
  moreFailed: msg`Unable to load older events. Please try again.`,
  /** `shown` already formatted for the language (formatNumber). */
  shown: (shown: string, total: number) =>
    msg`Showing ${shown} of ${plural(total, { one: '# event', other: '# events' })}`,
};

/** An event's stamps (the asset page and the public page); `date` already formatted. */
export const STAMP_TEXTS = {
  recordedBy: (name: string) => msg`Recorded by ${name}`,
  started: {
    alone: (date: string) => msg`Started ${date}`,
    by: (date: string, name: string) => msg`Started ${date} by ${name}`,
  },
  completed: {
    alone: (date: string) => msg`Completed ${date}`,
    by: (date: string, name: string) => msg`Completed ${date} by ${name}`,
  },
  updated: {
    alone: (date: string) => msg`Last updated ${date}`,
    by: (date: string, name: string) => msg`Last updated ${date} by ${name}`,
  },
};

/** The maintenance events' and tasks' words on the asset page. */
export const EVENT_TEXTS = {
  // Asset page (docs/product/asset-detail.md#asset-page-task-actions, #saving-an-event).
  fieldsLoadFailed: 'Unable to load maintenance field definitions.',
  uploadFailed: 'One or more files failed to upload.',
  saveFailed: 'Unable to save maintenance event.',
  startFailed: 'Unable to start the maintenance task.',
  completeFailed: 'Unable to complete the maintenance task.',
  confirmStart: 'Start this maintenance task now?',
  confirmCompletePending: 'This task has not been started yet. Mark it as started and completed now?',
  confirmComplete: 'Mark this maintenance task as completed?',
} as const;

export const DUE_CARD_TEXTS = {
  region: 'Due tasks',
  overdue: DUE_TEXTS.overdue,
  overdueCaption: 'Open tasks past their due date',
  dueSoon: DUE_TEXTS.dueNext7Days,
  dueSoonCaption: (today: string) =>
    `${formatCalendarDate(today)} to ${formatCalendarDate(addDays(today, DUE_SOON_DAYS))}`,
  loading: 'Loading due tasks...',
  loadFailed: 'Unable to load the due tasks.',
} as const;

export const TASK_FILTER_TEXTS = {
  group: 'Show tasks',
  overdue: DUE_STATE_LABELS.overdue,
  soon: DUE_STATE_LABELS.dueSoon,
  mine: 'Assigned to me',
  noneMatch: 'No pending tasks match these filters.',
  showAll: 'Show all tasks',
} as const;

/** The question an administrator confirms before deleting an event. */
export const deleteEventQuestion = (title: string) =>
  `Delete “${title}” for good? Its attachments and change history are deleted with it. The audit log keeps a record.`;

export const DELETE_EVENT_FAILED = 'The maintenance event could not be deleted.';
