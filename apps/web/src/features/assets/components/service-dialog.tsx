import { useLingui } from '@lingui/react';
import type { TAssetSelection } from '@mqr/contracts';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useDeleteSelection } from '../api/delete-selection.ts';
import { useRestoreSelection } from '../api/restore-selection.ts';
import { useRetireSelection } from '../api/retire-selection.ts';
import { shownCount, type TShownCount } from '../lib/shown-count.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './selection-bar.module.css';

type TServiceDialogProps = {
  kind: 'retire' | 'restore' | 'delete';
  selection: TAssetSelection;
  /** How many assets are selected (at least, past a list's count: "200+"). */
  count: TShownCount;
  scope: string;
  onClose: () => void;
  onDone: (message: string) => void;
};

/** The number a person typed, when it is one (group separators allowed, as the list writes it: 1,234 1.234 1 234). */
function typedNumber(text: string): number | null {
  const digits = text.replace(/[\s,.'’]/g, '');
  return /^\d{1,6}$/.test(digits) ? Number(digits) : null;
}

/**
 * Asks before taking the selected assets out of service, back into it, or away for good (the
 * deletion once their number is typed), then says what was done.
 */
export function ServiceDialog({ kind, selection, count, scope, onClose, onDone }: TServiceDialogProps) {
  const retire = useRetireSelection(selection);
  const restore = useRestoreSelection(selection);
  const remove = useDeleteSelection(selection);
  const { _ } = useLingui();
  const [typed, setTyped] = useState('');
  const shown = shownCount(count);
  const mutation = { retire, restore, delete: remove }[kind];
  const texts = {
    retire: {
      title: LIST_TEXTS.retireTitle(count, shown),
      text: LIST_TEXTS.retireText,
      action: LIST_TEXTS.retire,
      pending: LIST_TEXTS.retiring,
      failed: LIST_TEXTS.retireFailed,
    },
    restore: {
      title: LIST_TEXTS.restoreTitle(count, shown),
      text: LIST_TEXTS.restoreText,
      action: LIST_TEXTS.restore,
      pending: LIST_TEXTS.restoring,
      failed: LIST_TEXTS.restoreFailed,
    },
    delete: {
      title: LIST_TEXTS.deleteTitle(count, shown),
      text: LIST_TEXTS.deleteText,
      action: LIST_TEXTS.delete,
      pending: LIST_TEXTS.deleting,
      failed: LIST_TEXTS.deleteFailed,
    },
  }[kind];
  // The count shown is exact for ticked rows and most lists; past a list's count ("200+") the server
  // says the number when the one typed is not it.
  const exact = count.more ? null : count.count;
  const confirmCount = typedNumber(typed);
  const confirmed = confirmCount !== null && (exact === null || confirmCount === exact);

  function act() {
    if (kind === 'retire') {
      retire.mutate(undefined, {
        onSuccess: (result) => onDone(_(LIST_TEXTS.retireDone(result.changed, result.withOpenTasks))),
      });
    } else if (kind === 'restore') {
      restore.mutate(undefined, { onSuccess: (result) => onDone(_(LIST_TEXTS.restoreDone(result.changed))) });
    } else if (confirmCount !== null) {
      remove.mutate(confirmCount, {
        onSuccess: (result) => onDone(_(LIST_TEXTS.deleteDone(result.changed))),
      });
    }
  }

  return (
    <Dialog title={_(texts.title)} busy={mutation.isPending} onClose={onClose}>
      <form
        className={styles.dialogBody}
        onSubmit={(event) => {
          event.preventDefault();
          if (kind !== 'delete' || confirmed) act();
        }}
      >
        {mutation.isError ? <Alert>{failureMessage(_(texts.failed), mutation.error)}</Alert> : null}
        <p>{scope}</p>
        <p>{_(texts.text)}</p>
        {kind === 'delete' ? (
          <TextField
            label={_(LIST_TEXTS.deleteLabel)}
            hint={exact === null ? undefined : _(LIST_TEXTS.deleteHint(String(exact)))}
            value={typed}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
          />
        ) : null}
        <DialogActions
          cancelLabel={_(LIST_TEXTS.cancel)}
          label={_(texts.action)}
          pendingLabel={_(texts.pending)}
          pending={mutation.isPending}
          disabled={kind === 'delete' && !confirmed}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
