import { useLingui } from '@lingui/react';
import type { TWorkAnalytics } from '@mqr/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PriorityPill } from '#web/components/ui/priority-pill.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import { downloadFile } from '#web/lib/download-file.ts';
import { formatMinutes, formatMoney } from '#web/lib/money.ts';
import { PRIORITY_MESSAGES } from '#web/lib/texts.ts';
import { useWorkAnalytics } from '../api/get-analytics.ts';
import { WORK_ANALYTICS_TEXTS as TEXTS } from '../texts.ts';
import styles from './work-section.module.css';

/**
 * "Cost and downtime" (docs/product/analytics.md#cost-and-downtime): totals over the dashboard's
 * range, the costliest assets with MTTR and MTBF, open tasks by priority and age, and the CSV.
 */
export function WorkSection({ rangeDays }: { rangeDays: number }) {
  const { _ } = useLingui();
  const headingId = useId();
  const query = useWorkAnalytics(rangeDays);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const figures = query.isError ? undefined : query.data;

  async function download() {
    setDownloadFailed(false);
    try {
      await downloadFile('/api/admin/dashboard/work.csv', { query: { rangeDays } }, 'work-assets.csv');
    } catch {
      setDownloadFailed(true);
    }
  }

  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <div className={styles.header}>
        <div>
          <h2 id={headingId} className={styles.title}>
            {_(TEXTS.title)}
          </h2>
          <p className={styles.subtitle}>{_(TEXTS.subtitle(rangeDays))}</p>
        </div>
        <Button variant="secondary" onClick={() => void download()}>
          {_(TEXTS.download)}
        </Button>
      </div>
      {downloadFailed ? <Alert>{_(TEXTS.downloadFailed)}</Alert> : null}
      {query.isError ? <Alert>{_(TEXTS.loadFailed)}</Alert> : null}
      {figures ? <WorkFigures figures={figures} /> : null}
    </Card>
  );
}

function WorkFigures({ figures }: { figures: TWorkAnalytics }) {
  const { _ } = useLingui();
  const money = (minor: number) => formatMoney(minor, figures.currency);
  const hours = (value: number | null) =>
    value === null ? _(TEXTS.notAvailable) : _(TEXTS.hours(formatNumber(value, 1)));
  // h:mm with its unit, so that 8:00 of downtime never reads as a time of day.
  const time = (minutes: number | null) =>
    minutes === null ? _(TEXTS.notAvailable) : _(TEXTS.hours(formatMinutes(minutes)));
  const { totals } = figures;
  return (
    <>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{_(TEXTS.cost)}</dt>
          <dd>{money(totals.costMinor)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{_(TEXTS.timeSpent)}</dt>
          <dd>{time(totals.minutes)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{_(TEXTS.downtime)}</dt>
          <dd>{time(totals.downtimeMinutes)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>
            <abbr title={_(TEXTS.mttrLong)}>{_(TEXTS.mttr)}</abbr>
          </dt>
          <dd>{time(totals.mttrMinutes)}</dd>
        </div>
      </dl>
      {figures.assets.length === 0 ? (
        <StateMessage>{_(TEXTS.none)}</StateMessage>
      ) : (
        <Table label={_(TEXTS.costliest)} className={styles.table}>
          <caption className={styles.caption}>{_(TEXTS.costliest)}</caption>
          <thead>
            <tr>
              <th scope="col">{_(TEXTS.asset)}</th>
              <th scope="col" className={styles.numeric}>
                {_(TEXTS.cost)}
              </th>
              <th scope="col" className={styles.numeric}>
                {_(TEXTS.timeSpent)}
              </th>
              <th scope="col" className={styles.numeric}>
                {_(TEXTS.failures)}
              </th>
              <th scope="col" className={styles.numeric}>
                <abbr title={_(TEXTS.mttrLong)}>{_(TEXTS.mttr)}</abbr>
              </th>
              <th scope="col" className={styles.numeric}>
                <abbr title={_(TEXTS.mtbfLong)}>{_(TEXTS.mtbf)}</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.assets.map((asset) => (
              <tr key={asset.assetId}>
                <th scope="row">
                  <Link to={`/assets/${encodeURIComponent(asset.assetId)}`}>{asset.assetName}</Link>
                </th>
                <td className={styles.numeric}>{money(asset.costMinor)}</td>
                <td className={styles.numeric}>{time(asset.minutes)}</td>
                <td className={styles.numeric}>{formatNumber(asset.failures)}</td>
                <td className={styles.numeric}>{time(asset.mttrMinutes)}</td>
                <td className={styles.numeric}>{hours(asset.mtbfHours)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Table label={_(TEXTS.backlog)} className={styles.table}>
        <caption className={styles.caption}>{_(TEXTS.backlog)}</caption>
        <thead>
          <tr>
            <th scope="col">{_(TEXTS.priority)}</th>
            <th scope="col" className={styles.numeric}>
              {_(TEXTS.week)}
            </th>
            <th scope="col" className={styles.numeric}>
              {_(TEXTS.month)}
            </th>
            <th scope="col" className={styles.numeric}>
              {_(TEXTS.quarter)}
            </th>
            <th scope="col" className={styles.numeric}>
              {_(TEXTS.older)}
            </th>
          </tr>
        </thead>
        <tbody>
          {figures.backlog.map((row) => (
            <tr key={row.priority}>
              <th scope="row">
                {row.priority === 'normal' ? (
                  _(PRIORITY_MESSAGES.normal)
                ) : (
                  <PriorityPill priority={row.priority} />
                )}
              </th>
              <td className={styles.numeric}>{formatNumber(row.week)}</td>
              <td className={styles.numeric}>{formatNumber(row.month)}</td>
              <td className={styles.numeric}>{formatNumber(row.quarter)}</td>
              <td className={styles.numeric}>{formatNumber(row.older)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
