import {
  ANALYTICS_HISTORY_LIMIT,
  ANALYTICS_TEAM_LIMIT,
  HISTORY_CHART_DAYS,
  OVERALL_METRIC_LABEL,
  type TDashboardAnalytics,
  TURNAROUND_ASSET_METRICS,
} from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  busiestAssetsTurnaround,
  type CompletedPeriod,
  completedSummary,
  completionsPerDay,
  newestCompleted,
  teamPerformance,
} from './queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AnalyticsRequest {
  organizationId: string;
  /** Clamped: 1..365. */
  rangeDays: number;
  /** Clamped: 1..90. */
  turnaroundDays: number;
  timeZone: string;
  /** The end of both periods (tests pass a fixed instant). */
  now?: Date;
}

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
 * first. Smaller windows are always computed afresh.
 */
export const BUSIEST_ASSETS_CACHE = { minCompletions: 50_000, ttlMs: 60_000, maxEntries: 500 };
export type TBusiestAssetsCache = typeof BUSIEST_ASSETS_CACHE;
type BusiestAssets = Awaited<ReturnType<typeof busiestAssetsTurnaround>>;
interface BusiestEntry {
  at: number;
  /** The computation under way or done; requests that arrive meanwhile share it. */
  rows: Promise<BusiestAssets>;
  /** The answer before this computation, served while it runs. */
  previous?: BusiestAssets;
}
const busiestCache = new Map<string, BusiestEntry>();

function computeBusiest(
  db: DbOrTx,
  key: string,
  window: CompletedPeriod,
  at: number,
  cache: TBusiestAssetsCache,
  previous: BusiestAssets | undefined,
): BusiestEntry {
  const rows = busiestAssetsTurnaround(db, window, TURNAROUND_ASSET_METRICS);
  const entry: BusiestEntry = { at, rows, ...(previous ? { previous } : {}) };
  busiestCache.delete(key);
  busiestCache.set(key, entry);
  rows.then(
    (answer) => {
      // Settled: the answer is now the one served past the minute.
      if (busiestCache.get(key) === entry) entry.previous = answer;
    },
    () => {
      // A failed count is not kept: the next request tries again (and meanwhile serves the old answer).
      if (busiestCache.get(key) !== entry) return;
      if (previous) busiestCache.set(key, { at: 0, rows: Promise.resolve(previous), previous });
      else busiestCache.delete(key);
    },
  );
  // Oldest first in a Map: past the bound, the entry set longest ago goes.
  if (busiestCache.size > cache.maxEntries) busiestCache.delete(busiestCache.keys().next().value!);
  return entry;
}

async function busiestAssets(
  db: DbOrTx,
  cache: TBusiestAssetsCache,
  window: CompletedPeriod,
  days: number,
  completions: number,
  now: Date,
): Promise<BusiestAssets> {
  if (completions <= cache.minCompletions) {
    return busiestAssetsTurnaround(db, window, TURNAROUND_ASSET_METRICS);
  }
  const key = `${window.organizationId}:${days}`;
  const cached = busiestCache.get(key);
  if (cached && now.getTime() - cached.at < cache.ttlMs) return cached.previous ?? cached.rows;
  const settled = cached?.previous;
  const entry = computeBusiest(db, key, window, now.getTime(), cache, settled);
  return settled ?? entry.rows;
}

/** The dashboard's figures, every one an SQL aggregate or a bounded, indexed list. */
export async function dashboardAnalytics(
  db: DbOrTx,
  request: AnalyticsRequest,
  cache: TBusiestAssetsCache = BUSIEST_ASSETS_CACHE,
): Promise<TDashboardAnalytics> {
  const now = request.now ?? new Date();
  const range = lastDays(request.organizationId, request.rangeDays, now);
  const window = lastDays(request.organizationId, request.turnaroundDays, now);

  // One connection and one snapshot for the figures: a dashboard never takes a pool's worth of
  // connections from the other pages (ADR 034), and its figures agree with each other.
  const { summary, buckets, history, overall, team } = await db.transaction(
    async (tx) => ({
      summary: await completedSummary(tx, range),
      buckets: await completionsPerDay(tx, range, request.timeZone, HISTORY_CHART_DAYS),
      history: await newestCompleted(tx, range, ANALYTICS_HISTORY_LIMIT),
      overall: await completedSummary(tx, window),
      team: await teamPerformance(tx, range, ANALYTICS_TEAM_LIMIT),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const busiest = await busiestAssets(db, cache, window, request.turnaroundDays, overall.count, now);

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
  };
}
