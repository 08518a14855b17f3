import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TDueState, TRoleFlags, TTaskPriority, TTaskStatus } from '@mqr/contracts';

/**
 * Screen texts that several features show: the due badges and cards, the reminder switches of the
 * profile and the organization settings. A feature's own texts live in its texts.ts (ADR 103).
 * They are Lingui messages (`msg`), shown with `_()` of useLingui (docs/translating.md).
 */

/** The due pill's words, translated (the due badge, the public page). */
export const DUE_STATE_MESSAGES: Record<Exclude<TDueState, 'none'>, MessageDescriptor> = {
  overdue: msg`Overdue`,
  dueToday: msg`Due today`,
  dueSoon: msg`Due soon`,
};

/** Due dates, translated: `date` is already formatted (formatCalendarDate). */
export const DUE_MESSAGES = {
  nextServiceDue: (date: string) => msg`Next service due ${date}`,
  dueOn: (date: string) => msg`Due ${date}`,
};

/** A task's priority, translated (docs/product/events-and-tasks.md#priorities). */
export const PRIORITY_MESSAGES: Record<TTaskPriority, MessageDescriptor> = {
  low: msg({ message: 'Low', comment: 'task priority' }),
  normal: msg({ message: 'Normal', comment: 'task priority' }),
  high: msg({ message: 'High', comment: 'task priority' }),
  urgent: msg({ message: 'Urgent', comment: 'task priority' }),
};

/** A task's status, translated (docs/product/events-and-tasks.md#task-statuses). */
export const TASK_STATUS_MESSAGES: Record<TTaskStatus, MessageDescriptor> = {
  Pending: msg`Pending`,
  InProgress: msg`In progress`,
  Completed: msg`Completed`,
};

/** The switches' words (docs/product/profile-and-settings.md#daily-digest). */
export const REMINDER_TEXTS = {
  heading: msg`Email reminders`,
  userSwitch: msg`Email me a daily digest of my due tasks`,
  userHint: msg`Each morning at 07:00 (organization time), an email lists your overdue tasks and those due in the next 7 days. Nothing is sent on a day with nothing due.`,
  organizationSwitch: msg`Send a daily digest of due tasks by email`,
  organizationHint: msg`Each morning at 07:00 in the time zone above, each person gets their overdue tasks and those due in the next 7 days; tasks nobody is assigned to go to the administrators. People can turn it off for themselves.`,
  organizationOffForUsers: msg`Your organization has turned the daily digest off.`,
  serverOff: msg`This server has no mail server set up (SMTP_URL), so no email is sent.`,
  userOn: msg`Daily digest turned on.`,
  userOff: msg`Daily digest turned off.`,
  organizationOn: msg`Daily digest turned on for the organization.`,
  organizationOff: msg`Daily digest turned off for the organization.`,
  failed: msg`Unable to save the daily digest setting.`,
};

/**
 * What a screen says offline when this device kept nothing of what it shows (docs/product/offline.md#reading-offline):
 * what is missing, and what the technician can still do. Whole sentences each: no piece is shared.
 */
export const OFFLINE_TEXTS = {
  offline: msg`You are offline.`,
  asset: msg`This asset was not kept on this device: open it once while online to keep it. You can still record work on the assets kept on this device.`,
  schedules: msg`The planned maintenance of this asset was not kept on this device. You can still record work on this asset.`,
  tasks: msg`The pending tasks were not kept on this device: open the dashboard once while online to keep them. You can still record work on the assets kept on this device.`,
  dueTasks: msg`The due tasks were not kept on this device.`,
  page: msg`This page is not kept on this device. You can still record work on the assets kept on this device.`,
  olderEvents: msg`Older events were not kept on this device.`,
  assetForm: msg`The asset form saves once you are back online. To move this asset now, use Move on its page.`,
  /** Beside data shown offline from this device: `when` is already formatted (formatDateTime). */
  lastSeen: (when: string) => msg`Offline: last seen at ${when}`,
};

const ROLE_MESSAGES = {
  superAdmin: msg`Super Administrator`,
  admin: msg`Administrator`,
  member: msg`Member`,
};

/** The role label shown in the header's user menu and the profile. */
export function roleLabel(user: TRoleFlags): MessageDescriptor {
  if (user.isSuperAdmin) return ROLE_MESSAGES.superAdmin;
  if (user.isAdmin) return ROLE_MESSAGES.admin;
  return ROLE_MESSAGES.member;
}

/** The shared components' words (components/): pagers, dialogs, refresh buttons, progress bars. */
export const UI_TEXTS = {
  pagination: msg`Pagination`,
  previous: msg`Previous`,
  next: msg`Next`,
  /** `pages` is already formatted; `more` when the server stopped counting ("Page 1 of 200+"). */
  page: (page: number, pages: string, more: boolean) =>
    more ? msg`Page ${page} of ${pages}+` : msg`Page ${page} of ${pages}`,
  close: msg`Close`,
  refresh: msg`Refresh`,
  /** A progress bar's value: `percent` from 0 to 100. */
  percent: (percent: string) => msg`${percent}%`,
  percentWithStatus: (percent: string, status: string) => msg`${percent}%, ${status}`,
};
