import type { TLabelSource } from '@mqr/contracts';
import { type ReactNode, useState } from 'react';
import { Button, type TButtonVariant } from '#web/components/ui/button.tsx';
import { PrintLabelsDialog } from './print-labels-dialog.tsx';

type TPrintLabelsButtonProps = {
  source: TLabelSource;
  /** How many assets the source holds. */
  count: number;
  /** The source holds more than `count` (the asset list stopped counting there). */
  more?: boolean;
  variant?: TButtonVariant;
  children: ReactNode;
};

/** A button that opens the label dialog for `source` (focus comes back to it when the dialog closes). */
export function PrintLabelsButton({
  source,
  count,
  more,
  variant = 'secondary',
  children,
}: TPrintLabelsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {open ? (
        <PrintLabelsDialog source={source} count={count} more={more} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
