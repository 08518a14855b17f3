import { useLingui } from '@lingui/react';
import type { TPmCompliance } from '@mqr/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '#web/components/ui/card.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { formatCalendarDate, formatNumber } from '#web/lib/dates.ts';
import { DASHBOARD_TEXTS, formatRate } from '../texts.ts';
import styles from './pm-compliance-section.module.css';

/**
 * "PM compliance": the share of scheduled tasks completed by their due date over the maintenance
 * range (docs/product/analytics.md#pm-compliance), overall and for the assets lowest in it.
 */
export function PmComplianceSection({ compliance }: { compliance: TPmCompliance }) {
  const { _ } = useLingui();
  const headingId = useId();
  const subtitleId = useId();
  return (
    <Card className={styles.card} aria-labelledby={headingId} aria-describedby={subtitleId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {_(DASHBOARD_TEXTS.pmTitle)}
        </h2>
        <p id={subtitleId} className={styles.subtitle}>
          {_(
            DASHBOARD_TEXTS.pmSubtitle(
              formatCalendarDate(compliance.from),
              formatCalendarDate(compliance.to),
            ),
          )}
        </p>
      </div>
      {compliance.scheduledTasks === 0 ? (
        <StateMessage>{_(DASHBOARD_TEXTS.pmEmpty)}</StateMessage>
      ) : (
        <>
          <p className={styles.overall}>
            <span className={styles.rate}>{formatRate(compliance.rate)}</span>
            <span className={styles.muted}>
              {_(
                DASHBOARD_TEXTS.pmOnTime(
                  formatNumber(compliance.completedOnTime),
                  formatNumber(compliance.scheduledTasks),
                ),
              )}
            </span>
          </p>
          <span className={styles.track} aria-hidden="true">
            <span className={styles.bar} style={{ width: `${Math.round((compliance.rate ?? 0) * 100)}%` }} />
          </span>
          {compliance.assets.length > 0 ? (
            <Table label={_(DASHBOARD_TEXTS.pmLowest)} className={styles.table}>
              <caption className={styles.caption}>{_(DASHBOARD_TEXTS.pmLowest)}</caption>
              <thead>
                <tr>
                  <th scope="col">{_(DASHBOARD_TEXTS.pmAsset)}</th>
                  <th scope="col" className={styles.numeric}>
                    {_(DASHBOARD_TEXTS.pmScheduled)}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {_(DASHBOARD_TEXTS.pmCompletedOnTime)}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {_(DASHBOARD_TEXTS.pmRate)}
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
                    <td className={styles.numeric}>{formatNumber(asset.scheduledTasks)}</td>
                    <td className={styles.numeric}>{formatNumber(asset.completedOnTime)}</td>
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
