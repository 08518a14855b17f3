import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { assets, maintenanceEvents as events, taskCostLines, taskTimeEntries } from '#server/db/schema.ts';

// Cost, time and downtime over a period (ADR 131; docs/product/analytics.md#cost-and-downtime). Each
// figure reads its own index alone: cost lines and time entries by (organization, incurred_at), the
// downtimes by (organization, down_from); a period of a year is a range of each.

/** [from, to] of one organization. */
export interface WorkPeriod {
  organizationId: string;
  from: Date;
  to: Date;
}

type Rows<T> = { rows: T[] };

/** An asset's figures as the database sums them; seconds and minor units as numbers. */
export interface AssetWorkRow {
  assetId: string;
  assetName: string;
  costMinor: number;
  minutes: number;
  failures: number;
  downSeconds: number;
  repaired: number;
  repairSeconds: number;
}

/**
 * Per asset with any cost, time or downtime in the period: its cost, minutes, the downtimes that
 * started in it (their length inside it, open ones up to its end) and those that ended (for MTTR).
 * `order`: costliest first (the dashboard, `limit`), or by asset id after `after` (the CSV's batches).
 */
export async function assetWork(
  db: DbOrTx,
  period: WorkPeriod,
  page: { order: 'cost' | 'id'; limit: number; after?: string | undefined },
): Promise<AssetWorkRow[]> {
  const { organizationId, from, to } = period;
  const after = page.after ? sql`and asset_id > ${page.after}` : sql``;
  const order =
    page.order === 'cost' ? sql`"costMinor" desc, "downSeconds" desc, w.asset_id` : sql`w.asset_id`;
  const result = (await db.execute(sql`
    with cost as (
      select asset_id, sum(total_minor)::bigint as cost_minor from ${taskCostLines}
      where organization_id = ${organizationId} and incurred_at between ${from} and ${to} ${after}
      group by asset_id
    ), spent as (
      select asset_id, sum(minutes)::bigint as minutes from ${taskTimeEntries}
      where organization_id = ${organizationId} and incurred_at between ${from} and ${to} ${after}
      group by asset_id
    ), down as (
      select asset_id, count(*)::int as failures,
        sum(date_part('epoch', least(coalesce(down_to, ${to}), ${to}::timestamptz) - down_from)) as down_seconds,
        count(down_to)::int as repaired,
        coalesce(sum(date_part('epoch', down_to - down_from)) filter (where down_to is not null), 0) as repair_seconds
      from ${events}
      where organization_id = ${organizationId} and down_from is not null and down_from between ${from} and ${to} ${after}
      group by asset_id
    ), w as (
      select coalesce(c.asset_id, s.asset_id, d.asset_id) as asset_id,
        coalesce(c.cost_minor, 0) as cost_minor, coalesce(s.minutes, 0) as minutes,
        coalesce(d.failures, 0) as failures, coalesce(d.down_seconds, 0) as down_seconds,
        coalesce(d.repaired, 0) as repaired, coalesce(d.repair_seconds, 0) as repair_seconds
      from cost c full join spent s on s.asset_id = c.asset_id
        full join down d on d.asset_id = coalesce(c.asset_id, s.asset_id)
    )
    select w.asset_id as "assetId", a.name as "assetName", w.cost_minor::float8 as "costMinor",
      w.minutes::float8 as minutes, w.failures, w.down_seconds::float8 as "downSeconds", w.repaired,
      w.repair_seconds::float8 as "repairSeconds"
    from w join ${assets} a on a.id = w.asset_id and a.organization_id = ${organizationId}
    order by ${order}
    limit ${page.limit}`)) as unknown as Rows<AssetWorkRow>;
  return result.rows;
}

/** Cost and minutes per calendar month of the organization's time zone, oldest first. */
export async function monthlyWork(
  db: DbOrTx,
  period: WorkPeriod,
  timeZone: string,
): Promise<{ month: string; costMinor: number; minutes: number }[]> {
  const { organizationId, from, to } = period;
  const result = (await db.execute(sql`
    with cost as (
      select to_char(incurred_at at time zone ${timeZone}, 'YYYY-MM') as month, sum(total_minor) as cost_minor
      from ${taskCostLines}
      where organization_id = ${organizationId} and incurred_at between ${from} and ${to}
      group by 1
    ), spent as (
      select to_char(incurred_at at time zone ${timeZone}, 'YYYY-MM') as month, sum(minutes) as minutes
      from ${taskTimeEntries}
      where organization_id = ${organizationId} and incurred_at between ${from} and ${to}
      group by 1
    )
    select coalesce(c.month, s.month) as month, coalesce(c.cost_minor, 0)::float8 as "costMinor",
      coalesce(s.minutes, 0)::float8 as minutes
    from cost c full join spent s on s.month = c.month
    order by 1`)) as unknown as Rows<{ month: string; costMinor: number; minutes: number }>;
  return result.rows;
}

/** Open tasks per priority rank and age in days since they were recorded (bucketed by the caller's bounds). */
export async function backlogByPriority(
  db: DbOrTx,
  organizationId: string,
  now: Date,
  bounds: { week: number; month: number; quarter: number },
): Promise<{ priority: number; week: number; month: number; quarter: number; older: number }[]> {
  const age = sql`date_part('epoch', ${now}::timestamptz - created_at) / 86400`;
  const result = (await db.execute(sql`
    select priority,
      count(*) filter (where ${age} <= ${bounds.week})::int as week,
      count(*) filter (where ${age} > ${bounds.week} and ${age} <= ${bounds.month})::int as month,
      count(*) filter (where ${age} > ${bounds.month} and ${age} <= ${bounds.quarter})::int as quarter,
      count(*) filter (where ${age} > ${bounds.quarter})::int as older
    from ${events}
    where organization_id = ${organizationId} and task_status <> 'Completed'
    group by priority
    order by priority desc`)) as unknown as Rows<{
    priority: number;
    week: number;
    month: number;
    quarter: number;
    older: number;
  }>;
  return result.rows;
}

/** The organization's downtimes that started in the period: how many, their length in it, those ended and their length. */
export async function downtimeTotals(
  db: DbOrTx,
  period: WorkPeriod,
): Promise<{ failures: number; downSeconds: number; repaired: number; repairSeconds: number }> {
  const { organizationId, from, to } = period;
  const result = (await db.execute(sql`
    select count(*)::int as failures,
      coalesce(sum(date_part('epoch', least(coalesce(down_to, ${to}), ${to}::timestamptz) - down_from)), 0)::float8 as "downSeconds",
      count(down_to)::int as repaired,
      coalesce(sum(date_part('epoch', down_to - down_from)) filter (where down_to is not null), 0)::float8 as "repairSeconds"
    from ${events}
    where organization_id = ${organizationId} and down_from is not null and down_from between ${from} and ${to}`)) as unknown as Rows<{
    failures: number;
    downSeconds: number;
    repaired: number;
    repairSeconds: number;
  }>;
  return result.rows[0] ?? { failures: 0, downSeconds: 0, repaired: 0, repairSeconds: 0 };
}
