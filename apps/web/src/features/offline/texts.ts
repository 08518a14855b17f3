/** The outbox's texts (docs/product/offline.md). */
export const OUTBOX_MESSAGES = {
  title: 'Waiting to send',
  empty: 'Nothing is waiting: everything recorded on this device has been sent.',
  offline: 'Offline',
  offlineHint:
    'You are offline. What you record is kept on this device and sent when the connection returns.',
  waitingCount: (count: number) => `${count} waiting to send`,
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
  signOutQuestion: (count: number) =>
    `${count === 1 ? 'One change has' : `${count} changes have`} not been sent yet. Signing out deletes ${count === 1 ? 'it' : 'them'} from this device. Sign out anyway?`,
  updateAvailable: 'A new version is available.',
  reload: 'Reload',
} as const;
