import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { downloadChecklistReport } from '../api/download-checklist-report.ts';
import { EVENT_CHECKLIST_TEXTS } from '../texts.ts';

/**
 * "Download report (PDF)": a completed task's checklist report (ADR 135), fetched with the sign-in
 * and saved as the server names it; "Preparing the report..." meanwhile, and why when it fails.
 */
export function ChecklistReportButton({ eventId }: { eventId: string }) {
  const { _ } = useLingui();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    setFailure(null);
    setDownloading(true);
    try {
      await downloadChecklistReport(eventId);
    } catch (error) {
      setFailure(failureMessage(i18n._(EVENT_CHECKLIST_TEXTS.reportFailed), error));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
        {downloading ? _(EVENT_CHECKLIST_TEXTS.downloading) : _(EVENT_CHECKLIST_TEXTS.downloadReport)}
      </Button>
      {failure ? <Alert>{failure}</Alert> : null}
    </>
  );
}
