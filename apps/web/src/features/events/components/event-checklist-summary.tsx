import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { checklistPassed, type TMaintenanceEvent } from '@mqr/contracts';
import { useId, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { failureMessage } from '#web/lib/failure-message.ts';
import { downloadChecklistReport } from '../api/download-checklist-report.ts';
import { EVENT_CHECKLIST_TEXTS } from '../texts.ts';
import styles from './event-checklist-summary.module.css';

type TEventChecklistSummaryProps = {
  event: Pick<TMaintenanceEvent, 'id' | 'title' | 'taskStatus' | 'checklist'>;
  /** The checklist can be worked through (not a retired asset's). */
  canWork: boolean;
};

/**
 * A task's checklist on its event (docs/product/checklists-screens.md#on-the-event): which checklist,
 * how far it is, a way into it, and once the task is completed, its report.
 */
export function EventChecklistSummary({ event, canWork }: TEventChecklistSummaryProps) {
  const { _ } = useLingui();
  const titleId = useId();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const checklist = event.checklist;
  if (!checklist) return null;
  const { summary } = checklist;
  const completed = event.taskStatus === 'Completed';
  const lines = [
    completed && checklistPassed(summary)
      ? _(EVENT_CHECKLIST_TEXTS.passed(summary.total))
      : _(EVENT_CHECKLIST_TEXTS.done(summary.done, summary.total)),
    summary.failed > 0 ? _(EVENT_CHECKLIST_TEXTS.failed(summary.failed)) : null,
    summary.flagged > summary.failed ? _(EVENT_CHECKLIST_TEXTS.flagged(summary.flagged)) : null,
  ].filter((line): line is string => line !== null);

  async function download() {
    setFailure(null);
    setDownloading(true);
    try {
      await downloadChecklistReport(event.id);
    } catch (error) {
      setFailure(failureMessage(i18n._(EVENT_CHECKLIST_TEXTS.reportFailed), error));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className={styles.box} aria-labelledby={titleId} data-flagged={summary.flagged > 0 || undefined}>
      <h4 id={titleId} className={styles.title}>
        {_(EVENT_CHECKLIST_TEXTS.title)}
        <span className={styles.name}>
          {_(EVENT_CHECKLIST_TEXTS.nameVersion(checklist.name, checklist.version))}
        </span>
      </h4>
      <p className={styles.counts}>
        {lines.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </p>
      <div className={styles.actions}>
        {canWork || completed ? (
          <ButtonLink
            to={`/tasks/${encodeURIComponent(event.id)}/checklist`}
            variant={completed ? 'secondary' : 'primary'}
            aria-describedby={titleId}
          >
            {_(completed ? EVENT_CHECKLIST_TEXTS.view : EVENT_CHECKLIST_TEXTS.open)}
          </ButtonLink>
        ) : null}
        {completed ? (
          <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
            {downloading ? _(EVENT_CHECKLIST_TEXTS.downloading) : _(EVENT_CHECKLIST_TEXTS.downloadReport)}
          </Button>
        ) : null}
      </div>
      {failure ? <Alert>{failure}</Alert> : null}
    </section>
  );
}
