import { PRODUCT_NAME } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isAdminUser, useAuth } from '../../../lib/auth-store.ts';
import { dashboardKeys } from '../api/dashboard-keys.ts';
import { useDashboardPreferences } from '../hooks/use-dashboard-preferences.ts';
import { AdminAnalytics } from './admin-analytics.tsx';
import styles from './dashboard-page.module.css';
import { PendingTasksSection } from './pending-tasks-section.tsx';

export function DashboardPage() {
  const queryClient = useQueryClient();
  const isAdmin = isAdminUser(useAuth());
  const controls = useDashboardPreferences();
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
            <Button
              variant="secondary"
              onClick={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all })}
            >
              Refresh data
            </Button>
          </>
        }
      />
      <div className={styles.sections}>
        {isAdmin ? <AdminAnalytics controls={controls} /> : null}
        {/* Members have no preferences card: they always see their pending tasks. */}
        {!isAdmin || controls.isVisible('pendingTasks') ? <PendingTasksSection /> : null}
      </div>
    </>
  );
}
