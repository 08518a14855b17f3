/** react-query keys of the dashboard's figures; "Refresh data" invalidates `all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** Every analytics range; invalidating it reloads whichever is on screen. */
  allAnalytics: () => [...dashboardKeys.all, 'analytics'] as const,
  analytics: (rangeDays: number, turnaroundDays: number) =>
    [...dashboardKeys.allAnalytics(), rangeDays, turnaroundDays] as const,
  work: (rangeDays: number) => [...dashboardKeys.all, 'work', rangeDays] as const,
};
