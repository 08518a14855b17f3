import { useLingui } from '@lingui/react';
import type { TAssetSelection } from '@mqr/contracts';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useMoveSelection } from '../api/move-selection.ts';
import { LIST_TEXTS } from '../texts.ts';
import { MoveToLocationDialog } from './move-to-location-dialog.tsx';

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

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          move.reset();
          setOpen(true);
        }}
      >
        {_(LIST_TEXTS.moveToLocation)}
      </Button>
      {open ? (
        <MoveToLocationDialog
          title={_(LIST_TEXTS.moveTitle)}
          intro={scope}
          failure={move.isError ? failureMessage(_(LIST_TEXTS.moveFailed), move.error) : null}
          pending={move.isPending}
          onClose={() => setOpen(false)}
          onMove={(to) =>
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
            })
          }
        />
      ) : null}
    </>
  );
}
