import { useLingui } from '@lingui/react';
import type { TAssetListViewInput, TAssetSelection } from '@mqr/contracts';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { downloadFile } from '#web/lib/download-file.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { EXPORT_TEXTS } from '../texts.ts';
import { ExportDialog } from './export-dialog.tsx';
/** "Export" and its dialog: the assets of `view` (the list's current one) and the maintenance history. */
export function ExportButton({ view }: { view: TAssetListViewInput }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {_(EXPORT_TEXTS.export)}
      </Button>
      {open ? <ExportDialog view={view} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * "Export" of the selected assets (ticked ones, or all the list shows): their CSV at once, as the
 * dialog's assets file; a failure is told to `onError`.
 */
export function ExportSelectionButton({
  selection,
  onError,
}: {
  selection: TAssetSelection;
  onError: (message: string) => void;
}) {
  const { _ } = useLingui();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile('/api/exports/assets.csv', { method: 'POST', body: selection }, 'assets.csv');
    } catch (caught) {
      onError(failureMessage(_(EXPORT_TEXTS.failed), caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void download()}>
      {_(busy ? EXPORT_TEXTS.preparing : EXPORT_TEXTS.export)}
    </Button>
  );
}
