import { useLingui } from '@lingui/react';
import type { TDashboardAnalytics } from '@mqr/contracts';
import { Link } from 'react-router';
import { Card } from '#web/components/ui/card.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import { DASHBOARD_TEXTS, formatHours } from '../texts.ts';
import styles from './summary-cards.module.css';

/** `unit` follows the value in smaller type ("12.3 hrs"); the value stays an element of its own. */
type TSummaryCard = { label: string; value: string; unit?: string; caption: string };

/** The four headline figures of the analytics range (administrators). */
export function SummaryCards({ analytics }: { analytics: TDashboardAnalytics }) {
  const { _ } = useLingui();
  const { summary } = analytics;
  const cards: TSummaryCard[] = [
    {
      label: _(DASHBOARD_TEXTS.completedJobs),
      value: formatNumber(summary.completedEvents),
      caption: _(DASHBOARD_TEXTS.lastDays(analytics.rangeDays)),
    },
    {
      label: _(DASHBOARD_TEXTS.avgTurnaround),
      value: formatHours(summary.averageTurnaroundHours),
      unit: summary.averageTurnaroundHours === null ? undefined : _(DASHBOARD_TEXTS.hoursUnit),
      caption: _(DASHBOARD_TEXTS.acrossAssets),
    },
    {
      label: _(DASHBOARD_TEXTS.activeJobs),
      value: formatNumber(summary.activeJobs),
      caption: _(DASHBOARD_TEXTS.ownedByTeam),
    },
    {
      label: _(DASHBOARD_TEXTS.activeUsers),
      value: formatNumber(summary.activeUsers),
      caption: _(DASHBOARD_TEXTS.withActivity),
    },
  ];

  return (
    <section aria-label={_(DASHBOARD_TEXTS.summary)}>
      <dl className={styles.grid}>
        {cards.map((card) => (
          <Card as="div" key={card.label} className={styles.card}>
            <dt className={styles.label}>{card.label}</dt>
            <dd className={styles.value}>
              <span>{card.value}</span>
              {card.unit ? <span className={styles.unit}> {card.unit}</span> : null}
            </dd>
            <dd className={styles.caption}>{card.caption}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

/**
 * Requests from the QR code (docs/product/requests.md#what-happens): how many wait for triage now (the
 * unsafe ones said in red), and the median time from a report to its triage over the range.
 */
export function RequestCards({ analytics }: { analytics: TDashboardAnalytics }) {
  const { _ } = useLingui();
  const { requests } = analytics;
  return (
    <section aria-label={_(DASHBOARD_TEXTS.requests)}>
      <dl className={styles.grid}>
        <Card as="div" className={styles.card}>
          <dt className={styles.label}>{_(DASHBOARD_TEXTS.requestsWaiting)}</dt>
          <dd className={styles.value}>{formatNumber(requests.waiting)}</dd>
          <dd className={`${styles.caption} ${requests.waitingUnsafe > 0 ? styles.danger : ''}`}>
            <Link to="/requests">
              {requests.waitingUnsafe > 0
                ? _(DASHBOARD_TEXTS.requestsUnsafe(requests.waitingUnsafe))
                : _(DASHBOARD_TEXTS.requestsNoneUnsafe)}
            </Link>
          </dd>
        </Card>
        <Card as="div" className={styles.card}>
          <dt className={styles.label}>{_(DASHBOARD_TEXTS.medianTriage)}</dt>
          <dd className={styles.value}>
            <span>{formatHours(requests.medianTriageHours)}</span>
            {requests.medianTriageHours === null ? null : (
              <span className={styles.unit}> {_(DASHBOARD_TEXTS.hoursUnit)}</span>
            )}
          </dd>
          <dd className={styles.caption}>
            {_(DASHBOARD_TEXTS.medianTriageCaption(requests.triaged, analytics.rangeDays))}
          </dd>
        </Card>
      </dl>
    </section>
  );
}
