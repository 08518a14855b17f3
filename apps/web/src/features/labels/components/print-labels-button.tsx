import { type ReactNode, useState } from 'react';
import { Button, type TButtonVariant } from '#web/components/ui/button.tsx';
import { PrintLabelsDialog, type TPrintLabelsDialogProps } from './print-labels-dialog.tsx';

/** What the dialog prints (a source and its count, or choices), and the button's look. */
type TPrintLabelsButtonProps = DistributiveOmit<TPrintLabelsDialogProps, 'onClose'> & {
  variant?: TButtonVariant;
  children: ReactNode;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A button that opens the label dialog for what it prints (focus comes back to it when the dialog closes). */
export function PrintLabelsButton({ variant = 'secondary', children, ...printed }: TPrintLabelsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {open ? <PrintLabelsDialog {...printed} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
