import { z } from 'zod';
import { DASHBOARD_DAY_LIMITS } from './analytics.ts';
import { englishMessages } from './messages.ts';
import { TASK_PRIORITIES } from './task-work-messages.ts';

/** Assets the dashboard lists with their cost and downtime, costliest first; the CSV has them all. */
export const WORK_ANALYTICS_ASSETS = 10;

/** The ages of open tasks the backlog counts them by (docs/product/analytics.md#cost-and-downtime), in days: up to 7, 30, 90, older. */
export const BACKLOG_AGE_BUCKETS = ['week', 'month', 'quarter', 'older'] as const;
export type TBacklogAge = (typeof BACKLOG_AGE_BUCKETS)[number];
/** The upper bound of each bucket in days (the last has none). */
export const BACKLOG_AGE_DAYS: Record<Exclude<TBacklogAge, 'older'>, number> = {
  week: 7,
  month: 30,
  quarter: 90,
};

export const WORK_ANALYTICS_MESSAGES = {
  ...englishMessages({
    rangeDaysInvalid: /*i18n*/ {
      id: 'workAnalytics.rangeDaysInvalid',
      message: 'rangeDays must be a whole number of days from 1 to 365.',
    },
  }),
} as const;

/** GET /api/admin/dashboard/work and /work.csv: the last rangeDays days (1..365, default 30). */
export const ZWorkAnalyticsQuery = z.object({
  rangeDays: z.coerce
    .number({ message: WORK_ANALYTICS_MESSAGES.rangeDaysInvalid })
    .int({ message: WORK_ANALYTICS_MESSAGES.rangeDaysInvalid })
    .min(DASHBOARD_DAY_LIMITS.rangeDays.min, { message: WORK_ANALYTICS_MESSAGES.rangeDaysInvalid })
    .max(DASHBOARD_DAY_LIMITS.rangeDays.max, { message: WORK_ANALYTICS_MESSAGES.rangeDaysInvalid })
    .default(DASHBOARD_DAY_LIMITS.rangeDays.default),
});
export type TWorkAnalyticsQuery = z.input<typeof ZWorkAnalyticsQuery>;

/** The tables of the figures' CSV: per asset (all of them), per month, the backlog. */
export const WORK_CSV_TABLES = ['assets', 'months', 'backlog'] as const;
export type TWorkCsvTable = (typeof WORK_CSV_TABLES)[number];

/** GET /api/admin/dashboard/work.csv: one table of the figures. */
export const ZWorkCsvQuery = ZWorkAnalyticsQuery.extend({ table: z.enum(WORK_CSV_TABLES).default('assets') });
export type TWorkCsvQuery = z.input<typeof ZWorkCsvQuery>;

/** An asset's cost, time and downtime over the period (docs/product/analytics.md#cost-and-downtime). */
export const ZAssetWork = z.object({
  assetId: z.string(),
  assetName: z.string(),
  /** Cost lines of tasks completed in the period, in minor units of `currency`. */
  costMinor: z.number().int(),
  /** Time spent on those tasks, in minutes. */
  minutes: z.number().int(),
  /** Downtimes that started in the period. */
  failures: z.number().int(),
  /** Their length within the period (open ones up to its end), in minutes. */
  downtimeMinutes: z.number().int(),
  /** Mean time to repair: the average length of those that ended, in minutes; null when none ended. */
  mttrMinutes: z.number().nullable(),
  /** Mean time between failures: the period's uptime divided by the failures, in hours; null without failures. */
  mtbfHours: z.number().nullable(),
});
export type TAssetWork = z.infer<typeof ZAssetWork>;

/** Cost and time of one calendar month (YYYY-MM, the organization's time zone). */
export const ZPeriodWork = z.object({
  month: z.string(),
  costMinor: z.number().int(),
  minutes: z.number().int(),
});
export type TPeriodWork = z.infer<typeof ZPeriodWork>;

/** Open tasks of one priority, by age. */
export const ZBacklogRow = z.object({
  priority: z.enum(TASK_PRIORITIES),
  week: z.number().int(),
  month: z.number().int(),
  quarter: z.number().int(),
  older: z.number().int(),
});
export type TBacklogRow = z.infer<typeof ZBacklogRow>;

export const ZWorkAnalytics = z.object({
  rangeDays: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** The organization's currency (ISO 4217) the money is in. */
  currency: z.string(),
  totals: z.object({
    costMinor: z.number().int(),
    minutes: z.number().int(),
    failures: z.number().int(),
    downtimeMinutes: z.number().int(),
    /** Over every downtime that ended in the period. */
    mttrMinutes: z.number().nullable(),
  }),
  /** Up to WORK_ANALYTICS_ASSETS assets with cost or downtime, costliest first, then most downtime. */
  assets: z.array(ZAssetWork),
  /** Each month of the period with cost or time, oldest first. */
  months: z.array(ZPeriodWork),
  /** Open tasks by priority (most urgent first) and age. */
  backlog: z.array(ZBacklogRow),
});
export type TWorkAnalytics = z.infer<typeof ZWorkAnalytics>;
