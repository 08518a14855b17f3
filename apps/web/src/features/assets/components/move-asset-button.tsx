import { useLingui } from '@lingui/react';
import type { TAsset } from '@mqr/contracts';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useMoveAsset } from '../api/move-asset.ts';
import { PLACE_TEXTS } from '../texts.ts';
import { MoveToLocationDialog } from './move-to-location-dialog.tsx';

/**
 * The asset page's "Move": the asset goes to another location (or to none), also offline, where the
 * move waits in the outbox (docs/product/locations.md#the-asset-form-and-the-asset-page).
 */
export function MoveAssetButton({ asset }: { asset: TAsset }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const move = useMoveAsset(asset.id);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          move.reset();
          setOpen(true);
        }}
      >
        {_(PLACE_TEXTS.move)}
      </Button>
      {open ? (
        <MoveToLocationDialog
          title={_(PLACE_TEXTS.moveTitle(asset.name))}
          intro={_(asset.location ? PLACE_TEXTS.nowAt(asset.location.path) : PLACE_TEXTS.nowNowhere)}
          failure={move.isError ? failureMessage(_(PLACE_TEXTS.moveFailed), move.error) : null}
          pending={move.isPending}
          onClose={() => setOpen(false)}
          onMove={(to) => move.mutate(to, { onSuccess: () => setOpen(false) })}
        />
      ) : null}
    </>
  );
}
