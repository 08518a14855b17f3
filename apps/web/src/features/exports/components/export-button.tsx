import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ExportDialog } from './export-dialog.tsx';

/** "Export" and its dialog: the assets of `search` (the list's current one) and the maintenance history. */
export function ExportButton({ search }: { search: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Export
      </Button>
      {open ? <ExportDialog search={search} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
