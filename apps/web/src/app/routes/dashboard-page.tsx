import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { dashboardKeys } from '#web/features/dashboard/api/dashboard-keys.ts';
import { AdminAnalytics } from '#web/features/dashboard/components/admin-analytics.tsx';
import { useDashboardPreferences } from '#web/features/dashboard/hooks/use-dashboard-preferences.ts';
import { taskKeys } from '#web/features/events/api/task-keys.ts';
import { DueTaskCards, DueTaskCardsFromCounts } from '#web/features/events/components/due-task-cards.tsx';
import { PendingTasksSection } from '#web/features/events/components/pending-tasks-section.tsx';
import { taskFiltersOf } from '#web/features/events/lib/task-filters.ts';
import { SampleDataNotice, SampleDataOffer } from '#web/features/sample-data/index.ts';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import styles from './dashboard-page.module.css';

/** The dashboard page's own words; its sections' are their features'. */
export const DASHBOARD_PAGE_TEXTS = {
  title: msg`Operations dashboard`,
  subtitle: msg`Monitor maintenance workload and analytics in one place.`,
  createAsset: msg`Create asset`,
  viewAssets: msg`View assets`,
  refresh: msg`Refresh data`,
};

/**
 * /dashboard: the administrators' figures (features/dashboard), the due cards and the pending tasks
 * (features/events). Members' due cards read the due counts; administrators', their analytics.
 */
export function DashboardPage() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const isAdmin = isAdminUser(useAuth());
  const controls = useDashboardPreferences();
  const filters = taskFiltersOf(useSearchParams()[0]);
  // A link to the filtered list (a due card's) shows it even where the preferences hide it.
  const showTasks =
    !isAdmin || controls.isVisible('pendingTasks') || filters.due !== undefined || filters.mine;
  // A started or completed task changes the figures and the due counts too.
  const reloadFigures = () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.allAnalytics() });
    void queryClient.invalidateQueries({ queryKey: taskKeys.dueCounts() });
  };
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
  };
  return (
    <>
      <title>{`${_(DASHBOARD_PAGE_TEXTS.title)} · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title={_(DASHBOARD_PAGE_TEXTS.title)}
        subtitle={_(DASHBOARD_PAGE_TEXTS.subtitle)}
        actions={
          <>
            <ButtonLink to="/assets/new">{_(DASHBOARD_PAGE_TEXTS.createAsset)}</ButtonLink>
            <ButtonLink to="/assets" variant="secondary">
              {_(DASHBOARD_PAGE_TEXTS.viewAssets)}
            </ButtonLink>
            <Button variant="secondary" onClick={refresh}>
              {_(DASHBOARD_PAGE_TEXTS.refresh)}
            </Button>
          </>
        }
      />
      <div className={styles.sections}>
        <SampleDataNotice />
        <SampleDataOffer />
        {isAdmin ? (
          <AdminAnalytics controls={controls} dueCards={(counts) => <DueTaskCards counts={counts} />} />
        ) : (
          <DueTaskCardsFromCounts />
        )}
        {/* Members have no preferences card: they always see their pending tasks. */}
        {showTasks ? <PendingTasksSection onTaskChanged={reloadFigures} /> : null}
      </div>
    </>
  );
}
