import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { TMeter } from '@mqr/contracts';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { pageCountOf } from '#web/lib/paged-response.ts';
import { useDeleteReading } from '../api/delete-reading.ts';
import { useMeterReadings } from '../api/get-meter-readings.ts';
import { formatReading } from '../lib/meter-format.ts';
import { METER_TEXTS } from '../texts.ts';
import styles from './meters.module.css';

/** "Readings": a meter's readings, latest first, paged; administrators delete one entered by mistake. */
export function ReadingsDialog({
  meter,
  canDelete,
  onChanged,
  onClose,
}: {
  meter: TMeter;
  canDelete: boolean;
  onChanged?: () => void;
  onClose: () => void;
}) {
  const { _ } = useLingui();
  const [page, setPage] = useState(1);
  const query = useMeterReadings(meter.id, page);
  const remove = useDeleteReading(meter.id, onChanged);
  const rows = query.data?.items ?? [];
  return (
    <Dialog title={_(METER_TEXTS.historyTitle(meter.name))} busy={remove.isPending} onClose={onClose}>
      <div className={styles.history}>
        {remove.isError ? (
          <Alert>{failureMessage(_(METER_TEXTS.deleteReadingFailed), remove.error)}</Alert>
        ) : null}
        {!query.data ? (
          <StateMessage>
            {query.isError ? _(METER_TEXTS.historyFailed) : _(METER_TEXTS.historyLoading)}
          </StateMessage>
        ) : rows.length === 0 ? (
          <StateMessage>{_(METER_TEXTS.historyEmpty)}</StateMessage>
        ) : (
          <>
            <Table label={_(METER_TEXTS.historyTable)} stacked>
              <thead>
                <tr>
                  <th scope="col">{_(METER_TEXTS.valueHeader)}</th>
                  <th scope="col">{_(METER_TEXTS.readAtHeader)}</th>
                  <th scope="col">{_(METER_TEXTS.byHeader)}</th>
                  <th scope="col">{_(METER_TEXTS.noteHeader)}</th>
                  {canDelete ? <th scope="col">{_(METER_TEXTS.actionsHeader)}</th> : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((reading) => {
                  const value = formatReading(reading.value, meter.unit);
                  return (
                    <tr key={reading.id}>
                      <td data-label={_(METER_TEXTS.valueHeader)}>
                        {value}
                        {reading.isReplacement ? (
                          <span className={styles.tag}>{_(METER_TEXTS.replacedMark)}</span>
                        ) : null}
                      </td>
                      <td data-label={_(METER_TEXTS.readAtHeader)}>{formatDateTime(reading.readAt)}</td>
                      <td data-label={_(METER_TEXTS.byHeader)}>{reading.recordedByName ?? '—'}</td>
                      <td data-label={_(METER_TEXTS.noteHeader)}>{reading.note ?? ''}</td>
                      {canDelete ? (
                        <td data-label={_(METER_TEXTS.actionsHeader)}>
                          <Button
                            variant="ghost"
                            disabled={remove.isPending}
                            aria-label={_(METER_TEXTS.deleteReadingLabel(value))}
                            onClick={() => {
                              if (window.confirm(i18n._(METER_TEXTS.confirmDeleteReading)))
                                remove.mutate(reading.id);
                            }}
                          >
                            {_(METER_TEXTS.deleteReading)}
                          </Button>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </Table>
            <Pager
              page={page}
              pageCount={pageCountOf(query.data)}
              disabled={query.isFetching}
              onPage={setPage}
            />
          </>
        )}
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={onClose}>
            {_(METER_TEXTS.close)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
