import { useLingui } from '@lingui/react';
import type { TLocationNode } from '@mqr/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useDeleteLocation } from '../api/delete-location.ts';
import { useLocation } from '../api/get-location.ts';
import { LOCATION_TEXTS } from '../texts.ts';
import styles from './location-dialogs.module.css';
import { LocationPicker, type TPickedLocation } from './location-picker.tsx';

type TDeleteLocationDialogProps = {
  location: Pick<TLocationNode, 'id' | 'name' | 'path' | 'childCount' | 'counts'>;
  onClose: () => void;
  onDone: (message: string) => void;
};

/**
 * "Delete {name}?": an empty location goes at once; one that holds assets or locations asks where
 * they go (a location outside it, or the top level with no location for its assets), so that
 * nothing is lost.
 */
export function DeleteLocationDialog({ location, onClose, onDone }: TDeleteLocationDialogProps) {
  const { _ } = useLingui();
  const remove = useDeleteLocation();
  // Its own assets (not those below it, which stay in their locations and move with them).
  const details = useLocation(location.id);
  const ownAssets = details.data?.directAssets ?? location.counts.assets;
  const holds = location.childCount > 0 || location.counts.assets > 0;
  const [to, setTo] = useState<TPickedLocation | null>(null);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (holds && !to) {
      setError(_(LOCATION_TEXTS.chooseDestination));
      return;
    }
    setError(undefined);
    remove.mutate(
      { id: location.id, ...(holds ? { destinationId: to?.id ?? null } : {}) },
      { onSuccess: () => onDone(_(LOCATION_TEXTS.deleted(location.name))) },
    );
  }

  return (
    <Dialog title={_(LOCATION_TEXTS.deleteTitle(location.name))} busy={remove.isPending} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {remove.isError ? (
          <Alert>{failureMessage(_(LOCATION_TEXTS.deleteFailed), remove.error)}</Alert>
        ) : null}
        <p className={styles.text}>{location.path}</p>
        {holds ? (
          <>
            <p>{_(LOCATION_TEXTS.deleteHolds(ownAssets, location.childCount))}</p>
            <LocationPicker
              label={_(LOCATION_TEXTS.destination)}
              hint={_(LOCATION_TEXTS.destinationHint)}
              error={error}
              value={to}
              onChange={(next) => {
                setTo(next);
                setError(undefined);
              }}
              noneLabel={_(LOCATION_TEXTS.topAndNone)}
              exclude={[location.id]}
            />
          </>
        ) : (
          <p>{_(LOCATION_TEXTS.deleteEmpty)}</p>
        )}
        <DialogActions
          label={_(LOCATION_TEXTS.delete)}
          pendingLabel={_(LOCATION_TEXTS.deleting)}
          pending={remove.isPending}
          cancelLabel={_(LOCATION_TEXTS.cancel)}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
