import type { TTurnaroundMetric } from '@mqr/contracts';
import { useId } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { useTicker } from '../hooks/use-ticker.ts';
import { pickOverallMetric } from '../lib/turnaround.ts';
import { DASHBOARD_TEXTS, formatHours } from '../texts.ts';
import styles from './turnaround-ticker.module.css';

const hours = (value: number) => `${formatHours(value)} hrs`;

/**
 * "Turnaround ticker" card: one metric at a time, the next every 5 seconds, and the overall average.
 * The rotation can be paused (WCAG 2.2.2); it is not announced (no live region), so a screen reader
 * is not interrupted every few seconds.
 */
export function TurnaroundTicker({ metrics }: { metrics: TTurnaroundMetric[] }) {
  const headingId = useId();
  const { index, paused, togglePaused } = useTicker(metrics.length);
  const metric = metrics[index] ?? metrics[0];
  const overall = pickOverallMetric(metrics);
  const rotates = metrics.length > 1;

  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {DASHBOARD_TEXTS.tickerTitle}
        </h2>
        {rotates ? (
          <Button variant="secondary" className={styles.toggle} onClick={togglePaused}>
            {paused ? DASHBOARD_TEXTS.resume : DASHBOARD_TEXTS.pause}
          </Button>
        ) : null}
      </div>
      {metric ? (
        <>
          <div className={styles.metric}>
            <p className={styles.label}>{metric.label}</p>
            <p className={styles.value}>{hours(metric.averageHours)}</p>
            <p className={styles.muted}>{DASHBOARD_TEXTS.basedOn(metric.sampleSize)}</p>
          </div>
          <div className={styles.footer}>
            {overall ? (
              <p
                className={styles.overall}
              >{`${DASHBOARD_TEXTS.overallAverage}: ${hours(overall.averageHours)}`}</p>
            ) : null}
            {rotates ? <p className={styles.muted}>{`${index + 1} of ${metrics.length}`}</p> : null}
          </div>
        </>
      ) : (
        <StateMessage>{DASHBOARD_TEXTS.tickerEmpty}</StateMessage>
      )}
    </Card>
  );
}
