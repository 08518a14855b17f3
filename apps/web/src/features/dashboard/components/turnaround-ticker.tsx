import { useLingui } from '@lingui/react';
import type { TTurnaroundMetric } from '@mqr/contracts';
import { useId } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import { useTicker } from '../hooks/use-ticker.ts';
import { isOverall, pickOverallMetric } from '../lib/turnaround.ts';
import { DASHBOARD_TEXTS, formatHours } from '../texts.ts';
import styles from './turnaround-ticker.module.css';

/**
 * "Turnaround ticker" card: one metric at a time, the next every 5 seconds, and the overall average.
 * The rotation can be paused (WCAG 2.2.2); it is not announced (no live region), so a screen reader
 * is not interrupted every few seconds.
 */
export function TurnaroundTicker({ metrics }: { metrics: TTurnaroundMetric[] }) {
  const { _ } = useLingui();
  const headingId = useId();
  const { index, paused, togglePaused } = useTicker(metrics.length);
  const metric = metrics[index] ?? metrics[0];
  const overall = pickOverallMetric(metrics);
  const rotates = metrics.length > 1;

  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {_(DASHBOARD_TEXTS.tickerTitle)}
        </h2>
        {rotates ? (
          <Button variant="secondary" className={styles.toggle} onClick={togglePaused}>
            {paused ? _(DASHBOARD_TEXTS.resume) : _(DASHBOARD_TEXTS.pause)}
          </Button>
        ) : null}
      </div>
      {metric ? (
        <>
          <div className={styles.metric}>
            <p className={styles.label}>{isOverall(metric) ? _(DASHBOARD_TEXTS.overall) : metric.label}</p>
            <p className={styles.value}>{_(DASHBOARD_TEXTS.hours(formatHours(metric.averageHours)))}</p>
            <p className={styles.muted}>{_(DASHBOARD_TEXTS.basedOn(metric.sampleSize))}</p>
          </div>
          <div className={styles.footer}>
            {overall ? (
              <p className={styles.overall}>
                {_(DASHBOARD_TEXTS.overallAverage(formatHours(overall.averageHours)))}
              </p>
            ) : null}
            {rotates ? (
              <p className={styles.muted}>
                {_(DASHBOARD_TEXTS.position(formatNumber(index + 1), formatNumber(metrics.length)))}
              </p>
            ) : null}
          </div>
        </>
      ) : (
        <StateMessage>{_(DASHBOARD_TEXTS.tickerEmpty)}</StateMessage>
      )}
    </Card>
  );
}
