import type { TPmCompliance } from '@mqr/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '#web/components/ui/card.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { formatCalendarDate } from '#web/lib/dates.ts';
import { DASHBOARD_TEXTS, formatRate } from '../texts.ts';
import styles from './pm-compliance-section.module.css';

/**
 * "PM compliance": the share of scheduled tasks completed by their due date over the maintenance
 * range (docs/product/analytics.md#pm-compliance), overall and for the assets lowest in it.
 */
export function PmComplianceSection({ compliance }: { compliance: TPmCompliance }) {
  const headingId = useId();
  const subtitleId = useId();
  return (
    <Card className={styles.card} aria-labelledby={headingId} aria-describedby={subtitleId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {DASHBOARD_TEXTS.pmTitle}
        </h2>
        <p id={subtitleId} className={styles.subtitle}>
          {DASHBOARD_TEXTS.pmSubtitle(formatCalendarDate(compliance.from), formatCalendarDate(compliance.to))}
        </p>
      </div>
      {compliance.scheduledTasks === 0 ? (
        <StateMessage>{DASHBOARD_TEXTS.pmEmpty}</StateMessage>
      ) : (
        <>
          <p className={styles.overall}>
            <span className={styles.rate}>{formatRate(compliance.rate)}</span>
            <span className={styles.muted}>
              {DASHBOARD_TEXTS.pmOnTime(compliance.completedOnTime, compliance.scheduledTasks)}
            </span>
          </p>
          <span className={styles.track} aria-hidden="true">
            <span className={styles.bar} style={{ width: `${Math.round((compliance.rate ?? 0) * 100)}%` }} />
          </span>
          {compliance.assets.length > 0 ? (
            <Table label={DASHBOARD_TEXTS.pmLowest} className={styles.table}>
              <caption className={styles.caption}>{DASHBOARD_TEXTS.pmLowest}</caption>
              <thead>
                <tr>
                  <th scope="col">{DASHBOARD_TEXTS.pmAsset}</th>
                  <th scope="col" className={styles.numeric}>
                    {DASHBOARD_TEXTS.pmScheduled}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {DASHBOARD_TEXTS.pmCompletedOnTime}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {DASHBOARD_TEXTS.pmRate}
                  </th>
                </tr>
              </thead>
              <tbody>
                {compliance.assets.map((asset) => (
                  <tr key={asset.assetId}>
                    <td className={styles.assetCell}>
                      <Link className={styles.assetLink} to={`/assets/${encodeURIComponent(asset.assetId)}`}>
                        {asset.assetName}
                      </Link>
                    </td>
                    <td className={styles.numeric}>{asset.scheduledTasks}</td>
                    <td className={styles.numeric}>{asset.completedOnTime}</td>
                    <td className={styles.numeric}>{formatRate(asset.rate)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          ) : null}
        </>
      )}
    </Card>
  );
}
