import { useLingui } from '@lingui/react';
import { PRODUCT_NAME, type TRequestStatus } from '@mqr/contracts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { formatCalendarDate, formatDate } from '#web/lib/dates.ts';
import { withRetry } from '#web/lib/retry-policy.ts';
import { usePublicAnswer } from '#web/lib/use-public-answer.ts';
import { getPublicRequest } from '../api/reports.ts';
import { CLOSE_REASON_WORDS, REPORT_TEXTS, URGENCY_WORDS } from '../texts.ts';
import pageStyles from './public-asset-page.module.css';
import styles from './request-status.module.css';

/** A report's request, retried as the public asset's is; the lean page starts it with its script. */
export function loadPublicRequest(token: string, signal?: AbortSignal): Promise<TRequestStatus> {
  return withRetry((s) => getPublicRequest(token, s), signal);
}

/** Where the report is, in the reporter's words: never a staff name. */
function StateLine({ status }: { status: TRequestStatus }) {
  const { _ } = useLingui();
  switch (status.state) {
    case 'new':
      return (
        <>
          <p className={`${styles.state} ${styles.new}`}>{_(REPORT_TEXTS.statusReceived)}</p>
          <p className={pageStyles.muted}>{_(REPORT_TEXTS.statusReceivedDetail)}</p>
        </>
      );
    case 'accepted':
      return <p className={`${styles.state} ${styles.accepted}`}>{_(REPORT_TEXTS.statusAccepted)}</p>;
    case 'done':
      return (
        <p className={`${styles.state} ${styles.done}`}>
          {_(REPORT_TEXTS.statusDone(formatCalendarDate(status.doneOn)))}
        </p>
      );
    case 'closed':
      return (
        <p className={`${styles.state} ${styles.closed}`}>
          {_(
            REPORT_TEXTS.statusClosed(status.closedReason ? _(CLOSE_REASON_WORDS[status.closedReason]) : ''),
          )}
        </p>
      );
  }
}

/** /r/{token}: the reporter's private status page (docs/product/requests.md), served by the lean public entry. */
export function RequestStatusContent({
  token,
  preloaded,
}: {
  token: string;
  preloaded?: Promise<TRequestStatus>;
}) {
  const { _ } = useLingui();
  const state = usePublicAnswer(token, (signal) => loadPublicRequest(token, signal), preloaded);
  if (state.status === 'pending') {
    return (
      <p role="status" className={`${pageStyles.muted} ${pageStyles.loading}`}>
        {_(REPORT_TEXTS.statusLoading)}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={pageStyles.page}>
        <title>{PRODUCT_NAME}</title>
        <h1 className={pageStyles.visuallyHidden}>{_(REPORT_TEXTS.statusTitle)}</h1>
        <Alert>{_(REPORT_TEXTS.statusFailed)}</Alert>
      </div>
    );
  }
  const status = state.data;
  return (
    <div className={pageStyles.page}>
      <title>{`${_(REPORT_TEXTS.statusTitle)} · ${PRODUCT_NAME}`}</title>
      <Card className={styles.card}>
        <h1 className={pageStyles.name}>{_(REPORT_TEXTS.statusTitle)}</h1>
        <p className={styles.asset}>{_(REPORT_TEXTS.statusAsset(status.assetName))}</p>
        <section aria-labelledby="request-status-state" className={styles.section}>
          <h2 id="request-status-state" className={pageStyles.visuallyHidden}>
            {_(REPORT_TEXTS.statusState)}
          </h2>
          <StateLine status={status} />
        </section>
        <p className={pageStyles.muted}>
          {_(REPORT_TEXTS.statusReportedOn(formatDate(status.reportedAt)))} ·{' '}
          {_(REPORT_TEXTS.statusUrgency(_(URGENCY_WORDS[status.urgency])))}
        </p>
        {/* The reporter's own words, as text: nothing they send is rendered as HTML. */}
        <p className={styles.description}>{status.description}</p>
      </Card>
    </div>
  );
}
