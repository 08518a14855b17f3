import { useLingui } from '@lingui/react';
import type { TAssetSelection } from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { LocationPicker, type TPickedLocation } from '#web/features/locations/index.ts';
import { formatNumber } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useMoveSelection } from '../api/move-selection.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './selection-bar.module.css';

type TMoveSelectionButtonProps = {
  selection: TAssetSelection;
  /** "For the 3 assets selected." or "For all 1,234 assets the list shows." */
  scope: string;
  onDone: (message: string) => void;
};

/** The asset list's "Move to location": the selected assets go to one location (or to none). */
export function MoveSelectionButton({ selection, scope, onDone }: TMoveSelectionButtonProps) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const move = useMoveSelection(selection);
  const [to, setTo] = useState<TPickedLocation | null>(null);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!to) {
      setError(_(LIST_TEXTS.chooseLocation));
      return;
    }
    move.mutate(to.id, {
      onSuccess: (result) => {
        setOpen(false);
        onDone(
          _(
            to.id
              ? LIST_TEXTS.movedTo(result.changed, formatNumber(result.selected), to.path)
              : LIST_TEXTS.movedToNone(result.changed, formatNumber(result.selected)),
          ),
        );
      },
    });
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          move.reset();
          setTo(null);
          setError(undefined);
          setOpen(true);
        }}
      >
        {_(LIST_TEXTS.moveToLocation)}
      </Button>
      {open ? (
        <Dialog title={_(LIST_TEXTS.moveTitle)} busy={move.isPending} onClose={() => setOpen(false)}>
          <form className={styles.dialogBody} onSubmit={submit} noValidate>
            {move.isError ? <Alert>{failureMessage(_(LIST_TEXTS.moveFailed), move.error)}</Alert> : null}
            <p>{scope}</p>
            <LocationPicker
              label={_(LIST_TEXTS.location)}
              hint={_(LIST_TEXTS.moveHint)}
              error={error}
              value={to}
              onChange={(next) => {
                setTo(next);
                setError(undefined);
              }}
              noneLabel={_(LIST_TEXTS.noLocation)}
            />
            <DialogActions
              label={_(LIST_TEXTS.move)}
              pendingLabel={_(LIST_TEXTS.moving)}
              pending={move.isPending}
              cancelLabel={_(LIST_TEXTS.cancel)}
              onCancel={() => setOpen(false)}
            />
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
