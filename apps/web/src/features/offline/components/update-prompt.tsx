import { Button } from '#web/components/ui/button.tsx';
import { reloadToUpdate, useUpdateAvailable } from '../lib/service-worker.ts';
import { OUTBOX_MESSAGES } from '../texts.ts';
import styles from './outbox.module.css';

/** "A new version is available" with Reload, when a new version of the app waits (ADR 055). */
export function UpdatePrompt() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div role="status" className={styles.update}>
      <span>{OUTBOX_MESSAGES.updateAvailable}</span>
      <Button onClick={reloadToUpdate}>{OUTBOX_MESSAGES.reload}</Button>
    </div>
  );
}
