import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { TAssetListViewInput } from '@mqr/contracts';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import { failureMessage } from '#web/lib/failure-message.ts';
import { downloadCsv } from '../api/download-csv.ts';
import { EXPORT_TEXTS } from '../texts.ts';
import styles from './export-dialog.module.css';
import { defaultHistoryDays, historyRange } from './history-range.ts';

type Download = 'assets' | 'history' | 'schedules';

/** What the assets' download says it holds: every asset, the assets of a search, or of the list's view. */
function assetsText(view: TAssetListViewInput): MessageDescriptor {
  const { search, filter, openTasks, status } = view;
  if (filter?.length || openTasks || (status && status !== 'active')) return EXPORT_TEXTS.assetsView;
  return search ? EXPORT_TEXTS.assetsSearch(search) : EXPORT_TEXTS.assetsAll;
}

/**
 * The CSV exports of the organization: the asset list (its current view: search, filters, order),
 * the maintenance history and, for administrators, the schedules (they name people by email).
 */
export function ExportDialog({ view, onClose }: { view: TAssetListViewInput; onClose: () => void }) {
  const { _ } = useLingui();
  const isAdmin = isAdminUser(useAuth());
  const [days, setDays] = useState(defaultHistoryDays);
  const [busy, setBusy] = useState<Download | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(kind: Download) {
    setError(null);
    const range = historyRange(days.from, days.to);
    if (kind === 'history' && (!range || range.from > range.to)) {
      setError(_(EXPORT_TEXTS.badRange));
      return;
    }
    setBusy(kind);
    try {
      if (kind === 'assets') await downloadCsv('/api/exports/assets.csv', view);
      else if (kind === 'schedules') await downloadCsv('/api/admin/schedules/export.csv', {});
      else await downloadCsv('/api/exports/events.csv', { ...range });
    } catch (caught) {
      setError(failureMessage(_(EXPORT_TEXTS.failed), caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog title={_(EXPORT_TEXTS.title)} busy={busy !== null} onClose={onClose}>
      <div className={styles.sections}>
        {error ? <Alert>{error}</Alert> : null}
        <section className={styles.section} aria-labelledby="export-assets">
          <h3 id="export-assets" className={styles.heading}>
            {_(EXPORT_TEXTS.assetsHeading)}
          </h3>
          <p className={styles.text}>{_(assetsText(view))}</p>
          <Button variant="secondary" disabled={busy !== null} onClick={() => void download('assets')}>
            {_(busy === 'assets' ? EXPORT_TEXTS.preparing : EXPORT_TEXTS.assetsButton)}
          </Button>
        </section>
        <section className={styles.section} aria-labelledby="export-history">
          <h3 id="export-history" className={styles.heading}>
            {_(EXPORT_TEXTS.historyHeading)}
          </h3>
          <p className={styles.text}>{_(EXPORT_TEXTS.historyText)}</p>
          <div className={styles.range}>
            <TextField
              label={_(EXPORT_TEXTS.from)}
              type="date"
              value={days.from}
              onChange={(event) => setDays({ ...days, from: event.target.value })}
            />
            <TextField
              label={_(EXPORT_TEXTS.to)}
              type="date"
              value={days.to}
              onChange={(event) => setDays({ ...days, to: event.target.value })}
            />
          </div>
          <Button variant="secondary" disabled={busy !== null} onClick={() => void download('history')}>
            {_(busy === 'history' ? EXPORT_TEXTS.preparing : EXPORT_TEXTS.historyButton)}
          </Button>
        </section>
        {isAdmin ? (
          <section className={styles.section} aria-labelledby="export-schedules">
            <h3 id="export-schedules" className={styles.heading}>
              {_(EXPORT_TEXTS.schedulesHeading)}
            </h3>
            <p className={styles.text}>{_(EXPORT_TEXTS.schedulesText)}</p>
            <Button variant="secondary" disabled={busy !== null} onClick={() => void download('schedules')}>
              {_(busy === 'schedules' ? EXPORT_TEXTS.preparing : EXPORT_TEXTS.schedulesButton)}
            </Button>
          </section>
        ) : null}
      </div>
    </Dialog>
  );
}
