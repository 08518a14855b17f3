import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useRemoveSampleData, useSampleDataStatus } from '../api/sample-data.ts';
import { SAMPLE_DATA_TEXTS } from '../texts.ts';
import styles from './sample-data.module.css';

/**
 * While the organization holds sample data, administrators see it said, with "Remove sample data"
 * (asked once, then what was removed and kept is said in its place).
 */
export function SampleDataNotice() {
  const { _ } = useLingui();
  const status = useSampleDataStatus();
  const remove = useRemoveSampleData();
  const [asking, setAsking] = useState(false);
  if (remove.data) {
    return (
      <Alert tone="success">{_(SAMPLE_DATA_TEXTS.removed(remove.data.removed, remove.data.kept))}</Alert>
    );
  }
  if (!status.data?.present) return null;
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <section className={styles.box} aria-label={_(SAMPLE_DATA_TEXTS.noticeLabel)}>
      <p className={styles.text}>{_(SAMPLE_DATA_TEXTS.notice(status.data.assets))}</p>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {_(SAMPLE_DATA_TEXTS.remove)}
      </Button>
      {asking ? (
        <Dialog title={_(SAMPLE_DATA_TEXTS.removeTitle)} busy={remove.isPending} onClose={close}>
          <div className={styles.body}>
            {remove.isError ? (
              <Alert>{failureMessage(_(SAMPLE_DATA_TEXTS.removeFailed), remove.error)}</Alert>
            ) : null}
            <p>{_(SAMPLE_DATA_TEXTS.removeText)}</p>
            <DialogActions
              label={_(SAMPLE_DATA_TEXTS.remove)}
              pendingLabel={_(SAMPLE_DATA_TEXTS.removing)}
              pending={remove.isPending}
              cancelLabel={_(SAMPLE_DATA_TEXTS.cancel)}
              onAction={() => remove.mutate()}
              onCancel={close}
            />
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
