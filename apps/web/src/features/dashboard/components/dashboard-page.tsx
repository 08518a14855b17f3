import { PRODUCT_NAME } from '@mqr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { dashboardKeys } from '../api/dashboard-keys.ts';
import styles from './dashboard-page.module.css';
import { PendingTasksSection } from './pending-tasks-section.tsx';

export function DashboardPage() {
  const queryClient = useQueryClient();
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
        <PendingTasksSection />
      </div>
    </>
  );
}
