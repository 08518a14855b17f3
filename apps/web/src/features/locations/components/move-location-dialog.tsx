import { useLingui } from '@lingui/react';
import type { TLocation, TLocationNode } from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useMoveLocation } from '../api/move-location.ts';
import { LOCATION_TEXTS } from '../texts.ts';
import styles from './location-dialogs.module.css';
import { LocationPicker, type TPickedLocation } from './location-picker.tsx';

/** What was said after a move: where it went, in words. */
export function movedMessage(name: string, to: TPickedLocation) {
  return to.id ? LOCATION_TEXTS.moved(name, to.path) : LOCATION_TEXTS.movedTop(name);
}

type TMoveLocationDialogProps = {
  location: Pick<TLocationNode, 'id' | 'name' | 'path'>;
  onClose: () => void;
  onDone: (message: string, moved: TLocation) => void;
};

/**
 * "Move {name}": its new place, chosen in the tree picker (or the top level). The keyboard's way to
 * move a location (the tree also takes a drag); a move into itself or below it is refused by the
 * server, whose reason is shown.
 */
export function MoveLocationDialog({ location, onClose, onDone }: TMoveLocationDialogProps) {
  const { _ } = useLingui();
  const move = useMoveLocation();
  const [to, setTo] = useState<TPickedLocation | null>(null);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!to) {
      setError(_(LOCATION_TEXTS.chooseParent));
      return;
    }
    setError(undefined);
    move.mutate(
      { id: location.id, parentId: to.id },
      { onSuccess: (moved) => onDone(_(movedMessage(location.name, to)), moved) },
    );
  }

  return (
    <Dialog title={_(LOCATION_TEXTS.moveTitle(location.name))} busy={move.isPending} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {move.isError ? <Alert>{failureMessage(_(LOCATION_TEXTS.moveFailed), move.error)}</Alert> : null}
        <p className={styles.text}>{location.path}</p>
        <p>{_(LOCATION_TEXTS.moveText)}</p>
        <LocationPicker
          label={_(LOCATION_TEXTS.newParent)}
          hint={_(LOCATION_TEXTS.newParentHint)}
          error={error}
          value={to}
          onChange={(next) => {
            setTo(next);
            setError(undefined);
          }}
          noneLabel={_(LOCATION_TEXTS.topLevel)}
        />
        <DialogActions
          label={_(LOCATION_TEXTS.move)}
          pendingLabel={_(LOCATION_TEXTS.moving)}
          pending={move.isPending}
          cancelLabel={_(LOCATION_TEXTS.cancel)}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
