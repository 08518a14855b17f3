import {
  ANALYTICS_HISTORY_LIMIT,
  ANALYTICS_TEAM_LIMIT,
  addDays,
  HISTORY_CHART_DAYS,
  localDate,
  OVERALL_METRIC_LABEL,
  PM_COMPLIANCE_ASSETS,
  type TDashboardAnalytics,
  type TPmCompliance,
  TURNAROUND_ASSET_METRICS,
} from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { getDueCounts } from '../events/index.ts';
import {
  busiestAssetsTurnaround,
  type CompletedPeriod,
  completedSummary,
  completionsPerDay,
  type DuePeriod,
  newestCompleted,
  pmComplianceOfAssets,
  pmComplianceOverall,
  requestFigures,
  requestsUpTo,
  teamPerformance,
} from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AnalyticsRequest {
  organizationId: string;
  /** Clamped: 1..365. */
  rangeDays: number;
  /** Clamped: 1..90. */
  turnaroundDays: number;
  /** The browser's time zone: the calendar days of the history chart. */
  timeZone: string;
  /** The organization's time zone: today, due dates and PM compliance (ADR 051). */
  organizationTimeZone: string;
  /** The end of both periods: the app's clock (tests pass a fixed instant). */
  now?: Date;
  /** How the figures are read; default `snapshot` (see FiguresRead). */
  figuresRead?: FiguresRead;
}

/**
 * How the dashboard reads its figures: in one read-only snapshot (PostgreSQL), so they agree with
 * each other; or statement by statement (the embedded database), where a transaction holds its one
 * session and every other request's statements would wait while the dashboard's JavaScript runs
 * between its own. There a completion recorded while the figures are read may show in some of them
 * and not yet in the others, until the next load (ADR 080).
 */
export type FiguresRead = 'snapshot' | 'statements';

