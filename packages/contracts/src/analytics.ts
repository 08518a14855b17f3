import { z } from 'zod';
import { ZDueCounts } from './events.ts';
import { englishMessages } from './messages.ts';

/** The dashboard's day counts (docs/product/analytics.md#periods): rounded, then clamped to these bounds. */
export const DASHBOARD_DAY_LIMITS = {
  rangeDays: { min: 1, max: 365, default: 30 },
  turnaroundDays: { min: 1, max: 90, default: 14 },
} as const;
export type TDayLimits = { min: number; max: number };

export const TICKER_INTERVAL_MS = 5000;
/** The history chart shows the last 7 days that have events. */
export const HISTORY_CHART_DAYS = 7;
/** Minimum bar widths in percent (docs/product/dashboard.md#maintenance-history, #team-performance); the completion bar only when above 0. */
export const MIN_BAR_PERCENT = { completed: 8, leadTime: 6, history: 5 } as const;
/** The newest completed events the history table lists; the counts cover all of them. */
export const ANALYTICS_HISTORY_LIMIT = 100;
/** The team members listed, most completed jobs first; the totals cover everyone. */
export const ANALYTICS_TEAM_LIMIT = 50;
/** Assets with a turnaround metric of their own, after "Overall". */
export const TURNAROUND_ASSET_METRICS = 5;
export const OVERALL_METRIC_LABEL = 'Overall';
/** Assets listed with their own PM compliance, lowest first. */
export const PM_COMPLIANCE_ASSETS = 10;

/** A day count rounded and clamped to its bounds; null when the input is not a number (ignored). */
export function clampDays(input: unknown, limits: TDayLimits): number | null {
  let value = Number.NaN;
  if (typeof input === 'number') value = input;
  else if (typeof input === 'string' && input.trim() !== '') value = Number(input);
  if (!Number.isFinite(value)) return null;
  return Math.min(limits.max, Math.max(limits.min, Math.round(value)));
}

/** An IANA time zone name this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const ANALYTICS_MESSAGES = {
  ...englishMessages({
    rangeDaysInvalid: /*i18n*/ {
      id: 'analytics.rangeDaysInvalid',
      message: 'rangeDays must be a number of days.',
    },
    turnaroundDaysInvalid: /*i18n*/ {
      id: 'analytics.turnaroundDaysInvalid',
      message: 'turnaroundDays must be a number of days.',
    },
    timeZoneInvalid: /*i18n*/ {
      id: 'analytics.timeZoneInvalid',
      message: 'timeZone must be an IANA time zone name, such as Europe/Berlin.',
    },
  }),
} as const;

function dayCount(limits: (typeof DASHBOARD_DAY_LIMITS)[keyof typeof DASHBOARD_DAY_LIMITS], message: string) {
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((input, context) => {
      if (input === undefined || input === '') return limits.default;
      const days = clampDays(input, limits);
      if (days === null) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return days;
    });
}

/**
 * GET /api/admin/dashboard/analytics. Day counts are rounded and clamped (1..365, 1..90); the time
 * zone only decides which calendar day an event falls on in the history chart (default UTC).
 */
export const ZAnalyticsQuery = z.object({
  rangeDays: dayCount(DASHBOARD_DAY_LIMITS.rangeDays, ANALYTICS_MESSAGES.rangeDaysInvalid),
  turnaroundDays: dayCount(DASHBOARD_DAY_LIMITS.turnaroundDays, ANALYTICS_MESSAGES.turnaroundDaysInvalid),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: ANALYTICS_MESSAGES.timeZoneInvalid })
    .optional()
    .transform((zone) => zone ?? 'UTC'),
});
export type TAnalyticsQuery = z.input<typeof ZAnalyticsQuery>;

/** A completed event in the maintenance range, newest completion first. */
export const ZHistoryEvent = z.object({
  eventId: z.string(),
  assetId: z.string(),
  assetName: z.string(),
  assetSlug: z.string(),
  title: z.string(),
  performedAt: z.string(),
  taskCompletedAt: z.string().nullable(),
  recordedBy: z.string().nullable(),
  /** taskCompletedAt − event creation, in hours. */
  turnaroundHours: z.number().nullable(),
});
export type THistoryEvent = z.infer<typeof ZHistoryEvent>;

/** Events per calendar day (YYYY-MM-DD in the requested time zone), oldest day first. */
export const ZHistoryBucket = z.object({ date: z.string(), count: z.number().int() });
export type THistoryBucket = z.infer<typeof ZHistoryBucket>;

