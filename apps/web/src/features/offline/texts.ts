import { msg, plural } from '@lingui/core/macro';

/** The outbox's texts (docs/product/offline.md), translated (docs/translating.md). */
export const OUTBOX_MESSAGES = {
  title: msg`Waiting to send`,
  subtitle: msg`What you recorded on this device without a connection, sent in order when it returns.`,
  loading: msg`Loading...`,
  empty: msg`Nothing is waiting: everything recorded on this device has been sent.`,
  offlineHint: msg`You are offline. What you record is kept on this device and sent when the connection returns.`,
  queued: msg`Saved on this device. It will be sent when the connection returns.`,
  sendNow: msg`Send now`,
  sending: msg`Sending...`,
  retry: msg`Try again`,
  discard: msg`Discard`,
  dismiss: msg`Dismiss`,
  confirmDiscard: msg`Discard this change? It has not been sent and will be lost.`,
  failed: msg`The server refused this change.`,
  tooLarge: (name: string) => msg`"${name}" is larger than the server accepts.`,
  /** `at` is already formatted (formatDateTime); `by` is null when the server did not say who. */
  completedBy: (by: string | null, at: string) =>
    by ? msg`Already completed by ${by} on ${at}.` : msg`Already completed by someone else on ${at}.`,
  startedBy: (by: string | null, at: string) =>
    by ? msg`Already started by ${by} on ${at}.` : msg`Already started by someone else on ${at}.`,
  movedMeanwhile: msg`Someone else changed this task meanwhile.`,
  /** `what` is one of the sentences above. */
  savedAsNew: (what: string) => msg`${what} Your notes and files were saved as a new event.`,
  /** What an entry will do: "New maintenance event “Oil change”". */
  startTask: (title: string) => msg`Start task “${title}”`,
  completeTask: (title: string) => msg`Complete task “${title}”`,
  changesTo: (title: string) => msg`Changes to “${title}”`,
  newEvent: (title: string) => msg`New maintenance event “${title}”`,
  moveTo: (path: string) => msg`Move to “${path}”`,
  moveToNone: msg`Move to no location`,
  /** A checklist's writes (ADR 136). */
  checklistStep: (label: string, task: string) => msg`Checklist step “${label}” of “${task}”`,
  clearChecklistStep: (label: string, task: string) => msg`Clear checklist step “${label}” of “${task}”`,
  followUp: (title: string) => msg`Open follow-up task “${title}”`,
  /** A meter reading: `value` already formatted with its unit. */
  reading: (meter: string, value: string) => msg`Reading of ${meter}: ${value}`,
  /** A reading the server asked to confirm (an unusual jump): send it as it is. */
  sendAnyway: msg`Send anyway`,
  /** A move to a location deleted before it was sent (ADR 127). */
  locationGone: (path: string) =>
    msg`“${path}” no longer exists: the asset was not moved. Discard this change and move the asset again.`,
  /** An entry's files: `size` already formatted ("1.5", "< 0.1"). */
  files: (count: number, size: string) =>
    msg`${plural(count, { one: `# file (${size} MB)`, other: `# files (${size} MB)` })}`,
  filesKept: (count: number, size: string) =>
    msg`${plural(count, {
      one: `# file (${size} MB) kept on this device`,
      other: `# files (${size} MB) kept on this device`,
    })}`,
  lessThan: (size: string) => msg`< ${size}`,
  asset: msg`Asset`,
  /** `when` is already formatted (formatDateTime). */
  recorded: (when: string) => msg`Recorded ${when}`,
  uploading: (what: string) => msg`Uploading files of ${what}`,
  states: {
    waiting: msg`Waiting`,
    sending: msg`Sending`,
    failed: msg`Not sent`,
    conflict: msg`Conflict`,
  },
};

/** What the shell says of the connection, the changes waiting and a new version (translated). */
export const OFFLINE_SHELL_TEXTS = {
  offline: msg`Offline`,
  /** `count` changes wait to be sent: the header's link, read by screen readers. */
  waitingCount: (count: number) =>
    msg`${plural(count, { one: '# waiting to send', other: '# waiting to send' })}`,
  /** Beside the count, on wide screens. */
  waiting: msg`waiting`,
  signOutQuestion: (count: number) =>
    msg`${plural(count, {
      one: 'One change has not been sent yet. Signing out deletes it from this device. Sign out anyway?',
      other: '# changes have not been sent yet. Signing out deletes them from this device. Sign out anyway?',
    })}`,
  updateAvailable: msg`A new version is available.`,
  reload: msg`Reload`,
};
