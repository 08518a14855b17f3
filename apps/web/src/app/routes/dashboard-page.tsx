import { PRODUCT_NAME } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '#web/components/ui/button.tsx';
import { ButtonLink } from '#web/components/ui/button-link.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { dashboardKeys } from '#web/features/dashboard/api/dashboard-keys.ts';
import { AdminAnalytics } from '#web/features/dashboard/components/admin-analytics.tsx';
import { useDashboardPreferences } from '#web/features/dashboard/hooks/use-dashboard-preferences.ts';
import { taskKeys } from '#web/features/events/api/task-keys.ts';
import { PendingTasksSection } from '#web/features/events/components/pending-tasks-section.tsx';
import { isAdminUser, useAuth } from '#web/lib/auth-store.ts';
import styles from './dashboard-page.module.css';

/** /dashboard: the administrators' figures (features/dashboard) and the pending tasks (features/events). */
export function DashboardPage() {
  const queryClient = useQueryClient();
  const isAdmin = isAdminUser(useAuth());
  const controls = useDashboardPreferences();
  // A started or completed task changes the figures too (only administrators have them).
  const reloadFigures = () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.allAnalytics() });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    void queryClient.invalidateQueries({ queryKey: taskKeys.pending() });
  };
  return (
    <>
      <title>{`Operations dashboard · ${PRODUCT_NAME}`}</title>
      <PageHeader
        title="Operations dashboard"
        subtitle="Monitor maintenance workload and analytics in one place."
        actions={
          <>
            <ButtonLink to="/assets/new">Create asset</ButtonLink>
            <ButtonLink to="/assets" variant="secondary">
              View assets
            </ButtonLink>
            <Button variant="secondary" onClick={refresh}>
              Refresh data
            </Button>
          </>
        }
      />
      <div className={styles.sections}>
        {isAdmin ? <AdminAnalytics controls={controls} /> : null}
        {/* Members have no preferences card: they always see their pending tasks. */}
        {!isAdmin || controls.isVisible('pendingTasks') ? (
          <PendingTasksSection onTaskChanged={reloadFigures} />
        ) : null}
      </div>
    </>
  );
}
