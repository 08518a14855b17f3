import { useLingui } from '@lingui/react';
import type { TAsset } from '@mqr/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { formatDate } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useChangeAssetService } from '../api/change-asset-service.ts';
import { useDeleteAsset } from '../api/delete-asset.ts';
import { RETIREMENT_TEXTS } from '../texts.ts';
import styles from './asset-retirement.module.css';

/** "Retire asset" for administrators on an asset in service: asks first, then retires. */
export function RetireAssetButton({ asset }: { asset: TAsset }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const change = useChangeAssetService(asset.id);
  const close = () => {
    setOpen(false);
    change.reset();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {_(RETIREMENT_TEXTS.retire)}
      </Button>
      {open ? (
        <Dialog title={_(RETIREMENT_TEXTS.retireTitle)} busy={change.isPending} onClose={close}>
          <div className={styles.body}>
            {change.isError ? (
              <Alert>{failureMessage(_(RETIREMENT_TEXTS.retireFailed), change.error)}</Alert>
            ) : null}
            <p className={styles.name}>{asset.name}</p>
            <p>{_(RETIREMENT_TEXTS.retireText)}</p>
            <DialogActions
              label={_(RETIREMENT_TEXTS.retire)}
              pendingLabel={_(RETIREMENT_TEXTS.retiring)}
              pending={change.isPending}
              cancelLabel={_(RETIREMENT_TEXTS.cancel)}
              onAction={() => change.mutate('retire', { onSuccess: () => setOpen(false) })}
              onCancel={close}
            />
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * The notice over a retired asset's page; administrators restore it from there, or delete it for
 * good once they type its name.
 */
export function RetiredAssetNotice({ asset, canManage }: { asset: TAsset; canManage: boolean }) {
  const { _ } = useLingui();
  const [deleting, setDeleting] = useState(false);
  const change = useChangeAssetService(asset.id);
  return (
    <section className={styles.notice} aria-label={_(RETIREMENT_TEXTS.retiredNotice)}>
      <div className={styles.noticeText}>
        <p className={styles.noticeTitle}>{_(RETIREMENT_TEXTS.retiredTitle(formatDate(asset.retiredAt)))}</p>
        <p>{_(RETIREMENT_TEXTS.retiredText)}</p>
        {change.isError ? (
          <Alert>{failureMessage(_(RETIREMENT_TEXTS.restoreFailed), change.error)}</Alert>
        ) : null}
      </div>
      {canManage ? (
        <div className={styles.buttons}>
          <Button disabled={change.isPending} onClick={() => change.mutate('restore')}>
            {_(change.isPending ? RETIREMENT_TEXTS.restoring : RETIREMENT_TEXTS.restore)}
          </Button>
          <Button variant="secondary" disabled={change.isPending} onClick={() => setDeleting(true)}>
            {_(RETIREMENT_TEXTS.delete)}
          </Button>
        </div>
      ) : null}
      {deleting ? <DeleteAssetDialog asset={asset} onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}

function DeleteAssetDialog({ asset, onClose }: { asset: TAsset; onClose: () => void }) {
  const { _ } = useLingui();
  const [typed, setTyped] = useState('');
  const remove = useDeleteAsset(asset.id);
  const navigate = useNavigate();
  const confirmed = typed.trim() === asset.name;
  return (
    <Dialog title={_(RETIREMENT_TEXTS.deleteTitle)} busy={remove.isPending} onClose={onClose}>
      <form
        className={styles.body}
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed) remove.mutate(typed, { onSuccess: () => navigate('/assets') });
        }}
      >
        {remove.isError ? (
          <Alert>{failureMessage(_(RETIREMENT_TEXTS.deleteFailed), remove.error)}</Alert>
        ) : null}
        <p className={styles.name}>{asset.name}</p>
        <p>{_(RETIREMENT_TEXTS.deleteText)}</p>
        <TextField
          label={_(RETIREMENT_TEXTS.deleteLabel)}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
        />
        <DialogActions
          label={_(RETIREMENT_TEXTS.delete)}
          pendingLabel={_(RETIREMENT_TEXTS.deleting)}
          pending={remove.isPending}
          cancelLabel={_(RETIREMENT_TEXTS.cancel)}
          disabled={!confirmed}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
