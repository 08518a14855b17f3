import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { TDashboardSection } from '@mqr/contracts';
import { formatNumber } from '#web/lib/dates.ts';
import { intlLocale } from '#web/lib/i18n.ts';

export const DASHBOARD_SECTION_LABELS: Record<TDashboardSection, MessageDescriptor> = {
  pendingTasks: msg`Pending maintenance tasks`,
  maintenanceHistory: msg`Maintenance history`,
  turnaroundTicker: msg`Turnaround ticker`,
  userPerformance: msg`Team performance`,
  pmCompliance: msg`PM compliance`,
};

/** The dashboard's words: figures, sections, preferences and the ticker (translated, docs/translating.md). */
export const DASHBOARD_TEXTS = {
  notAvailable: msg`N/A`,
  loading: msg`Loading analytics...`,
  loadFailed: msg`Unable to load analytics at the moment.`,
  retry: msg`Retry`,
  summary: msg`Summary`,
  completedJobs: msg`Completed jobs`,
  lastDays: (days: number) => msg`${plural(days, { one: 'Last # day', other: 'Last # days' })}`,
  avgTurnaround: msg`Avg. turnaround`,
  /** The unit after an hour figure ("12.3 hrs"), in smaller type. */
  hoursUnit: msg`hrs`,
  // Requests from the QR code (docs/product/requests.md#what-happens).
  requests: msg`Requests`,
  requestsWaiting: msg`Requests waiting`,
  requestsUnsafe: (count: number) => msg`${count} unsafe: open the requests`,
  requestsNoneUnsafe: msg`Open the requests`,
  medianTriage: msg`Median time to triage`,
  medianTriageCaption: (count: number, days: number) =>
    msg`${plural(count, { one: '# request triaged', other: '# requests triaged' })} in ${days} days`,
  /** `hours` already formatted (formatHours). */
  hours: (hours: string) => msg`${hours} hrs`,
  acrossAssets: msg`Across tracked assets`,
  activeJobs: msg`Active jobs`,
  ownedByTeam: msg`Owned by your team`,
  activeUsers: msg`Active users`,
  withActivity: msg`With maintenance activity`,
  preferencesTitle: msg`Dashboard preferences`,
  rangeLabel: msg`Maintenance range (days)`,
  windowLabel: msg`Turnaround window (days)`,
  /** The limits already formatted (formatNumber). */
  dayBounds: (min: string, max: string) => msg`${min} to ${max} days.`,
  sectionsLegend: msg`Sections`,
  lastSectionHint: msg`At least one section stays visible.`,
  pause: msg`Pause`,
  resume: msg`Resume`,
  tickerTitle: msg`Turnaround ticker`,
  tickerEmpty: msg`Not enough completed maintenance to calculate turnaround.`,
  /** The metric of all assets (the server's "Overall"). */
  overall: msg`Overall`,
  basedOn: (jobs: number) => msg`${plural(jobs, { one: 'Based on # job(s)', other: 'Based on # job(s)' })}`,
  /** `hours` already formatted (formatHours). */
  overallAverage: (hours: string) => msg`Overall average: ${hours} hrs`,
  /** Which metric the ticker shows: "1 of 3" (numbers already formatted). */
  position: (position: string, count: string) => msg`${position} of ${count}`,
  historyTitle: msg`Maintenance history`,
  chartLabel: msg`Completions per day`,
  chartEmpty: msg`Awaiting recent completions to build a trend.`,
  historyEmpty: msg`No maintenance completed in this period.`,
  historyAsset: msg`Asset`,
  historyTask: msg`Task`,
  historyPerformed: msg`Performed`,
  historyCompleted: msg`Completed`,
  historyRecordedBy: msg`Recorded by`,
  historyTurnaround: msg`Turnaround hrs`,
  teamSection: msg`Team performance`,
  teamTitle: msg`Active user throughput`,
  teamSubtitle: (jobs: number) =>
    msg`${plural(jobs, { one: '# active job(s) tracked', other: '# active job(s) tracked' })}`,
  teamEmpty: msg`No active users with maintenance activity in this period.`,
  teamCompleted: (count: number) => msg`${plural(count, { one: '# completed', other: '# completed' })}`,
  teamActive: (count: number) => msg`${plural(count, { one: '# active', other: '# active' })}`,
  /** `hours` already formatted (formatHours). */
  teamLead: (hours: string) => msg`Avg lead ${hours} hrs`,
  teamLeadNone: msg`Avg lead N/A`,
  teamUser: msg`User`,
  teamActiveJobs: msg`Active jobs`,
  teamCompletedJobs: msg`Completed jobs`,
  teamLeadHours: msg`Avg lead time hrs`,
  pmTitle: msg`PM compliance`,
  /** Dates already formatted (formatCalendarDate). */
  pmSubtitle: (from: string, to: string) =>
    msg`Scheduled tasks completed by their due date, ${from} to ${to}`,
  /** Numbers already formatted (formatNumber). */
  pmOnTime: (onTime: string, scheduled: string) => msg`${onTime} of ${scheduled} on time`,
  pmEmpty: msg`No scheduled task fell due in this period.`,
  pmLowest: msg`Lowest compliance`,
  pmAsset: msg`Asset`,
  pmScheduled: msg`Scheduled`,
  pmCompletedOnTime: msg`On time`,
  pmRate: msg`Compliance`,
};

const percents = new Map<string, Intl.NumberFormat>();

/** A share from 0 to 1 as a whole percentage in the active language ("87%", "87 %"), or N/A. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return i18n._(DASHBOARD_TEXTS.notAvailable);
  const locale = intlLocale();
  let format = percents.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    percents.set(locale, format);
  }
  return format.format(rate);
}

/** Hours with one decimal in the active language (docs/product/overview.md#formats), or N/A. */
export function formatHours(hours: number | null | undefined): string {
  return hours === null || hours === undefined
    ? i18n._(DASHBOARD_TEXTS.notAvailable)
    : formatNumber(hours, 1);
}

/** The cost and downtime section (docs/product/analytics.md#cost-and-downtime). */
export const WORK_ANALYTICS_TEXTS = {
  title: msg`Cost and downtime`,
  /** `days` the range. */
  subtitle: (days: number) => msg`Tasks completed and downtimes started in the last ${days} days.`,
  loadFailed: msg`Unable to load the cost and downtime figures.`,
  cost: msg`Cost`,
  timeSpent: msg`Time spent`,
  downtime: msg`Downtime`,
  mttr: msg`MTTR`,
  mttrLong: msg`Mean time to repair`,
  mtbf: msg`MTBF`,
  mtbfLong: msg`Mean time between failures`,
  failures: msg`Downtimes`,
  asset: msg`Asset`,
  costliest: msg`Costliest assets`,
  none: msg`No costs, time or downtime recorded in this range.`,
  backlog: msg`Open tasks by priority and age`,
  priority: msg`Priority`,
  week: msg`Up to 7 days`,
  month: msg`8–30 days`,
  quarter: msg`31–90 days`,
  older: msg`Over 90 days`,
  download: msg`Download CSV`,
  downloadFailed: msg`The CSV could not be downloaded.`,
  /** `hours` already formatted. */
  hours: (hours: string) => msg`${hours} h`,
  notAvailable: msg`—`,
};
