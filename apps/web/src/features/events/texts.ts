import { msg, plural } from '@lingui/core/macro';
import { addDays, DUE_SOON_DAYS } from '@mqr/contracts';
import { formatCalendarDate } from '#web/lib/dates.ts';

/** The dashboard's pending task texts (docs/product/dashboard.md#pending-maintenance-tasks). */
export const TASK_MESSAGES = {
  title: msg`Pending maintenance tasks`,
  loading: msg`Loading tasks...`,
  empty: msg`All caught up! No pending maintenance tasks.`,
  loadFailed: msg`Unable to load pending maintenance tasks.`,
  retry: msg`Retry`,
  startFailed: msg`Unable to start the task. Please try again.`,
  completeFailed: msg`Unable to complete the task. Please try again.`,
  confirmStart: msg`Start this maintenance task now?`,
  confirmCompletePending: msg`Mark this task as started and completed now?`,
  confirmComplete: msg`Mark this task as completed?`,
  starting: msg`Starting...`,
  updating: msg`Updating...`,
};

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
  fieldsLoadFailed: msg`Unable to load maintenance field definitions.`,
  uploadFailed: msg`One or more files failed to upload.`,
  saveFailed: msg`Unable to save maintenance event.`,
  startFailed: msg`Unable to start the maintenance task.`,
  completeFailed: msg`Unable to complete the maintenance task.`,
  confirmStart: msg`Start this maintenance task now?`,
  confirmCompletePending: msg`This task has not been started yet. Mark it as started and completed now?`,
  confirmComplete: msg`Mark this maintenance task as completed?`,
  sectionTitle: msg`Maintenance events`,
  add: msg`Add maintenance event`,
  addTitle: msg`Add maintenance event`,
  editTitle: msg`Edit maintenance event`,
  edit: msg`Edit event`,
  startTask: msg`Start task`,
  markComplete: msg`Mark complete`,
  deleteEvent: msg`Delete event`,
  deleting: msg`Deleting…`,
  recordMaintenance: msg`Record maintenance`,
  /** `date` already formatted (formatDate, formatDateTime); <0> is its <time> element (PerformedAt). */
  performed: (date: string) => msg`Performed <0>${date}</0>`,
  assignedTo: (name: string) => msg`Assigned to ${name}`,
  changeHistory: msg`Change history`,
  /** A change's stamp: `date` already formatted (formatDateTime). */
  changedBy: (date: string, name: string) => msg`${date} by ${name}`,
};

/** Priority, time, costs and downtime of a task (docs/product/events-and-tasks.md#priorities, #work-and-costs). */
export const WORK_TEXTS = {
  priority: msg`Priority`,
  assetDown: msg`The asset is down`,
  assetDownHint: msg`Starts a downtime now; completing the task ends it.`,
  completeWithWork: msg`Complete with time and costs`,
  completeTitle: (title: string) => msg`Complete “${title}”`,
  timeSpent: msg`Your time spent`,
  timeSpentHint: msg`Minutes (90) or hours and minutes (1:30).`,
  timeInvalid: msg`Enter minutes (90) or hours and minutes (1:30).`,
  costs: msg`Parts and other costs`,
  description: msg`Description`,
  quantity: msg`Quantity`,
  /** `currency`: its ISO code (EUR). */
  unitCost: (currency: string) => msg`Unit cost (${currency})`,
  quantityInvalid: msg`Enter a quantity of 0 or more, with at most three decimals.`,
  unitCostInvalid: msg`Enter an amount of 0 or more.`,
  descriptionRequired: msg`Describe the cost.`,
  addCost: msg`Add a cost line`,
  removeCost: (index: number) => msg`Remove cost line ${index}`,
  downtime: msg`Downtime`,
  downFrom: msg`Down from`,
  downTo: msg`Up again at`,
  downToHint: msg`Empty: up again when the task is completed.`,
  downtimeInvalid: msg`Enter a date and time.`,
  complete: msg`Complete task`,
  completing: msg`Completing…`,
  cancel: msg`Cancel`,
  /** `total`: already formatted money. */
  total: (total: string) => msg`Total ${total}`,
  /** `time` as h:mm. */
  spent: (name: string, time: string) => msg`${name}: ${time} h`,
  /** `from` already formatted. */
  downSince: (from: string) => msg`Asset down since ${from}`,
  /** Both already formatted. */
  downBetween: (from: string, to: string) => msg`Asset down ${from} – ${to}`,
  costLine: (description: string, quantity: string, unitCost: string, total: string) =>
    msg`${description}: ${quantity} × ${unitCost} = ${total}`,
};

/** The event form's words (docs/product/asset-detail.md#saving-an-event). */
export const EVENT_FORM_TEXTS = {
  title: msg`Title`,
  notes: msg`Notes`,
  recordedBy: msg`Recorded by`,
  performedAt: msg`Performed at`,
  startTask: msg`Start task immediately`,
  cancel: msg`Cancel`,
  uploading: msg`Uploading...`,
  saving: msg`Saving...`,
  save: msg`Save event`,
  attachments: msg`Attachments`,
  /** `size` in megabytes, already formatted (formatNumber). */
  sizeLimit: (size: string) => msg`Up to ${size} MB per file.`,
  attached: msg`Attached`,
  attachedFiles: msg`Attached files`,
  removedOnSave: msg`Removed when you save`,
  keep: msg`Keep`,
  remove: msg`Remove`,
  keepFile: (fileName: string) => msg`Keep ${fileName}`,
  removeFile: (fileName: string) => msg`Remove ${fileName}`,
  filesToUpload: msg`Files to upload`,
  readyToUpload: msg`Ready to upload`,
  uploaded: msg`Uploaded`,
  uploadFailed: msg`Upload failed`,
  /** `limit`: the contracts' sentence on the size limit (UPLOAD_MESSAGES.tooLarge). */
  tooLarge: (fileName: string, limit: string) => msg`"${fileName}" is too large. ${limit}`,
};

export const DUE_CARD_TEXTS = {
  region: msg`Due tasks`,
  overdue: msg`Overdue`,
  overdueCaption: msg`Open tasks past their due date`,
  dueSoon: msg`Due in the next ${DUE_SOON_DAYS} days`,
  /** From today to the last day of the due-soon window, in the active language. */
  dueSoonCaption: (today: string) => {
    const from = formatCalendarDate(today);
    const to = formatCalendarDate(addDays(today, DUE_SOON_DAYS));
    return msg`${from} to ${to}`;
  },
  loading: msg`Loading due tasks...`,
  loadFailed: msg`Unable to load the due tasks.`,
};

export const TASK_FILTER_TEXTS = {
  group: msg`Show tasks`,
  overdue: msg`Overdue`,
  soon: msg`Due soon`,
  mine: msg`Assigned to me`,
  noneMatch: msg`No pending tasks match these filters.`,
  showAll: msg`Show all tasks`,
};

/** The question an administrator confirms before deleting an event. */
export const deleteEventQuestion = (title: string) =>
  msg`Delete “${title}” for good? Its attachments and change history are deleted with it. The audit log keeps a record.`;

export const DELETE_EVENT_FAILED = msg`The maintenance event could not be deleted.`;
