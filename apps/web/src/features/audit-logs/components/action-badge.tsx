import { auditActionLabel } from '../texts.ts';
import styles from './action-badge.module.css';
import { ActionIcon } from './action-icon.tsx';

const TONES: Record<string, string | undefined> = {
  CREATE: styles.create,
  UPDATE: styles.update,
  DELETE: styles.delete,
  START_TASK: styles.start,
  COMPLETE_TASK: styles.complete,
  // Out of service and back: the muted tone and the in-service one.
  RETIRE: undefined,
  RESTORE: styles.create,
  // An import taken back (ADR 093): the warning tone, as work set aside.
  UNDO: styles.start,
  // An asset or a location moved: a change, in the update tone.
  MOVE: styles.update,
};

/** The tone class of an action (shared with the activity timeline's icons). */
export function actionTone(action: string): string {
  return [styles.tone, TONES[action]].filter(Boolean).join(' ');
}

/** An audit action as a badge: its label (docs/product/audit-log.md#audit-actions), a colour and an icon of its own. */
export function ActionBadge({ action }: { action: string }) {
  return (
    <span className={`${actionTone(action)} ${styles.badge}`} data-action={action}>
      <ActionIcon action={action} className={styles.icon} />
      {auditActionLabel(action)}
    </span>
  );
}