export const ZTurnaroundMetric = z.object({
  label: z.string(),
  /** The asset the metric is about; null for "Overall". */
  assetId: z.string().nullable(),
  averageHours: z.number(),
  sampleSize: z.number().int(),
});
export type TTurnaroundMetric = z.infer<typeof ZTurnaroundMetric>;

export const ZUserPerformance = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** Tasks the user started that are not completed yet. */
  activeJobs: z.number().int(),
  /** Tasks the user completed in the range. */
  completedJobs: z.number().int(),
  /** Average of taskCompletedAt − taskStartedAt over those, in hours. */
  averageLeadTimeHours: z.number().nullable(),
});
export type TUserPerformance = z.infer<typeof ZUserPerformance>;

/** PM compliance of one asset, or of the organization (docs/product/analytics.md#pm-compliance). */
export const ZPmComplianceFigure = z.object({
  /** Tasks from schedules whose due date falls in the period. */
  scheduledTasks: z.number().int(),
  /** Those completed on or before their due date (the organization's calendar). */
  completedOnTime: z.number().int(),
  /** completedOnTime / scheduledTasks, from 0 to 1; null without scheduled tasks. */
  rate: z.number().nullable(),
});
export type TPmComplianceFigure = z.infer<typeof ZPmComplianceFigure>;

export const ZAssetPmCompliance = ZPmComplianceFigure.extend({
  assetId: z.string(),
  assetName: z.string(),
  assetSlug: z.string(),
});

export const ZPmCompliance = ZPmComplianceFigure.extend({
  /** The due dates counted: the rangeDays calendar days before today, today excluded (it is not over). */
  from: z.string(),
  to: z.string(),
  /** Up to PM_COMPLIANCE_ASSETS assets with scheduled tasks in the period, lowest compliance first. */
  assets: z.array(ZAssetPmCompliance),
});
export type TPmCompliance = z.infer<typeof ZPmCompliance>;

export const ZDashboardAnalytics = z.object({
  /** The clamped parameters the figures were computed with. */
  rangeDays: z.number().int(),
  turnaroundDays: z.number().int(),
  timeZone: z.string(),
  summary: z.object({
    /** Completed events in the range. */
    completedEvents: z.number().int(),
    /** Their average turnaround in hours. */
    averageTurnaroundHours: z.number().nullable(),
    /** Open tasks started by the team (sum of userPerformance's activeJobs, all users). */
    activeJobs: z.number().int(),
    /** Users with maintenance activity (all of them, not only the listed ones). */
    activeUsers: z.number().int(),
  }),
  /** Last 7 calendar days with completions in the range. */
  historyBuckets: z.array(ZHistoryBucket),
  /** The newest completed events in the range (at most ANALYTICS_HISTORY_LIMIT). */
  maintenanceHistory: z.array(ZHistoryEvent),
  /** "Overall" over the turnaround window first, then up to 5 assets with the most completed jobs. */
  turnaroundMetrics: z.array(ZTurnaroundMetric),
  overallTurnaroundHours: z.number().nullable(),
  /** Users with activity, most completed jobs first (at most ANALYTICS_TEAM_LIMIT). */
  userPerformance: z.array(ZUserPerformance),
  /** The open tasks overdue and due in the next 7 days (the "Overdue" and "Due in the next 7 days" cards). */
  dueTasks: ZDueCounts,
  /** The share of scheduled tasks completed by their due date over the maintenance range. */
  pmCompliance: ZPmCompliance,
  /** Requests from the QR code (docs/product/requests.md#what-happens). */
  requests: z.object({
    /** New requests waiting for triage now. */
    waiting: z.number().int(),
    /** Of those, the unsafe ones. */
    waitingUnsafe: z.number().int(),
    /** Requests reported in the range (rangeDays). */
    reported: z.number().int(),
    /** Requests triaged (accepted, merged or closed) in the range. */
    triaged: z.number().int(),
    /** The median of triage time − report time over those, in hours; null when none. */
    medianTriageHours: z.number().nullable(),
  }),
});
export type TDashboardAnalytics = z.infer<typeof ZDashboardAnalytics>;

/** The dashboard's sections a user can show or hide (the documented order is the default: docs/product/dashboard.md#dashboard-preferences). */
export const DASHBOARD_SECTIONS = [
  'pendingTasks',
  'maintenanceHistory',
  'turnaroundTicker',
  'userPerformance',
  'pmCompliance',
] as const;
export type TDashboardSection = (typeof DASHBOARD_SECTIONS)[number];
