import { useLingui } from '@lingui/react';
import type { TImportRun } from '@mqr/contracts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useDiscardImport } from '../api/discard-import.ts';
import { IMPORT_TEXTS } from '../texts.ts';
import styles from './import-run-page.module.css';

/** "Discard this import?": the import leaves the recent imports; the assets it brought in stay (ADR 093). */
export function DiscardImportDialog({ run, onClose }: { run: TImportRun; onClose: () => void }) {
  const { _ } = useLingui();
  const discard = useDiscardImport();
  const undoable = run.undoUntil !== null && Date.parse(run.undoUntil) > Date.now();
  return (
    <Dialog title={_(IMPORT_TEXTS.discardTitle)} busy={discard.isPending} onClose={onClose}>
      <div className={styles.section}>
        {discard.isError ? (
          <Alert>{failureMessage(_(IMPORT_TEXTS.discardFailed), discard.error)}</Alert>
        ) : null}
        <p className={styles.fileName}>{run.fileName}</p>
        <p>
          {_(IMPORT_TEXTS.discardText)}
          {undoable ? ` ${_(IMPORT_TEXTS.discardUndoLost)}` : ''}
        </p>
        <DialogFooter>
          <div className={styles.actions}>
            <Button
              disabled={discard.isPending}
              onClick={() => discard.mutate(run.id, { onSuccess: onClose })}
            >
              {discard.isPending ? _(IMPORT_TEXTS.discarding) : _(IMPORT_TEXTS.discard)}
            </Button>
            <Button variant="secondary" disabled={discard.isPending} onClick={onClose}>
              {_(IMPORT_TEXTS.cancel)}
            </Button>
          </div>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
