import { i18n } from '@lingui/core';
import { authStore } from '#web/lib/auth-store.ts';
import { clearOwner } from '../lib/offline-db.ts';
import { isUnsent, listOutbox } from '../lib/outbox.ts';
import { currentOwner } from '../lib/outbox-runner.ts';
import { OFFLINE_SHELL_TEXTS } from '../texts.ts';

/**
 * Signing out on this device: when changes have not been sent, the user confirms first (they would
 * be lost); then the session ends and this user's offline data (kept copies, outbox) is deleted
 * (in that order: once signed out, nothing more is kept for them).
 * Answers false when the user chose to stay.
 */
export async function signOutAndForget(
  confirm: (question: string) => boolean = window.confirm,
): Promise<boolean> {
  const owner = currentOwner();
  if (owner) {
    const unsent = (await listOutbox(owner).catch(() => [])).filter(isUnsent).length;
    if (unsent > 0 && !confirm(i18n._(OFFLINE_SHELL_TEXTS.signOutQuestion(unsent)))) return false;
  }
  authStore.logout();
  if (owner) {
    await clearOwner(owner).catch(() => {
      // IndexedDB unavailable: there is nothing kept to delete.
    });
  }
  return true;
}
