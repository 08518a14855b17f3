import type { TDashboardSection, TDayLimits } from '@mqr/contracts';

export const DASHBOARD_SECTION_LABELS: Record<TDashboardSection, string> = {
  pendingTasks: 'Pending maintenance tasks',
  maintenanceHistory: 'Maintenance history',
  turnaroundTicker: 'Turnaround ticker',
  userPerformance: 'Team performance',
  pmCompliance: 'PM compliance',
};

/** The dashboard's words: figures, sections, preferences and the ticker. */
export const DASHBOARD_TEXTS = {
  notAvailable: 'N/A',
  loading: 'Loading analytics...',
  loadFailed: 'Unable to load analytics at the moment.',
  completedJobs: 'Completed jobs',
  lastDays: (days: number) => `Last ${days} days`,
  avgTurnaround: 'Avg. turnaround',
  acrossAssets: 'Across tracked assets',
  activeJobs: 'Active jobs',
  ownedByTeam: 'Owned by your team',
  activeUsers: 'Active users',
  withActivity: 'With maintenance activity',
  preferencesTitle: 'Dashboard preferences',
  rangeLabel: 'Maintenance range (days)',
  windowLabel: 'Turnaround window (days)',
  dayBounds: (limits: TDayLimits) => `${limits.min} to ${limits.max} days.`,
  sectionsLegend: 'Sections',
  lastSectionHint: 'At least one section stays visible.',
  pause: 'Pause',
  resume: 'Resume',
  tickerTitle: 'Turnaround ticker',
  tickerEmpty: 'Not enough completed maintenance to calculate turnaround.',
  basedOn: (jobs: number) => `Based on ${jobs} job(s)`,
  overallAverage: 'Overall average',
  historyTitle: 'Maintenance history',
  chartEmpty: 'Awaiting recent completions to build a trend.',
  historyEmpty: 'No maintenance completed in this period.',
  teamSection: 'Team performance',
  teamTitle: 'Active user throughput',
  teamSubtitle: (jobs: number) => `${jobs} active job(s) tracked`,
  teamEmpty: 'No active users with maintenance activity in this period.',
  pmTitle: 'PM compliance',
  pmSubtitle: (from: string, to: string) => `Scheduled tasks completed by their due date, ${from} to ${to}`,
  pmOnTime: (onTime: number, scheduled: number) => `${onTime} of ${scheduled} on time`,
  pmEmpty: 'No scheduled task fell due in this period.',
  pmLowest: 'Lowest compliance',
  pmAsset: 'Asset',
  pmScheduled: 'Scheduled',
  pmCompletedOnTime: 'On time',
  pmRate: 'Compliance',
} as const;

/** A share from 0 to 1 as a whole percentage ("87%"), or N/A. */
export function formatRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? DASHBOARD_TEXTS.notAvailable : `${Math.round(rate * 100)}%`;
}

/** Hours with one decimal (docs/product/overview.md#formats), or N/A. */
export function formatHours(hours: number | null | undefined): string {
  return hours === null || hours === undefined ? DASHBOARD_TEXTS.notAvailable : hours.toFixed(1);
}
