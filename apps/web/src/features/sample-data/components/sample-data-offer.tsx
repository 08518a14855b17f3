import { useLingui } from '@lingui/react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useAddSampleData, useSampleDataStatus } from '../api/sample-data.ts';
import { SAMPLE_DATA_TEXTS } from '../texts.ts';
import styles from './sample-data.module.css';

/**
 * "Add sample data", for administrators of an organization that has no asset at all (the empty asset
 * list, the dashboard): a first look that is not empty. Once added, the notice takes its place.
 */
export function SampleDataOffer() {
  const { _ } = useLingui();
  const status = useSampleDataStatus();
  const add = useAddSampleData();
  if (!status.data?.organizationEmpty || status.data.present) return null;
  return (
    <section className={styles.box} aria-label={_(SAMPLE_DATA_TEXTS.noticeLabel)}>
      <p className={styles.text}>{_(SAMPLE_DATA_TEXTS.offer)}</p>
      <Button disabled={add.isPending} onClick={() => add.mutate()}>
        {add.isPending ? _(SAMPLE_DATA_TEXTS.adding) : _(SAMPLE_DATA_TEXTS.add)}
      </Button>
      {add.isError ? <Alert>{failureMessage(_(SAMPLE_DATA_TEXTS.addFailed), add.error)}</Alert> : null}
    </section>
  );
}
