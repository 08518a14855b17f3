import {
  BACKLOG_AGE_DAYS,
  priorityOfRank,
  TASK_PRIORITIES,
  type TAssetWork,
  type TBacklogRow,
  type TWorkAnalytics,
  WORK_ANALYTICS_ASSETS,
} from '@mqr/contracts';
import { and, asc, between, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { countUpTo } from '#server/db/count.ts';
import { taskCostLines } from '#server/db/schema.ts';
import { RECENT_ANSWER_CACHE, recentAnswer, type TRecentAnswerCache } from './service.ts';
import {
  type AssetWorkRow,
  assetWork,
  backlogByPriority,
  downtimeTotals,
  monthlyWork,
  type WorkPeriod,
} from './work-queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface WorkAnalyticsRequest {
  organizationId: string;
  /** The organization's time zone: the calendar months. */
  timeZone: string;
  currency: string;
  rangeDays: number;
  now: Date;
}

const periodOf = (request: WorkAnalyticsRequest): WorkPeriod => ({
  organizationId: request.organizationId,
  from: new Date(request.now.getTime() - request.rangeDays * DAY_MS),
  to: request.now,
});

/** Mean time to repair in minutes: the average length of the downtimes that ended; null when none did. */
export const mttrMinutes = (repaired: number, repairSeconds: number): number | null =>
  repaired > 0 ? Math.round(repairSeconds / repaired / 6) / 10 : null;

/**
 * Mean time between failures in hours: the period's uptime (its length less the downtime in it)
 * divided by the failures (downtimes that started in it); null without failures.
 */
export const mtbfHours = (periodSeconds: number, failures: number, downSeconds: number): number | null =>
  failures > 0 ? Math.round(((periodSeconds - downSeconds) / failures / 3600) * 10) / 10 : null;

/** An asset's figures as the API answers them. */
export function toAssetWork(row: AssetWorkRow, periodSeconds: number): TAssetWork {
  return {
    assetId: row.assetId,
    assetName: row.assetName,
    costMinor: row.costMinor,
    minutes: row.minutes,
    failures: row.failures,
    downtimeMinutes: Math.round(row.downSeconds / 60),
    mttrMinutes: mttrMinutes(row.repaired, row.repairSeconds),
    mtbfHours: mtbfHours(periodSeconds, row.failures, row.downSeconds),
  };
}

/** Every priority, most urgent first, with its open tasks by age (none: zeros). */
function backlogRows(rows: Awaited<ReturnType<typeof backlogByPriority>>): TBacklogRow[] {
  const byRank = new Map(rows.map((row) => [row.priority, row]));
  return TASK_PRIORITIES.map((_, rank) => rank)
    .reverse()
    .map((rank) => {
      const row = byRank.get(rank);
      return {
        priority: priorityOfRank(rank),
        week: row?.week ?? 0,
        month: row?.month ?? 0,
        quarter: row?.quarter ?? 0,
        older: row?.older ?? 0,
      };
    });
}

/**
 * The dashboard's cost and downtime figures over the last rangeDays days (ADR 131): totals, the
 * costliest assets with MTTR and MTBF, cost and time per month, and the backlog by priority and age.
 * A period of more than cache.minCompletions cost lines (a sum per asset over all of them: no roll-up
 * shrinks it) is computed at most once a minute per organization, range and time zone on each
 * instance, as the busiest assets are (ADR 031); the backlog is always counted afresh.
 */
export async function workAnalytics(
  db: DbOrTx,
  request: WorkAnalyticsRequest,
  cache: TRecentAnswerCache = RECENT_ANSWER_CACHE,
): Promise<TWorkAnalytics> {
  const period = periodOf(request);
  const [linesToRead, backlog] = await Promise.all([
    countUpTo(
      db,
      taskCostLines,
      and(
        eq(taskCostLines.organizationId, request.organizationId),
        between(taskCostLines.incurredAt, period.from, period.to),
      ),
      cache.minCompletions + 1,
      [asc(taskCostLines.incurredAt)],
    ),
    backlogByPriority(db, request.organizationId, request.now, BACKLOG_AGE_DAYS),
  ]);
  const figures = await recentAnswer(
    `work:${request.organizationId}:${request.rangeDays}:${request.timeZone}`,
    linesToRead,
    request.now,
    cache,
    () => periodFigures(db, request, period),
  );
  return { ...figures, currency: request.currency, backlog: backlogRows(backlog) };
}

/** The figures of the period: its totals, costliest assets and months. */
async function periodFigures(
  db: DbOrTx,
  request: WorkAnalyticsRequest,
  period: WorkPeriod,
): Promise<Omit<TWorkAnalytics, 'currency' | 'backlog'>> {
  const periodSeconds = request.rangeDays * 86_400;
  const [assets, months, down] = await Promise.all([
    assetWork(db, period, { order: 'cost', limit: WORK_ANALYTICS_ASSETS }),
    monthlyWork(db, period, request.timeZone),
    downtimeTotals(db, period),
  ]);
  return {
    rangeDays: request.rangeDays,
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    totals: {
      costMinor: months.reduce((sum, month) => sum + month.costMinor, 0),
      minutes: months.reduce((sum, month) => sum + month.minutes, 0),
      failures: down.failures,
      downtimeMinutes: Math.round(down.downSeconds / 60),
      mttrMinutes: mttrMinutes(down.repaired, down.repairSeconds),
    },
    assets: assets.map((row) => toAssetWork(row, periodSeconds)),
    months,
  };
}

/** Assets a batch of the CSV reads. */
const CSV_BATCH = 1000;

/**
 * Every asset's figures of the period for the CSV, in batches by asset id (memory stays flat
 * however many assets had work, ADR 042).
 */
export async function* allAssetWork(db: DbOrTx, request: WorkAnalyticsRequest): AsyncGenerator<TAssetWork> {
  const period = periodOf(request);
  const periodSeconds = request.rangeDays * 86_400;
  let after: string | undefined;
  for (;;) {
    const rows = await assetWork(db, period, { order: 'id', limit: CSV_BATCH, after });
    for (const row of rows) yield toAssetWork(row, periodSeconds);
    if (rows.length < CSV_BATCH) return;
    after = rows.at(-1)!.assetId;
  }
}
