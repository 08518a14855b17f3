import { useLingui } from '@lingui/react';
import { MIN_BAR_PERCENT, type TDashboardAnalytics, type TUserPerformance } from '@mqr/contracts';
import { useId } from 'react';
import { Card } from '#web/components/ui/card.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { formatNumber } from '#web/lib/dates.ts';
import { barPercent } from '../lib/bar-width.ts';
import { DASHBOARD_TEXTS, formatHours } from '../texts.ts';
import styles from './team-performance-section.module.css';

/** The people shown as cards (the table lists everyone the server sent). */
export const TEAM_CARD_LIMIT = 6;

/** Most completed jobs first; equal counts keep the server's order (the sort is stable). */
function byCompletedJobs(users: TUserPerformance[]): TUserPerformance[] {
  return [...users].sort((a, b) => b.completedJobs - a.completedJobs);
}

type TScale = { maxCompleted: number; maxLead: number };

/** "Active user throughput": each person's completed and active jobs and average lead time. */
export function TeamPerformanceSection({ analytics }: { analytics: TDashboardAnalytics }) {
  const { _ } = useLingui();
  const headingId = useId();
  const subtitleId = useId();
  const users = byCompletedJobs(analytics.userPerformance);
  // Bars compare everyone listed: the longest is the largest value among the rows.
  const scale: TScale = {
    maxCompleted: Math.max(0, ...users.map((user) => user.completedJobs)),
    maxLead: Math.max(0, ...users.map((user) => user.averageLeadTimeHours ?? 0)),
  };

  return (
    <Card className={styles.card} aria-labelledby={headingId} aria-describedby={subtitleId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          {_(DASHBOARD_TEXTS.teamTitle)}
        </h2>
        <p id={subtitleId} className={styles.subtitle}>
          {_(DASHBOARD_TEXTS.teamSubtitle(analytics.summary.activeJobs))}
        </p>
      </div>
      {users.length === 0 ? (
        <StateMessage>{_(DASHBOARD_TEXTS.teamEmpty)}</StateMessage>
      ) : (
        <>
          <ul className={styles.users} aria-labelledby={headingId}>
            {users.slice(0, TEAM_CARD_LIMIT).map((user) => (
              <UserCard key={user.userId} user={user} scale={scale} />
            ))}
          </ul>
          <TeamTable users={users} />
        </>
      )}
    </Card>
  );
}

function UserCard({ user, scale }: { user: TUserPerformance; scale: TScale }) {
  const { _ } = useLingui();
  const nameId = useId();
  const completed = barPercent(user.completedJobs, scale.maxCompleted, MIN_BAR_PERCENT.completed, {
    zeroIsEmpty: true,
  });
  const lead = barPercent(user.averageLeadTimeHours, scale.maxLead, MIN_BAR_PERCENT.leadTime);
  return (
    <li className={styles.user} aria-labelledby={nameId}>
      <div className={styles.who}>
        <h3 id={nameId} className={styles.name}>
          {user.displayName}
        </h3>
        <p className={styles.email}>{user.email}</p>
      </div>
      <div className={styles.metric}>
        <p className={styles.metricText}>
          <span className={styles.strong}>{_(DASHBOARD_TEXTS.teamCompleted(user.completedJobs))}</span>
          <span className={styles.muted}>{_(DASHBOARD_TEXTS.teamActive(user.activeJobs))}</span>
        </p>
        <Bar percent={completed} kind="completed" />
      </div>
      <div className={styles.metric}>
        <p className={styles.metricText}>
          <span>
            {user.averageLeadTimeHours === null
              ? _(DASHBOARD_TEXTS.teamLeadNone)
              : _(DASHBOARD_TEXTS.teamLead(formatHours(user.averageLeadTimeHours)))}
          </span>
        </p>
        <Bar percent={lead} kind="leadTime" />
      </div>
    </li>
  );
}

/** A decorative bar (its figure is written beside it). */
function Bar({ percent, kind }: { percent: number; kind: 'completed' | 'leadTime' }) {
  return (
    <span className={styles.track} aria-hidden="true">
      <span className={styles.bar} data-bar={kind} style={{ width: `${percent}%` }} />
    </span>
  );
}

function TeamTable({ users }: { users: TUserPerformance[] }) {
  const { _ } = useLingui();
  return (
    <Table label={_(DASHBOARD_TEXTS.teamSection)} className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{_(DASHBOARD_TEXTS.teamUser)}</th>
          <th scope="col" className={styles.numeric}>
            {_(DASHBOARD_TEXTS.teamActiveJobs)}
          </th>
          <th scope="col" className={styles.numeric}>
            {_(DASHBOARD_TEXTS.teamCompletedJobs)}
          </th>
          <th scope="col" className={styles.numeric}>
            {_(DASHBOARD_TEXTS.teamLeadHours)}
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.userId}>
            <td className={styles.person}>
              <span className={styles.personName}>{user.displayName}</span>
              <span className={styles.personEmail}>{user.email}</span>
            </td>
            <td className={styles.numeric}>{formatNumber(user.activeJobs)}</td>
            <td className={styles.numeric}>{formatNumber(user.completedJobs)}</td>
            <td className={styles.numeric}>{formatHours(user.averageLeadTimeHours)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
