import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { TMeter } from '@mqr/contracts';
import { type ReactNode, useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { DialogActions } from '#web/components/ui/dialog-actions.tsx';
import { QueryFallback } from '#web/components/ui/offline-notice.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { useDeleteMeter } from '../api/delete-meter.ts';
import { useAssetMeters } from '../api/get-asset-meters.ts';
import type { TReadingOutcome } from '../api/record-reading.ts';
import { formatRate, formatReading } from '../lib/meter-format.ts';
import { METER_TEXTS } from '../texts.ts';
import { MeterChart } from './meter-chart.tsx';
import { MeterFormDialog } from './meter-form-dialog.tsx';
import styles from './meters.module.css';
import { ReadingDialog, triggeredText } from './reading-dialog.tsx';
import { ReadingsDialog } from './readings-dialog.tsx';

type TOpen =
  | { reading: TMeter }
  | { history: TMeter }
  | { form: TMeter | null }
  | { deleting: TMeter }
  | null;

/** What a saved reading says on the card: saved (and what it made due), or kept on this device. */
export function outcomeText(outcome: TReadingOutcome, meter: Pick<TMeter, 'unit'>): string {
  if ('queued' in outcome) return i18n._(METER_TEXTS.queued);
  const { reading, triggered } = outcome.recorded;
  const saved = i18n._(METER_TEXTS.saved(formatReading(reading.value, meter.unit)));
  const due = triggeredText(triggered, (message) => i18n._(message));
  return due ? `${saved} ${due}` : saved;
}

type TAssetMetersCardProps = {
  assetId: string;
  /** Administrators of an asset in service: add, rename and delete meters, delete readings. */
  canManage: boolean;
  /** An asset in service: anyone signed in enters readings. */
  canRead: boolean;
  /** After a reading: what it may have changed (a usage schedule's task, the schedules' projections). */
  onChanged: () => void;
  className?: string;
};

/**
 * The asset page's "Meters" card (docs/product/meters.md#the-asset-page): each meter with its last
 * reading, its average daily use and a chart of its latest readings; "Add reading" for everyone,
 * "Readings" (the history), and for administrators "Add meter", "Edit" and "Delete".
 */
export function AssetMetersCard({
  assetId,
  canManage,
  canRead,
  onChanged,
  className,
}: TAssetMetersCardProps) {
  const { _ } = useLingui();
  const headingId = useId();
  const query = useAssetMeters(assetId);
  const remove = useDeleteMeter();
  const [open, setOpen] = useState<TOpen>(null);
  const [said, setSaid] = useState<string | null>(null);

  let content: ReactNode;
  if (!query.data) {
    content = (
      <QueryFallback
        query={query}
        loading={_(METER_TEXTS.loading)}
        failed={_(METER_TEXTS.loadFailed)}
        offline={METER_TEXTS.offline}
      />
    );
  } else if (query.data.length === 0) {
    content = (
      <div>
        <p className={styles.muted}>{_(METER_TEXTS.empty)}</p>
        {canManage ? <p className={styles.muted}>{_(METER_TEXTS.emptyHint)}</p> : null}
      </div>
    );
  } else {
    content = (
      <ul className={styles.list}>
        {query.data.map((meter) => (
          <MeterItem
            key={meter.id}
            meter={meter}
            actions={
              <>
                {canRead ? (
                  <Button onClick={() => setOpen({ reading: meter })}>{_(METER_TEXTS.addReading)}</Button>
                ) : null}
                <Button variant="secondary" onClick={() => setOpen({ history: meter })}>
                  {_(METER_TEXTS.readings)}
                </Button>
                {canManage ? (
                  <>
                    <Button variant="secondary" onClick={() => setOpen({ form: meter })}>
                      {_(METER_TEXTS.edit)}
                    </Button>
                    <Button variant="ghost" onClick={() => setOpen({ deleting: meter })}>
                      {_(METER_TEXTS.delete)}
                    </Button>
                  </>
                ) : null}
              </>
            }
          />
        ))}
      </ul>
    );
  }

  return (
    <Card className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {_(METER_TEXTS.cardTitle)}
        </h2>
        {canManage ? (
          <Button onClick={() => setOpen({ form: null })}>{_(METER_TEXTS.addMeter)}</Button>
        ) : null}
      </div>
      {said ? <Alert tone="success">{said}</Alert> : null}
      {content}
      {open && 'reading' in open ? (
        <ReadingDialog
          meter={open.reading}
          onChanged={onChanged}
          onClose={() => setOpen(null)}
          onDone={(outcome) => {
            setSaid(outcomeText(outcome, open.reading));
            setOpen(null);
          }}
        />
      ) : null}
      {open && 'history' in open ? (
        <ReadingsDialog
          meter={open.history}
          canDelete={canManage}
          onChanged={onChanged}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open && 'form' in open ? (
        <MeterFormDialog assetId={assetId} meter={open.form ?? undefined} onClose={() => setOpen(null)} />
      ) : null}
      {open && 'deleting' in open ? (
        <Dialog title={_(METER_TEXTS.deleteTitle)} busy={remove.isPending} onClose={() => setOpen(null)}>
          <div className={styles.form}>
            {remove.isError ? (
              <Alert>{failureMessage(_(METER_TEXTS.deleteFailed), remove.error)}</Alert>
            ) : null}
            <p className={styles.strong}>{open.deleting.name}</p>
            <p>{_(METER_TEXTS.deleteText)}</p>
            <DialogActions
              label={_(METER_TEXTS.delete)}
              pendingLabel={_(METER_TEXTS.deleting)}
              pending={remove.isPending}
              cancelLabel={_(METER_TEXTS.cancel)}
              onAction={() => remove.mutate(open.deleting.id, { onSuccess: () => setOpen(null) })}
              onCancel={() => setOpen(null)}
            />
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}

/** One meter: its name and unit, its last reading, its daily use, its chart, and the actions given. */
export function MeterItem({ meter, actions }: { meter: TMeter; actions: ReactNode }) {
  const { _ } = useLingui();
  const titleId = useId();
  const facts = [
    meter.lastReadAt ? _(METER_TEXTS.lastRead(formatDateTime(meter.lastReadAt))) : null,
    meter.dailyRate !== null ? _(METER_TEXTS.dailyRate(formatRate(meter.dailyRate, meter.unit))) : null,
    meter.readingCount > 0 ? _(METER_TEXTS.readingCount(meter.readingCount)) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <li className={styles.item} aria-labelledby={titleId}>
      <div className={styles.itemHead}>
        <h3 id={titleId} className={styles.itemTitle}>
          {meter.name}
        </h3>
        <span className={styles.value}>
          {meter.lastValue === null ? _(METER_TEXTS.noReading) : formatReading(meter.lastValue, meter.unit)}
        </span>
      </div>
      {facts.length > 0 ? (
        <p className={styles.facts}>
          {facts.map((fact) => (
            <span key={fact}>{fact}</span>
          ))}
        </p>
      ) : null}
      <MeterChart meter={meter} />
      <div className={styles.actions}>{actions}</div>
    </li>
  );
}
