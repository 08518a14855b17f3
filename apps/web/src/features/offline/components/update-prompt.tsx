import { useLingui } from '@lingui/react';
import { Button } from '#web/components/ui/button.tsx';
import { reloadToUpdate, useUpdateAvailable } from '../lib/service-worker.ts';
import { OFFLINE_SHELL_TEXTS } from '../texts.ts';
import styles from './outbox.module.css';

/** "A new version is available" with Reload, when a new version of the app waits (ADR 055). */
export function UpdatePrompt() {
  const { _ } = useLingui();
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div role="status" className={styles.update}>
      <span>{_(OFFLINE_SHELL_TEXTS.updateAvailable)}</span>
      <Button onClick={reloadToUpdate}>{_(OFFLINE_SHELL_TEXTS.reload)}</Button>
    </div>
  );
}
