import { useLingui } from '@lingui/react';
import { checklistPassed, type TMaintenanceEvent } from '@mqr/contracts';
import { useId } from 'react';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { EVENT_CHECKLIST_TEXTS } from '../texts.ts';
import { ChecklistReportButton } from './checklist-report-button.tsx';
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
        {completed ? <ChecklistReportButton eventId={event.id} /> : null}
      </div>
    </section>
  );
}
