import { useLingui } from '@lingui/react';
import type { TDueCounts } from '@mqr/contracts';
import type { ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { StateMessage } from '#web/components/ui/state-message.tsx';
import { useAnalytics } from '../api/get-analytics.ts';
import type { useDashboardPreferences } from '../hooks/use-dashboard-preferences.ts';
import { DASHBOARD_TEXTS } from '../texts.ts';
import styles from './admin-analytics.module.css';
import { DashboardPreferencesCard } from './dashboard-preferences-card.tsx';
import { MaintenanceHistorySection } from './maintenance-history-section.tsx';
import { PmComplianceSection } from './pm-compliance-section.tsx';
import { RequestCards, SummaryCards } from './summary-cards.tsx';
import { TeamPerformanceSection } from './team-performance-section.tsx';
import { TurnaroundTicker } from './turnaround-ticker.tsx';
import { WorkSection } from './work-section.tsx';

type TPreferencesControls = ReturnType<typeof useDashboardPreferences>;

type TAdminAnalyticsProps = {
  controls: TPreferencesControls;
  /** The due cards, shown below the summary cards with the analytics' due counts (app/routes composes them). */
  dueCards: (counts: TDueCounts) => ReactNode;
};

/** The administrators' part of the dashboard: summary and due cards, preferences and the analytics sections. */
export function AdminAnalytics({ controls, dueCards }: TAdminAnalyticsProps) {
  const { _ } = useLingui();
  const { preferences, isVisible } = controls;
  const query = useAnalytics({
    enabled: true,
    rangeDays: preferences.rangeDays,
    turnaroundDays: preferences.turnaroundDays,
  });
  // A failed load clears the figures (docs/product/dashboard.md#analytics-loading-and-failure) rather than showing stale ones.
  const analytics = query.isError ? undefined : query.data;

  let status = null;
  if (query.isError) {
    status = (
      <Card className={styles.status}>
        <Alert>{_(DASHBOARD_TEXTS.loadFailed)}</Alert>
        <Button variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {_(DASHBOARD_TEXTS.retry)}
        </Button>
      </Card>
    );
  } else if (!analytics) {
    status = (
      <Card className={styles.status}>
        <StateMessage>{_(DASHBOARD_TEXTS.loading)}</StateMessage>
      </Card>
    );
  }

  return (
    <>
      {analytics ? <SummaryCards analytics={analytics} /> : status}
      {analytics ? <RequestCards analytics={analytics} /> : null}
      {analytics ? dueCards(analytics.dueTasks) : null}
      <DashboardPreferencesCard
        preferences={preferences}
        onToggleSection={controls.toggleSection}
        onRangeDays={controls.setRangeDays}
        onTurnaroundDays={controls.setTurnaroundDays}
      />
      {analytics && isVisible('turnaroundTicker') ? (
        <TurnaroundTicker metrics={analytics.turnaroundMetrics} />
      ) : null}
      {analytics && isVisible('pmCompliance') ? (
        <PmComplianceSection compliance={analytics.pmCompliance} />
      ) : null}
      {analytics ? <WorkSection rangeDays={preferences.rangeDays} /> : null}
      {analytics && isVisible('maintenanceHistory') ? (
        <MaintenanceHistorySection analytics={analytics} />
      ) : null}
      {analytics && isVisible('userPerformance') ? <TeamPerformanceSection analytics={analytics} /> : null}
    </>
  );
}
