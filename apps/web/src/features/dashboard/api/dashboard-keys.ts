/** react-query keys of everything the dashboard shows; "Refresh data" invalidates `all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  pendingTasks: () => [...dashboardKeys.all, 'pending-tasks'] as const,
  /** One page of the pending tasks; invalidating `pendingTasks()` reloads every page. */
  pendingTasksPage: (page: number) => [...dashboardKeys.pendingTasks(), { page }] as const,
  /** Every analytics range; invalidating it reloads whichever is on screen. */
  allAnalytics: () => [...dashboardKeys.all, 'analytics'] as const,
  analytics: (rangeDays: number, turnaroundDays: number) =>
    [...dashboardKeys.allAnalytics(), rangeDays, turnaroundDays] as const,
};
