import { useLingui } from '@lingui/react';
import {
  MIN_BAR_PERCENT,
  type TDashboardAnalytics,
  type THistoryBucket,
  type THistoryEvent,
} from '@mqr/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '#web/components/ui/card.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { Translated } from '#web/components/ui/translated.tsx';
import { formatDate, formatNumber } from '#web/lib/dates.ts';
import { barPercent } from '../lib/bar-width.ts';
import { formatBucketDate, formatBucketDateLong } from '../lib/bucket-dates.ts';
import { DASHBOARD_TEXTS, formatHours } from '../texts.ts';
import styles from './maintenance-history-section.module.css';

/** "Maintenance history" card: completions per day, then the completed jobs, newest first. */
export function MaintenanceHistorySection({ analytics }: { analytics: TDashboardAnalytics }) {
  const { _ } = useLingui();
  const headingId = useId();
  const history = analytics.maintenanceHistory;
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {_(DASHBOARD_TEXTS.historyTitle)}
      </h2>
      <HistoryChart buckets={analytics.historyBuckets} />
      {history.length === 0 ? (
        <StateMessage>{_(DASHBOARD_TEXTS.historyEmpty)}</StateMessage>
      ) : (
        <HistoryTable history={history} />
      )}
    </Card>
  );
}

/** One bar per day (oldest first, as the server sends them), each with its day and count as text. */
function HistoryChart({ buckets }: { buckets: THistoryBucket[] }) {
  const { _ } = useLingui();
  const max = Math.max(0, ...buckets.map((bucket) => bucket.count));
  if (max <= 0) return <StateMessage>{_(DASHBOARD_TEXTS.chartEmpty)}</StateMessage>;
  return (
    <ul className={styles.chart} aria-label={_(DASHBOARD_TEXTS.chartLabel)}>
      {buckets.map((bucket) => (
        <li key={bucket.date} className={styles.bucket}>
          <time className={styles.day} dateTime={bucket.date} title={formatBucketDateLong(bucket.date)}>
            {formatBucketDate(bucket.date)}
          </time>
          <span className={styles.srOnly}>: </span>
          <span className={styles.track} aria-hidden="true">
            <span
              className={styles.bar}
              style={{
                width: `${barPercent(bucket.count, max, MIN_BAR_PERCENT.history, { zeroIsEmpty: true })}%`,
              }}
            />
          </span>
          <span className={styles.count}>{formatNumber(bucket.count)}</span>
        </li>
      ))}
    </ul>
  );
}

function dateCell(value: string | null) {
  const text = formatDate(value);
  if (!value || !text) return <Translated message={DASHBOARD_TEXTS.notAvailable} />;
  return <time dateTime={value}>{text}</time>;
}

/** The completed jobs in the range; the region scrolls inside a fixed height, its header stays. */
function HistoryTable({ history }: { history: THistoryEvent[] }) {
  const { _ } = useLingui();
  return (
    <div className={styles.tableWrap}>
      <Table label={_(DASHBOARD_TEXTS.historyTitle)} className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{_(DASHBOARD_TEXTS.historyAsset)}</th>
            <th scope="col">{_(DASHBOARD_TEXTS.historyTask)}</th>
            <th scope="col">{_(DASHBOARD_TEXTS.historyPerformed)}</th>
            <th scope="col">{_(DASHBOARD_TEXTS.historyCompleted)}</th>
            <th scope="col">{_(DASHBOARD_TEXTS.historyRecordedBy)}</th>
            <th scope="col" className={styles.numeric}>
              {_(DASHBOARD_TEXTS.historyTurnaround)}
            </th>
          </tr>
        </thead>
        <tbody>
          {history.map((event) => (
            <tr key={event.eventId}>
              <td className={styles.asset}>
                <Link className={styles.assetLink} to={`/assets/${encodeURIComponent(event.assetId)}`}>
                  {event.assetName}
                </Link>
                <span className={styles.slug}>{event.assetSlug}</span>
              </td>
              <td className={styles.task}>{event.title}</td>
              <td className={styles.nowrap}>{dateCell(event.performedAt)}</td>
              <td className={styles.nowrap}>{dateCell(event.taskCompletedAt)}</td>
              <td className={styles.person}>{event.recordedBy ?? _(DASHBOARD_TEXTS.notAvailable)}</td>
              <td className={styles.numeric}>{formatHours(event.turnaroundHours)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
