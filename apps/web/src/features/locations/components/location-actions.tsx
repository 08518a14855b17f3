import { useLingui } from '@lingui/react';
import type { TLocation, TLocationNode } from '@mqr/contracts';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { LOCATION_TEXTS } from '../texts.ts';
import { DeleteLocationDialog } from './delete-location-dialog.tsx';
import { LocationFormDialog } from './location-form-dialog.tsx';
import { MoveLocationDialog } from './move-location-dialog.tsx';

type TLocationActionsProps = {
  location: TLocationNode;
  /** Says what an action did. */
  onDone: (message: string) => void;
  /** The location is gone (its page has nothing more to show). */
  onDeleted?: (() => void) | undefined;
  /** A location was added inside it. */
  onAdded?: ((added: TLocation) => void) | undefined;
};

type TOpen = 'add' | 'edit' | 'move' | 'delete' | null;

/**
 * An administrator's actions on one location: add a location inside it, edit its details, move it
 * (the tree's drag has this dialog as its keyboard way) and delete it, each in its dialog.
 */
export function LocationActions({ location, onDone, onDeleted, onAdded }: TLocationActionsProps) {
  const { _ } = useLingui();
  const [open, setOpen] = useState<TOpen>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen('add')}>
        {_(LOCATION_TEXTS.addInside)}
      </Button>
      <Button variant="secondary" onClick={() => setOpen('edit')}>
        {_(LOCATION_TEXTS.edit)}
      </Button>
      <Button variant="secondary" onClick={() => setOpen('move')}>
        {_(LOCATION_TEXTS.move)}
      </Button>
      <Button variant="secondary" onClick={() => setOpen('delete')}>
        {_(LOCATION_TEXTS.delete)}
      </Button>
      {open === 'add' || open === 'edit' ? (
        <LocationFormDialog
          mode={
            open === 'add'
              ? { kind: 'add', parent: { id: location.id, path: location.path } }
              : { kind: 'edit', id: location.id }
          }
          onClose={close}
          onDone={(message, saved) => {
            close();
            onDone(message);
            if (open === 'add') onAdded?.(saved);
          }}
        />
      ) : null}
      {open === 'move' ? (
        <MoveLocationDialog
          location={location}
          onClose={close}
          onDone={(message) => {
            close();
            onDone(message);
          }}
        />
      ) : null}
      {open === 'delete' ? (
        <DeleteLocationDialog
          location={location}
          onClose={close}
          onDone={(message) => {
            close();
            onDone(message);
            onDeleted?.();
          }}
        />
      ) : null}
    </>
  );
}
