import { Button } from '#web/components/ui/button.tsx';
import { DialogFooter } from '#web/components/ui/dialog.tsx';
import { LIST_TEXTS } from '../texts.ts';
import styles from './selection-bar.module.css';

type TDialogActionsProps = {
  /** The action's button, and what it says while the action runs. */
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** The action waits for something the dialog asks first (a typed confirmation). */
  disabled?: boolean;
  /** Runs the action; without it the button submits the dialog's form. */
  onAction?: () => void;
  onCancel: () => void;
};

/** The footer of a bulk action's dialog: the action, and "Cancel"; both wait while it runs. */
export function DialogActions({
  label,
  pendingLabel,
  pending,
  disabled = false,
  onAction,
  onCancel,
}: TDialogActionsProps) {
  return (
    <DialogFooter>
      <div className={styles.dialogButtons}>
        <Button type={onAction ? 'button' : 'submit'} disabled={pending || disabled} onClick={onAction}>
          {pending ? pendingLabel : label}
        </Button>
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          {LIST_TEXTS.cancel}
        </Button>
      </div>
    </DialogFooter>
  );
}
