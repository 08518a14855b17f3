import { useLingui } from '@lingui/react';
import type { TPublicAsset } from '@mqr/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { postMeToo } from '../api/reports.ts';
import { hasWaitingReports } from '../lib/waiting-reports.ts';
import { REPORT_TEXTS } from '../texts.ts';
import styles from './report-problem.module.css';

// The form, its photo resizing, proof of work and outbox load when a visitor opens it (ADR 130): the
// page's own script stays within its budget (ADR 032).
const ReportForm = lazy(() => import('./report-form.tsx'));

/** Reports made offline on this device go out when the page opens or the connection returns. */
function useSendWaitingReports(): void {
  useEffect(() => {
    const send = () => {
      if (hasWaitingReports() && navigator.onLine !== false) {
        void import('../lib/report-outbox.ts').then((outbox) => outbox.sendQueuedReports()).catch(() => {});
      }
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, []);
}

const NO_REPORTING: TPublicAsset['reporting'] = { enabled: false, handling: null };

type TMeToo = { status: 'idle' | 'sending' | 'done' | 'failed'; count: number };

function HandlingNotice({ asset }: { asset: TPublicAsset }) {
  const { _ } = useLingui();
  const handling = asset.reporting?.handling;
  const [meToo, setMeToo] = useState<TMeToo>({ status: 'idle', count: handling?.meTooCount ?? 0 });
  if (!handling) return null;
  const sendMeToo = async () => {
    setMeToo((current) => ({ ...current, status: 'sending' }));
    try {
      const { solveReportChallenge } = await import('../lib/altcha.ts');
      const altcha = await solveReportChallenge(asset.organizationId, asset.slug);
      const { meTooCount } = await postMeToo(asset.organizationId, asset.slug, handling.requestId, altcha);
      setMeToo({ status: 'done', count: meTooCount });
    } catch {
      setMeToo((current) => ({ ...current, status: 'failed' }));
    }
  };
  return (
    <div className={styles.handling}>
      <p className={styles.handlingText}>
        {_(REPORT_TEXTS.handling(formatCalendarDate(handling.reportedOn)))}
      </p>
      <div className={styles.row}>
        <Button
          variant="secondary"
          onClick={() => void sendMeToo()}
          disabled={meToo.status === 'sending' || meToo.status === 'done'}
          aria-describedby={meToo.count > 0 ? 'public-asset-me-too-count' : undefined}
        >
          {_(REPORT_TEXTS.meToo)}
        </Button>
        {meToo.count > 0 ? (
          <span id="public-asset-me-too-count" className={styles.muted}>
            {_(REPORT_TEXTS.meTooCount(meToo.count))}
          </span>
        ) : null}
      </div>
      {meToo.status === 'done' ? <Alert tone="success">{_(REPORT_TEXTS.meTooDone)}</Alert> : null}
      {meToo.status === 'failed' ? <Alert>{_(REPORT_TEXTS.meTooFailed)}</Alert> : null}
    </div>
  );
}

/**
 * "Report a problem" on the public asset page (docs/product/requests.md): the open report being
 * handled with its "me too", and the button that opens the report form, where the organization and
 * the asset allow it.
 */
export function ReportProblem({ asset }: { asset: TPublicAsset }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  useSendWaitingReports();
  // An answer kept by the service worker from before reports existed has no `reporting`.
  const { enabled, handling } = asset.reporting ?? NO_REPORTING;
  if (!enabled && !handling) return null;
  return (
    <Card aria-labelledby="public-asset-report">
      <h2 id="public-asset-report" className={styles.title}>
        {_(REPORT_TEXTS.reportProblem)}
      </h2>
      <HandlingNotice asset={asset} />
      {enabled && open ? (
        <Suspense
          fallback={
            <p role="status" className={styles.muted}>
              {_(REPORT_TEXTS.preparingForm)}
            </p>
          }
        >
          <ReportForm asset={asset} onCancel={() => setOpen(false)} />
        </Suspense>
      ) : null}
      {enabled && !open ? (
        <>
          <p className={styles.muted}>{_(REPORT_TEXTS.reportIntro)}</p>
          <div className={styles.row}>
            <Button onClick={() => setOpen(true)}>{_(REPORT_TEXTS.reportProblem)}</Button>
          </div>
        </>
      ) : null}
    </Card>
  );
}
