import { Button } from './button.tsx';
import rowStyles from './button-row.module.css';
import { DialogFooter } from './dialog.tsx';

type TDialogActionsProps = {
  /** The action's button, and what it says while the action runs. */
  label: string;
  pendingLabel: string;
  pending: boolean;
  cancelLabel: string;
  /** The action waits for something the dialog asks first (a typed confirmation). */
  disabled?: boolean;
  /** Runs the action; without it the button submits the dialog's form. */
  onAction?: () => void;
  onCancel: () => void;
};

/** The footer of a dialog that asks before an action: the action, then Cancel; both wait while it runs. */
export function DialogActions({
  label,
  pendingLabel,
  pending,
  cancelLabel,
  disabled = false,
  onAction,
  onCancel,
}: TDialogActionsProps) {
  return (
    <DialogFooter>
      <div className={rowStyles.row}>
        <Button type={onAction ? 'button' : 'submit'} disabled={pending || disabled} onClick={onAction}>
          {pending ? pendingLabel : label}
        </Button>
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </DialogFooter>
  );
}
