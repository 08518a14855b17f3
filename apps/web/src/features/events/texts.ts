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

/** The maintenance events' and tasks' words on the asset page and the public page. */
export const EVENT_TEXTS = {
  noMaintenance: 'No recorded maintenance yet.',
  // Asset page (docs/product/asset-detail.md#asset-page-task-actions, #saving-an-event).
  fieldsLoadFailed: 'Unable to load maintenance field definitions.',
  uploadFailed: 'One or more files failed to upload.',
  saveFailed: 'Unable to save maintenance event.',
  startFailed: 'Unable to start the maintenance task.',
  completeFailed: 'Unable to complete the maintenance task.',
  confirmStart: 'Start this maintenance task now?',
  confirmCompletePending: 'This task has not been started yet. Mark it as started and completed now?',
  confirmComplete: 'Mark this maintenance task as completed?',
  // The history's paging (asset page and public page).
  showMore: 'Show older events',
  loadingMore: 'Loading...',
  moreFailed: 'Unable to load older events. Please try again.',
  shown: (shown: number, total: number) =>
    `Showing ${shown.toLocaleString()} of ${total.toLocaleString()} ${total === 1 ? 'event' : 'events'}`,
} as const;
