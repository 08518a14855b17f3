import { DUE_SOON_DAYS, type TDueState, type TRoleFlags } from '@mqr/contracts';

/**
 * Screen texts that several features show: the due badges and cards, the reminder switches of the
 * profile and the organization settings. A feature's own texts live in its texts.ts (ADR 103).
 */

/** The due badge of a task or an asset (docs/product/schedules.md#next-service-due). */
export const DUE_STATE_LABELS: Record<TDueState, string> = {
  overdue: 'Overdue',
  dueToday: 'Due today',
  dueSoon: 'Due soon',
  none: '',
};

/** Words of due work the screens share (docs/product/schedules.md#next-service-due, dashboard.md#due-cards). */
export const DUE_TEXTS = {
  nextServiceDue: (date: string) => `Next service due ${date}`,
  overdue: 'Overdue',
  dueNext7Days: `Due in the next ${DUE_SOON_DAYS} days`,
  assignedTo: (name: string) => `Assigned to ${name}`,
} as const;

/** The switches' words (docs/product/profile-and-settings.md#daily-digest). */
export const REMINDER_TEXTS = {
  heading: 'Email reminders',
  userSwitch: 'Email me a daily digest of my due tasks',
  userHint:
    'Each morning at 07:00 (organization time), an email lists your overdue tasks and those due in the next 7 days. Nothing is sent on a day with nothing due.',
  organizationSwitch: 'Send a daily digest of due tasks by email',
  organizationHint:
    'Each morning at 07:00 in the time zone above, each person gets their overdue tasks and those due in the next 7 days; tasks nobody is assigned to go to the administrators. People can turn it off for themselves.',
  organizationOffForUsers: 'Your organization has turned the daily digest off.',
  serverOff: 'This server has no mail server set up (SMTP_URL), so no email is sent.',
  userOn: 'Daily digest turned on.',
  userOff: 'Daily digest turned off.',
  organizationOn: 'Daily digest turned on for the organization.',
  organizationOff: 'Daily digest turned off for the organization.',
  failed: 'Unable to save the daily digest setting.',
} as const;

const CAN_STILL_RECORD = 'You can still record work on the assets kept on this device.';

/**
 * What a screen says offline when this device kept nothing of what it shows (docs/product/offline.md#reading-offline):
 * what is missing, and what the technician can still do.
 */
export const OFFLINE_TEXTS = {
  offline: 'You are offline.',
  asset: `This asset was not kept on this device: open it once while online to keep it. ${CAN_STILL_RECORD}`,
  schedules:
    'The planned maintenance of this asset was not kept on this device. You can still record work on this asset.',
  tasks: `The pending tasks were not kept on this device: open the dashboard once while online to keep them. ${CAN_STILL_RECORD}`,
  dueTasks: 'The due tasks were not kept on this device.',
  page: `This page is not kept on this device. ${CAN_STILL_RECORD}`,
  olderEvents: 'Older events were not kept on this device.',
} as const;

/** The role label shown in the header's user menu. */
export function roleLabel(user: TRoleFlags): string {
  if (user.isSuperAdmin) return 'Super Administrator';
  if (user.isAdmin) return 'Administrator';
  return 'Member';
}
