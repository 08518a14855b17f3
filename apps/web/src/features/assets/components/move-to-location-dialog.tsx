import { useLingui } from '@lingui/react';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { LocationPicker, type TPickedLocation } from '#web/features/locations/index.ts';
import { LIST_TEXTS } from '../texts.ts';
import styles from './move-to-location-dialog.module.css';

type TMoveToLocationDialogProps = {
  title: string;
  /** What moves, or where it is now. */
  intro: string;
  /** The move's failure, already worded, if it failed. */
  failure: string | null;
  pending: boolean;
  onMove: (to: TPickedLocation) => void;
  onClose: () => void;
};

/** The dialog of a move to a location: the tree picker ("No location" first), Move and Cancel. */
export function MoveToLocationDialog({
  title,
  intro,
  failure,
  pending,
  onMove,
  onClose,
}: TMoveToLocationDialogProps) {
  const { _ } = useLingui();
  const [to, setTo] = useState<TPickedLocation | null>(null);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (to) onMove(to);
    else setError(_(LIST_TEXTS.chooseLocation));
  }

  return (
    <Dialog title={title} busy={pending} onClose={onClose}>
      <form className={styles.body} onSubmit={submit} noValidate>
        {failure ? <Alert>{failure}</Alert> : null}
        <p>{intro}</p>
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
          pending={pending}
          cancelLabel={_(LIST_TEXTS.cancel)}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
