import { safeLocalStorage } from '#web/lib/safe-local-storage.ts';

/**
 * Set while reports made without a connection wait on this device (report-outbox.ts): the public
 * page then loads the outbox and sends them. Kept apart so that the page's own script reads the flag
 * without loading the outbox.
 */
const WAITING_FLAG = 'mqr-public-reports-waiting';

export const hasWaitingReports = (): boolean => safeLocalStorage()?.getItem(WAITING_FLAG) === '1';

export function markWaitingReports(waiting: boolean): void {
  if (waiting) safeLocalStorage()?.setItem(WAITING_FLAG, '1');
  else safeLocalStorage()?.removeItem(WAITING_FLAG);
}
