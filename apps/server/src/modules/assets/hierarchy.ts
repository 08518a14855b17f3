import {
  API_MESSAGES,
  ASSET_COMPONENT_MAX_DEPTH,
  ASSET_HIERARCHY_MESSAGES,
  addDays,
  DUE_SOON_DAYS,
  nextServiceOf,
  type TAssetComponent,
  type TAssetComponents,
} from '@mqr/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError, fieldError, invalidField } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/uuid.ts';

/**
 * Assets made of assets (docs/product/locations.md#asset-hierarchy): a component names its parent;
 * a parent shows its components, their open and overdue tasks, and the roll-up of everything below it.
 * Chains are short (ASSET_COMPONENT_MAX_DEPTH levels), so they are walked with recursive queries on
 * `assets_parent_name_idx`; each walk also stops there should the data ever hold a longer one.
 */

type Rows<T> = { rows: T[] };

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** Every walk stops after this many levels, whatever the data holds. */
const WALK_LIMIT = ASSET_COMPONENT_MAX_DEPTH + 1;

/** The asset `id` and every component below it, each with its level below it (0 for itself). */
const subtreeOf = (organizationId: string, id: string) => sql`with recursive tree(id, n) as (
    select a.id, 0 from assets a where a.organization_id = ${organizationId} and a.id = ${id}
    union all
    select c.id, t.n + 1 from tree t join assets c on c.parent_asset_id = t.id and c.organization_id = ${organizationId}
    where t.n < ${WALK_LIMIT})`;

/** NOT_FOUND on `parentAssetId`: the parent is another organization's asset, or none. */
const parentNotFound = () => {
  const said = API_MESSAGES.notFound('Asset');
  return new AppError('NOT_FOUND', said, { fields: [fieldError('parentAssetId', said)] });
};

/**
 * Checks that `parentId` may be the parent of the asset `assetId` (undefined: an asset being made):
 * an asset of the organization (404 on parentAssetId otherwise, the parent held until the transaction
 * ends), never the asset itself or one of its components (a cycle), and the chain no deeper than
 * ASSET_COMPONENT_MAX_DEPTH levels with the asset's own components below it.
 */
export async function checkParentAsset(
  tx: DbOrTx,
  organizationId: string,
  assetId: string | undefined,
  parentId: string,
): Promise<{ id: string; name: string }> {
  if (!isUuid(parentId)) throw parentNotFound();
  const [parent] = await rowsOf<{ id: string; name: string }>(
    tx,
    sql`select a.id, a.name from assets a where a.organization_id = ${organizationId} and a.id = ${parentId} for share`,
  );
  if (!parent) throw parentNotFound();
  const [chain] = await rowsOf<{ levels: number; cycle: boolean }>(
    tx,
    sql`with recursive up(id, parent, n) as (
        select a.id, a.parent_asset_id, 1 from assets a where a.organization_id = ${organizationId} and a.id = ${parentId}
        union all
        select p.id, p.parent_asset_id, up.n + 1 from up join assets p on p.id = up.parent and p.organization_id = ${organizationId}
        where up.n < ${WALK_LIMIT})
      select count(*)::int as levels, coalesce(bool_or(up.id = ${assetId ?? null}::uuid), false) as cycle from up`,
  );
  if (chain?.cycle) throw invalidField('parentAssetId', ASSET_HIERARCHY_MESSAGES.parentCycle);
  const [below] = assetId
    ? await rowsOf<{ height: number }>(
        tx,
        sql`${subtreeOf(organizationId, assetId)} select coalesce(max(t.n), 0)::int as height from tree t`,
      )
    : [{ height: 0 }];
  if ((chain?.levels ?? 0) + 1 + (below?.height ?? 0) > ASSET_COMPONENT_MAX_DEPTH) {
    throw invalidField('parentAssetId', ASSET_HIERARCHY_MESSAGES.tooDeep);
  }
  return parent;
}

interface ComponentRow {
  id: string;
  name: string;
  slug: string;
  locationId: string | null;
  retiredAt: string | null;
  openTasks: number;
  overdueTasks: number;
  componentCount: number;
  openDueOn: string | null;
  scheduledDueOn: string | null;
}

/**
 * The components right below an asset of the organization, by name, in a window, with their own
 * tasks and next service; the roll-up of the asset with all its components; how many there are.
 */
export async function findComponents(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
  window: { offset: number; limit: number },
  today: string,
): Promise<{ items: TAssetComponents['items']; rollup: TAssetComponents['rollup']; total: number }> {
  const soon = addDays(today, DUE_SOON_DAYS);
  const openOf = (alias: string) =>
    sql`from maintenance_events e where e.organization_id = ${organizationId} and e.asset_id = ${sql.raw(alias)}.id
      and e.task_status <> 'Completed'`;
  const [rows, [rollup], [counted]] = await Promise.all([
    rowsOf<ComponentRow>(
      db,
      sql`select a.id, a.name, a.slug, a.location_id as "locationId", a.retired_at as "retiredAt",
          (select count(*) ${openOf('a')})::int as "openTasks",
          (select count(*) ${openOf('a')} and e.due_on < ${today}::date)::int as "overdueTasks",
          (select min(e.due_on)::text ${openOf('a')} and e.due_on is not null) as "openDueOn",
          (select min(s.next_due_on)::text from schedules s where s.organization_id = ${organizationId}
            and s.asset_id = a.id and s.paused_at is null and s.next_due_on is not null) as "scheduledDueOn",
          (select count(*) from assets c where c.parent_asset_id = a.id and c.organization_id = ${organizationId})::int
            as "componentCount"
        from assets a where a.parent_asset_id = ${assetId} and a.organization_id = ${organizationId}
        order by lower(a.name), a.id limit ${window.limit} offset ${window.offset}`,
    ),
    rowsOf<TAssetComponents['rollup']>(
      db,
      sql`${subtreeOf(organizationId, assetId)}
        select (select count(*) - 1 from tree)::int as components,
          count(e.id)::int as "openTasks",
          count(e.id) filter (where e.due_on < ${today}::date)::int as overdue,
          count(e.id) filter (where e.due_on between ${today}::date and ${soon}::date)::int as "dueSoon"
        from tree t join maintenance_events e on e.organization_id = ${organizationId} and e.asset_id = t.id
          and e.task_status <> 'Completed'`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from assets a where a.parent_asset_id = ${assetId} and a.organization_id = ${organizationId}`,
    ),
  ]);
  return {
    items: rows.map(
      (row): TAssetComponent => ({
        id: row.id,
        name: row.name,
        slug: row.slug,
        locationId: row.locationId,
        retiredAt: row.retiredAt === null ? null : new Date(row.retiredAt).toISOString(),
        openTasks: row.openTasks,
        overdueTasks: row.overdueTasks,
        componentCount: row.componentCount,
        ...nextServiceOf(row, today),
      }),
    ),
    rollup: rollup ?? { components: 0, openTasks: 0, overdue: 0, dueSoon: 0 },
    total: counted?.n ?? 0,
  };
}
