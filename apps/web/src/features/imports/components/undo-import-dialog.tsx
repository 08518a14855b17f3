import { useLingui } from '@lingui/react';
import type { TImportRun } from '@mqr/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogFooter } from '#web/components/ui/dialog.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useImportUndoPreview, useUndoImport } from '../api/undo-import.ts';
import { IMPORT_TEXTS } from '../texts.ts';
import styles from './import-run-page.module.css';

/**
 * "Undo this import?" (ADR 093): what undoing would do, asked of the server as the dialog opens, or
 * the assets that changed since, which keep it from being undone (each a link to its page).
 */
export function UndoImportDialog({ run, onClose }: { run: TImportRun; onClose: () => void }) {
  const { _ } = useLingui();
  const preview = useImportUndoPreview(run.id);
  const undo = useUndoImport(run.id);
  const blocked = preview.data && preview.data.blockedCount > 0;

  let body: ReactNode;
  if (preview.isPending) body = <StateMessage>{_(IMPORT_TEXTS.undoLoading)}</StateMessage>;
  else if (preview.isError)
    body = <Alert>{failureMessage(_(IMPORT_TEXTS.undoLoadFailed), preview.error)}</Alert>;
  else if (blocked) {
    const more = preview.data.blockedCount - preview.data.blocked.length;
    body = (
      <>
        <p>{_(IMPORT_TEXTS.undoBlocked(preview.data.blockedCount))}</p>
        <ul className={styles.rules}>
          {preview.data.blocked.map((asset) => (
            <li key={asset.id}>
              <Link to={`/assets/${asset.id}`}>{asset.name}</Link>
            </li>
          ))}
          {more > 0 ? <li>{_(IMPORT_TEXTS.undoMore(more))}</li> : null}
        </ul>
      </>
    );
  } else {
    body = (
      <>
        <p>{_(IMPORT_TEXTS.undoText(preview.data.deleteCount, preview.data.revertCount))}</p>
        {/* Moved back as any move: the asset's history gains an entry, said before it happens. */}
        {preview.data.moveBackCount > 0 ? (
          <p>{_(IMPORT_TEXTS.undoMovesBack(preview.data.moveBackCount))}</p>
        ) : null}
      </>
    );
  }

  return (
    <Dialog title={_(IMPORT_TEXTS.undoTitle)} busy={undo.isPending} onClose={onClose}>
      <div className={styles.section}>
        {undo.isError ? <Alert>{failureMessage(_(IMPORT_TEXTS.undoFailed), undo.error)}</Alert> : null}
        {body}
        <DialogFooter>
          <div className={styles.actions}>
            {preview.data && !blocked ? (
              <Button
                disabled={undo.isPending}
                onClick={() => undo.mutate(undefined, { onSuccess: onClose })}
              >
                {undo.isPending ? _(IMPORT_TEXTS.undoing) : _(IMPORT_TEXTS.undoConfirm)}
              </Button>
            ) : null}
            <Button variant="secondary" disabled={undo.isPending} onClick={onClose}>
              {_(IMPORT_TEXTS.cancel)}
            </Button>
          </div>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