/** The rolling period of `days` × 24 hours that ends at `now`, both ends included. */
function lastDays(organizationId: string, days: number, now: Date): CompletedPeriod {
  return { organizationId, from: new Date(now.getTime() - days * DAY_MS), to: now };
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/**
 * Above this many completions in the turnaround window, the busiest assets (a count per asset over
 * every completion of the window: no roll-up shrinks it) are computed at most once a minute per
 * organization and window on each instance (ADR 031). Past the minute the last answer is still
 * served while one request's worth of work refreshes it, so no request waits for the recount but the
 * first. Smaller windows are always computed afresh. The assets' PM compliance follows the same rule
 * on the number of scheduled tasks of the range (ADR 053), the cost and downtime on the number of
 * cost lines of the period (work-service.ts, ADR 131), and the requests' figures on the number of the
 * organization's requests (ADR 129).
 */
export const RECENT_ANSWER_CACHE = { minCompletions: 5_000, ttlMs: 60_000, maxEntries: 500 };
export type TRecentAnswerCache = typeof RECENT_ANSWER_CACHE;

interface RecentEntry {
  at: number;
  /** The computation under way or done; requests that arrive meanwhile share it. */
  rows: Promise<unknown>;
  /** The answer before this computation, served while it runs. */
  previous?: unknown;
}
const recentAnswers = new Map<string, RecentEntry>();

function computeRecent(
  key: string,
  compute: () => Promise<unknown>,
  at: number,
  cache: TRecentAnswerCache,
  previous: unknown,
): RecentEntry {
  const rows = compute();
  const entry: RecentEntry = { at, rows, ...(previous !== undefined ? { previous } : {}) };
  recentAnswers.delete(key);
  recentAnswers.set(key, entry);
  rows.then(
    (answer) => {
      // Settled: the answer is now the one served past the minute.
      if (recentAnswers.get(key) === entry) entry.previous = answer;
    },
    () => {
      // A failed count is not kept: the next request tries again (and meanwhile serves the old answer).
      if (recentAnswers.get(key) !== entry) return;
      if (previous !== undefined)
        recentAnswers.set(key, { at: 0, rows: Promise.resolve(previous), previous });
      else recentAnswers.delete(key);
    },
  );
  // Oldest first in a Map: past the bound, the entry set longest ago goes.
  if (recentAnswers.size > cache.maxEntries) recentAnswers.delete(recentAnswers.keys().next().value!);
  return entry;
}

/**
 * A per-asset figure of a big window (more than cache.minCompletions rows to read) at most a minute
 * old, the last answer served while one recount runs; a small window's is computed on every request.
 */
export async function recentAnswer<T>(
  key: string,
  rowsToRead: number,
  now: Date,
  cache: TRecentAnswerCache,
  compute: () => Promise<T>,
): Promise<T> {
  if (rowsToRead <= cache.minCompletions) return compute();
  const cached = recentAnswers.get(key);
  if (cached && now.getTime() - cached.at < cache.ttlMs)
    return (cached.previous ?? cached.rows) as Promise<T>;
  const settled = cached?.previous as T | undefined;
  const entry = computeRecent(key, compute, now.getTime(), cache, settled);
  return settled ?? (entry.rows as Promise<T>);
}

/** The PM compliance of the maintenance range: overall from the tallies, the lowest assets from the tasks. */
async function pmCompliance(
  db: DbOrTx,
  cache: TRecentAnswerCache,
  overall: Awaited<ReturnType<typeof pmComplianceOverall>>,
  period: DuePeriod,
  now: Date,
): Promise<TPmCompliance> {
  const assets = await recentAnswer(
    `pm:${period.organizationId}:${period.from}:${period.to}`,
    overall.scheduledTasks,
    now,
    cache,
    () =>
      overall.scheduledTasks === 0
        ? Promise.resolve([])
        : pmComplianceOfAssets(db, period, PM_COMPLIANCE_ASSETS),
  );
  return {
    from: period.from,
    to: period.to,
    ...complianceFigure(overall),
    assets: assets.map((asset) => ({ ...asset, ...complianceFigure(asset) })),
  };
}

function complianceFigure(counts: { scheduledTasks: number; completedOnTime: number }) {
  return {
    scheduledTasks: counts.scheduledTasks,
    completedOnTime: counts.completedOnTime,
    rate: counts.scheduledTasks > 0 ? counts.completedOnTime / counts.scheduledTasks : null,
  };
}

/** The dashboard's figures, every one an SQL aggregate or a bounded, indexed list. */
export async function dashboardAnalytics(
  db: DbOrTx,
  request: AnalyticsRequest,
  cache: TRecentAnswerCache = RECENT_ANSWER_CACHE,
): Promise<TDashboardAnalytics> {
  const now = request.now ?? new Date();
  const range = lastDays(request.organizationId, request.rangeDays, now);
  const window = lastDays(request.organizationId, request.turnaroundDays, now);

  // On PostgreSQL, one connection and one snapshot for the figures: a dashboard never takes a pool's
  // worth of connections from the other pages (ADR 034), and its figures agree with each other. The
  // embedded database reads them statement by statement (FiguresRead, ADR 080).
  const today = localDate(now, request.organizationTimeZone);
  const duePeriod: DuePeriod = {
    organizationId: request.organizationId,
    from: addDays(today, -request.rangeDays),
    to: addDays(today, -1),
    timeZone: request.organizationTimeZone,
  };
  const readFigures = async (tx: DbOrTx) => ({
    summary: await completedSummary(tx, range),
    buckets: await completionsPerDay(tx, range, request.timeZone, HISTORY_CHART_DAYS),
    history: await newestCompleted(tx, range, ANALYTICS_HISTORY_LIMIT),
    overall: await completedSummary(tx, window),
    team: await teamPerformance(tx, range, ANALYTICS_TEAM_LIMIT),
    dueTasks: await getDueCounts(tx, request.organizationId, today),
    pmOverall: await pmComplianceOverall(tx, duePeriod),
  });
  const { summary, buckets, history, overall, team, dueTasks, pmOverall } =
    request.figuresRead === 'statements'
      ? await readFigures(db)
      : await db.transaction(readFigures, { isolationLevel: 'repeatable read', accessMode: 'read only' });
  const busiest = await recentAnswer(
    `busiest:${window.organizationId}:${request.turnaroundDays}`,
    overall.count,
    now,
    cache,
    () => busiestAssetsTurnaround(db, window, TURNAROUND_ASSET_METRICS),
  );
  const compliance = await pmCompliance(db, cache, pmOverall, duePeriod, now);
  // Counting a tenant's requests reads each one (waiting, reported, triaged and their median): past
  // the threshold the figures are a minute old at most, as the busiest assets are.
  const requests = await recentAnswer(
    `requests:${request.organizationId}:${request.rangeDays}`,
    await requestsUpTo(db, request.organizationId, cache.minCompletions + 1),
    now,
    cache,
    () => requestFigures(db, range),
  );

  const turnaroundMetrics =
    overall.averageHours === null
      ? []
      : [
          {
            label: OVERALL_METRIC_LABEL,
            assetId: null,
            averageHours: overall.averageHours,
            sampleSize: overall.count,
          },
          ...busiest,
        ];
  return {
    rangeDays: request.rangeDays,
    turnaroundDays: request.turnaroundDays,
    timeZone: request.timeZone,
    summary: {
      completedEvents: summary.count,
      averageTurnaroundHours: summary.averageHours,
      activeJobs: team[0]?.totalActiveJobs ?? 0,
      activeUsers: team[0]?.totalUsers ?? 0,
    },
    historyBuckets: buckets,
    maintenanceHistory: history.map((event) => ({
      ...event,
      performedAt: event.performedAt.toISOString(),
      taskCompletedAt: iso(event.taskCompletedAt),
    })),
    turnaroundMetrics,
    overallTurnaroundHours: overall.averageHours,
    userPerformance: team.map(({ totalUsers: _users, totalActiveJobs: _jobs, ...member }) => member),
    dueTasks,
    pmCompliance: compliance,
    requests,
  };
}
