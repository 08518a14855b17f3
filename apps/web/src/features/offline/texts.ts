import { msg, plural } from '@lingui/core/macro';

/** The outbox's texts (docs/product/offline.md). */
export const OUTBOX_MESSAGES = {
  title: 'Waiting to send',
  empty: 'Nothing is waiting: everything recorded on this device has been sent.',
  offlineHint:
    'You are offline. What you record is kept on this device and sent when the connection returns.',
  queued: 'Saved on this device. It will be sent when the connection returns.',
  sendNow: 'Send now',
  sending: 'Sending...',
  retry: 'Try again',
  discard: 'Discard',
  dismiss: 'Dismiss',
  confirmDiscard: 'Discard this change? It has not been sent and will be lost.',
  failed: 'The server refused this change.',
  tooLarge: (name: string) => `"${name}" is larger than the server accepts.`,
  completedBy: (by: string | null, at: string) => `Already completed by ${by ?? 'someone else'} on ${at}.`,
  startedBy: (by: string | null, at: string) => `Already started by ${by ?? 'someone else'} on ${at}.`,
  movedMeanwhile: 'Someone else changed this task meanwhile.',
  savedAsNew: (what: string) => `${what} Your notes and files were saved as a new event.`,
  states: {
    waiting: 'Waiting',
    sending: 'Sending',
    failed: 'Not sent',
    conflict: 'Conflict',
  },
} as const;

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
