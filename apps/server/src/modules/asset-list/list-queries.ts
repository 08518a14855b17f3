import {
  addDays,
  DUE_SOON_DAYS,
  type TAssetDueFilter,
  type TAssetSortColumn,
  type TAssetStatus,
  type TSortOrder,
} from '@mqr/contracts';
import { and, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { inOrganization } from '#server/db/organization-filter.ts';
import { assets } from '#server/db/schema.ts';
import { type LocationFilter, locationCondition, locationRowsToRead } from '../locations/index.ts';

/**
 * The asset list's view in SQL (ADR 047): which of an organization's assets it shows and in what
 * order, read as ids by an index walk (a page, a batch of an export, a selection), then the rows of
 * those ids (in the walk's own statement for a column sort's page). Every statement is led by the
 * organization and served by the indexes of migration 0015.
 * Where a search or a "contains" filter applies, the walk reads the `_in_scope` views rather than
 * the tables: under row-level security their ILIKE would lose its trigram index (ADR 066). Only
 * there: the views' scope condition makes the planner expect a few rows where there are thousands,
 * and a small tenant's filtered list then joined its matches one by one (ADR 071).
 */

/** A custom field filter, checked against its field's data type (list-view.ts). */
export type FieldFilter = { fieldId: string } & (
  | { kind: 'any'; values: string[] }
  | { kind: 'number'; min: string | undefined; max: string | undefined }
  | { kind: 'date'; min: string | undefined; max: string | undefined }
  | { kind: 'is'; value: 'true' | 'false' }
  | { kind: 'contains'; text: string }
);

/** What a list sorts by: an asset column, or a custom field (numbers by value, the rest as text). */
export type ListSort = { column: TAssetSortColumn } | { fieldId: string; numeric: boolean };

/** A list's view, checked: the organization's fields it names exist and fit their filters. */
export interface ListView {
  organizationId: string;
  status: TAssetStatus;
  search: string | undefined;
  openTasks: boolean | undefined;
  /**
   * The due filter, the organization's today it counts from, and the assets it keeps when they are
   * few (findDueAssetIds).
   */
  due: { kind: TAssetDueFilter; today: string; assetIds: string[] | undefined } | undefined;
  filters: FieldFilter[];
  /** The assets at a location and below it, or those without one (ADR 122). */
  location: LocationFilter | undefined;
  sort: ListSort;
  order: TSortOrder;
  /** Filters checked asset by asset along the list's order rather than joined (filtersAreBroad, ADR 071). */
  probeFilters: boolean;
}

/** Where a read starts: after `offset` rows, or after the asset `after` (keyset); `limit` ids. */
export interface IdWindow {
  offset: number;
  limit: number;
  after?: string | undefined;
}

/** The first characters of a value that sort and compare (`text_key`, migration 0016). */
const KEY_LENGTH = 200;

/** A value's text key, lower case, as `asset_field_values_org_field_value_idx` holds it. */
const textKey = (alias: string) => sql.raw(`${alias}.text_key`);
/** A value's sort key: its number for a Number field (`..._number_idx`), its text key otherwise. */
const valueKey = (alias: string, numeric: boolean) =>
  numeric ? sql.raw(`${alias}.number_value`) : textKey(alias);

/** The asset columns of the list's orders, each as its index holds it (0014, 0015). */
const COLUMN_KEYS: Record<TAssetSortColumn, { key: (alias: string) => SQL; indexDescending: boolean }> = {
  created: { key: (alias) => sql.raw(`${alias}.created_at`), indexDescending: true },
  updated: { key: (alias) => sql.raw(`${alias}.updated_at`), indexDescending: true },
  retired: { key: (alias) => sql.raw(`${alias}.retired_at`), indexDescending: true },
  name: { key: (alias) => sql.raw(`lower(${alias}.name)`), indexDescending: false },
};

/**
 * `key, id` in `order`, with the nulls where the index puts them: PostgreSQL reads an index in order
 * (forwards or backwards) only when the null ordering agrees too (see db/order.ts).
 */
function orderBy(key: SQL, id: SQL, order: TSortOrder, indexDescending: boolean): SQL {
  const nulls = indexDescending === (order === 'desc') ? 'nulls last' : 'nulls first';
  const direction = sql.raw(`${order} ${nulls}`);
  return sql`${key} ${direction}, ${id} ${direction}`;
}

/** The rows after (key, id) in `order`: a row comparison the index reads on from. */
function following(order: TSortOrder, left: SQL, right: SQL): SQL {
  return order === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/** The value condition of a filter on the custom value row `alias`. */
function valueCondition(filter: FieldFilter, alias: string): SQL {
  const key = textKey(alias);
  switch (filter.kind) {
    case 'any':
      // Lowered and cut by the database, as the index holds them (constants, folded at planning).
      return sql`${key} = any(array[${sql.join(
        filter.values.map((value) => sql`lower(left(${value}::text, ${KEY_LENGTH}))`),
        sql`, `,
      )}])`;
    case 'number': {
      const number = sql.raw(`${alias}.number_value`);
      return sql.join(
        [
          sql`${number} is not null`,
          filter.min === undefined ? undefined : sql`${number} >= ${filter.min}::numeric`,
          filter.max === undefined ? undefined : sql`${number} <= ${filter.max}::numeric`,
        ].filter((part) => part !== undefined),
        sql` and `,
      );
    }
    case 'date':
      return sql.join(
        [
          sql`${key} is not null`,
          filter.min === undefined ? undefined : sql`${key} >= ${filter.min}::text`,
          filter.max === undefined ? undefined : sql`${key} <= ${filter.max}::text`,
        ].filter((part) => part !== undefined),
        sql` and `,
      );
    case 'is':
      return sql`${key} = ${filter.value}::text`;
    case 'contains':
      // The organization's and field's trigram index (btree_gin) finds the values that contain it.
      return sql`${sql.raw(`${alias}.value`)} ilike ${containsPattern(filter.text)}`;
  }
}

/** Where a filter's values are read: the scope view for a "contains" (its ILIKE), the table otherwise. */
const valuesOf = (filter: FieldFilter | undefined) =>
  sql.raw(filter?.kind === 'contains' ? 'asset_field_values_in_scope' : 'asset_field_values');

/**
 * The conditions of the view on the asset whose id is `assetId` (beside its status and search). With
 * `probe`, each filter is a check of the asset at hand (`offset 0` keeps PostgreSQL from turning it
 * into a join): the walk in the list's order probes its assets and stops at the page (ADR 071).
 * `row` names the asset's own row where the statement reads it (the location filter then reads its
 * column, which PostgreSQL may also read the other way round, a small location's assets first).
 */
function filterConditions(view: ListView, assetId: SQL, except?: string, probe = false, row?: string): SQL[] {
  const org = view.organizationId;
  const conditions = view.filters
    .filter((filter) => filter.fieldId !== except)
    .map(
      (filter) => sql`exists (select 1 from ${valuesOf(filter)} f where f.organization_id = ${org}
        and f.field_id = ${filter.fieldId} and f.asset_id = ${assetId} and ${valueCondition(filter, 'f')}${probe ? sql` offset 0` : sql``})`,
    );
  if (view.openTasks !== undefined) {
    // Pending and started tasks, one entry each in maintenance_events_org_asset_open_idx.
    const open = sql`exists (select 1 from maintenance_events e where e.organization_id = ${org}
      and e.asset_id = ${assetId} and e.task_status <> 'Completed')`;
    conditions.push(view.openTasks ? open : sql`not ${open}`);
  }
  if (view.due) conditions.push(dueCondition(org, assetId, view.due));
  if (view.location) {
    conditions.push(
      row
        ? locationCondition(view.location, row)
        : sql`exists (select 1 from assets la where la.organization_id = ${org} and la.id = ${assetId}
            and ${locationCondition(view.location, 'la')})`,
    );
  }
  return conditions;
}

/**
 * A due filter reads the assets by id when its sources name at most this many (each read up to one
 * more on its index); past that it probes each asset the list walks (ADR 057).
 */
export const DUE_IDS_MAX = 2000;

type DueView = NonNullable<ListView['due']>;

/** The due filter's range on a date column: before today (overdue), or today to DUE_SOON_DAYS ahead. */
function dueRange(column: SQL, due: Pick<DueView, 'kind' | 'today'>): SQL {
  const today = sql`${due.today}::date`;
  if (due.kind === 'overdue') return sql`${column} < ${today}`;
  return sql`${column} between ${today} and ${addDays(due.today, DUE_SOON_DAYS)}::date`;
}

/** Open tasks due in the range (`maintenance_events_open_due_idx`). */
const openTasksDue = (org: string, due: Pick<DueView, 'kind' | 'today'>) =>
  sql`from maintenance_events d where d.organization_id = ${org} and d.task_status <> 'Completed'
    and d.due_on is not null and ${dueRange(sql`d.due_on`, due)}`;

/** Active schedules whose next task is due in the range (`schedules_org_next_due_idx`). */
const schedulesDue = (org: string, due: Pick<DueView, 'kind' | 'today'>) =>
  sql`from schedules s where s.organization_id = ${org} and s.paused_at is null
    and s.next_due_on is not null and ${dueRange(sql`s.next_due_on`, due)}`;

/**
 * The assets with work due in the filter's range (an open task, or an active schedule's next task)
 * when few: each source read on its index up to DUE_IDS_MAX + 1 rows; undefined when one has more.
 */
export async function findDueAssetIds(
  db: DbOrTx,
  organizationId: string,
  due: Pick<DueView, 'kind' | 'today'>,
): Promise<string[] | undefined> {
  const reach = DUE_IDS_MAX + 1;
  const result = (await db.execute(
    sql`(select 'task' as source, d.asset_id as id ${openTasksDue(organizationId, due)} limit ${reach})
      union all (select 'schedule', s.asset_id ${schedulesDue(organizationId, due)} limit ${reach})`,
  )) as unknown as Rows<{ source: string; id: string }>;
  const tasks = result.rows.filter((row) => row.source === 'task').length;
  if (tasks === reach || result.rows.length - tasks === reach) return undefined;
  return [...new Set(result.rows.map((row) => row.id))];
}

/**
 * The due filter on the asset `assetId` (ADR 057): overdue, an open task due before today or an active
 * schedule's next task due then (its engine run still to come); due soon, the same from today to
 * DUE_SOON_DAYS ahead. A few such assets are a list of ids (read by primary key, then ordered); many,
 * two probes whose subqueries PostgreSQL hashes once, while the list walks its own order (an `or` keeps
 * it from turning them into a join that would read every match before ordering).
 */
function dueCondition(org: string, assetId: SQL, due: DueView): SQL {
  if (due.assetIds) {
    if (due.assetIds.length === 0) return sql`false`;
    return sql`${assetId} = any(${`{${due.assetIds.join(',')}}`}::uuid[])`;
  }
  return sql`(exists (select 1 ${openTasksDue(org, due)} and d.asset_id = ${assetId})
    or exists (select 1 ${schedulesDue(org, due)} and s.asset_id = ${assetId}))`;
}

/**
 * The search's condition on the asset row `a`: name or slug contains the text, or the external ID is
 * the whole text in any case (ADR 092: a tag typed from an old label, probed on its unique index).
 */
function searchCondition(search: string): SQL {
  const pattern = containsPattern(search);
  // Slugs are lower-case ASCII (SLUG_PATTERN): LIKE on the lower-cased term finds what ILIKE would.
  return sql`(a.name ilike ${pattern} or a.slug like ${pattern.toLowerCase()}
    or lower(a.external_id) = lower(${search}))`;
}

/** Where a list reads its assets: the scope view for a search (its ILIKE), the table otherwise. */
const assetsOf = (view: ListView) => sql.raw(view.search ? 'assets_in_scope' : 'assets');

const IN_SERVICE = sql`a.retired_at is null`;
const RETIRED = sql`a.retired_at is not null`;

/**
 * The status conditions that together make up the view, one per branch. "All" is two branches, in
 * service and retired, each read in order on its own partial index and merged: no index holds both.
 */
function statusBranches(status: TAssetStatus): SQL[] {
  if (status === 'active') return [IN_SERVICE];
  if (status === 'retired') return [RETIRED];
  return [IN_SERVICE, RETIRED];
}

type Rows<T> = { rows: T[] };

async function idsOf(db: DbOrTx, query: SQL): Promise<string[]> {
  const result = (await db.execute(query)) as unknown as Rows<{ id: string }>;
  return result.rows.map((row) => row.id);
}

/**
 * A list of assets in service narrowed only by filters that a value index counts: no search, open-task
 * or due filter, no "contains".
 */
function onlyIndexedFilters(view: Omit<ListView, 'probeFilters'>): boolean {
  const countable = view.filters.every((filter) => filter.kind !== 'contains');
  if (view.filters.length === 0 || !countable || view.search || view.status !== 'active') return false;
  return view.openTasks === undefined && !view.due && !view.location;
}

/**
 * Whether the view is counted on its first filter's value index (countOnFilterIndexUpTo), which
 * reads at most the cap of its matches, rather than by the walk in the list's order, which passes
 * every asset the filters leave out: its filters are probed (ADR 071), or it has one indexed filter
 * alone, whatever its share (a big tenant's filters are never probed).
 */
export function countsOnFilterIndex(view: ListView): boolean {
  return view.probeFilters || (view.filters.length === 1 && onlyIndexedFilters(view));
}

/** A filter's matches are counted up to this many to tell whether it keeps a large share (ADR 071). */
const BROAD_FILTER_COUNT = 2000;
/** The filters keep at least this share of the tenant's assets: a walk probing each reads few. */
const BROAD_SHARE = 0.1;

/**
 * Whether the view's filters keep at least BROAD_SHARE of the organization's assets in service, by
 * the share each filter's matches are of them (as if independent), each counted on its value index up
 * to BROAD_FILTER_COUNT. PostgreSQL's statistics cannot tell: they are of every tenant at once, and
 * the values' field names one tenant, so it expects a handful of a small tenant's assets where there
 * are thousands, and joins them all before ordering. Only filters that an index counts, in a list of
 * assets in service without a search, open-task or due filter: anything else is left to the planner.
 */
export async function filtersAreBroad(db: DbOrTx, view: Omit<ListView, 'probeFilters'>): Promise<boolean> {
  if (!onlyIndexedFilters(view)) return false;
  const org = view.organizationId;
  const matches = view.filters.map(
    (filter) => sql`(select count(*)::int from (select 1 from asset_field_values f
      where f.organization_id = ${org} and f.field_id = ${filter.fieldId} and ${valueCondition(filter, 'f')}
      limit ${BROAD_FILTER_COUNT}) m)`,
  );
  // One statement: the kept count of assets in service (ADR 039), then, for a tenant small enough
  // that BROAD_FILTER_COUNT matches can be a large share of it, each filter's matches.
  const result = (await db.execute(
    sql`select n.assets, case when n.assets <= ${BROAD_FILTER_COUNT / BROAD_SHARE}
        then array[${sql.join(matches, sql`, `)}] end as matches
      from (select coalesce((select c.assets from organization_asset_counts c
        where c.organization_id = ${org}), 0) as assets) n`,
  )) as unknown as Rows<{ assets: number; matches: number[] | null }>;
  const { assets, matches: counts } = result.rows[0] ?? { assets: 0, matches: null };
  if (!counts) return false;
  const share = counts.reduce((product, count) => product * (count / Math.max(assets, 1)), 1);
  return share >= BROAD_SHARE;
}

/** Ids in the view's order of a column sort (with `extra` conditions: the empties of a field sort). */
function columnSortIds(
  db: DbOrTx,
  view: ListView,
  column: TAssetSortColumn,
  order: TSortOrder,
  window: IdWindow,
  extra: SQL[] = [],
): Promise<string[]> {
  return idsOf(db, columnSortWalk(view, column, order, window, extra));
}

/** The walk of a column sort: `id` and sort key `k` of the window's assets, in the view's order. */
function columnSortWalk(
  view: ListView,
  column: TAssetSortColumn,
  order: TSortOrder,
  window: IdWindow,
  extra: SQL[] = [],
): SQL {
  const org = view.organizationId;
  const { key, indexDescending } = COLUMN_KEYS[column];
  const probe = extra.length === 0 && view.probeFilters;
  // A small share of the organization's assets in service, newest first: read location by location.
  const locations =
    column === 'created' && view.status === 'active' && !view.search
      ? locationRowsToRead(view.location, 'l')
      : undefined;
  // What the list walks (the organization, after the `after` asset) and what narrows it.
  const walked = [sql`a.organization_id = ${org}`];
  const narrowing = [
    ...(view.search ? [searchCondition(view.search)] : []),
    ...filterConditions(
      locations ? { ...view, location: undefined } : view,
      sql`a.id`,
      undefined,
      probe,
      'a',
    ),
    ...extra,
  ];
  if (window.after) {
    walked.push(
      following(
        order,
        sql`${key('a')}, a.id`,
        sql`select ${key('b')}, b.id from assets b where b.organization_id = ${org} and b.id = ${window.after}`,
      ),
    );
  }
  const conditions = [...walked, ...narrowing];
  const listOrder = orderBy(key('a'), sql`a.id`, order, indexDescending);
  if (locations) {
    // Each location's first assets of the window's reach on assets_org_location_created_idx, merged.
    const located = [IN_SERVICE, sql`a.location_id = l.id`, ...conditions];
    return sql`select t.id, t.k from ${locations} cross join lateral (
        select a.id, ${key('a')} as k from assets a where ${sql.join(located, sql` and `)}
        order by ${listOrder} limit ${window.offset + window.limit}
      ) t order by ${orderBy(sql`t.k`, sql`t.id`, order, indexDescending)} limit ${window.limit} offset ${window.offset}`;
  }
  const branches = statusBranches(view.status);
  const branch = (status: SQL, limit: number) =>
    sql`select a.id, ${key('a')} as k from ${assetsOf(view)} a where ${sql.join([status, ...conditions], sql` and `)}
      order by ${listOrder} limit ${limit}`;
  const reach = window.offset + window.limit;
  const walk =
    branches.length === 1
      ? sql`${branch(branches[0]!, window.limit)} offset ${window.offset}`
      : sql`select u.id, u.k from (${sql.join(
          branches.map((status) => sql`(${branch(status, reach)})`),
          sql` union all `,
        )}) u order by ${orderBy(sql`u.k`, sql`u.id`, order, indexDescending)} limit ${window.limit} offset ${window.offset}`;
  if (!view.search) return walk;
  const where = (parts: SQL[]) => sql.join(parts, sql` and `);
  return searchFirstOrWalk({
    probe: sql`select (${where(narrowing)}) as hit from ${assetsOf(view)} a
      where ${where([branches[0]!, ...walked])} order by ${listOrder}`,
    matches: sql`select a.id, ${key('a')} as k from ${assetsOf(view)} a
      where ${where([branches.length === 1 ? branches[0]! : sql`true`, ...conditions])}`,
    walk,
    order: (alias) => orderBy(sql.raw(`${alias}.k`), sql.raw(`${alias}.id`), order, indexDescending),
    window,
  });
}

/** How many assets of the list’s order a search looks at first to tell a rare term (ADR 106). */
const SEARCH_PROBE_ROWS = 500;
/** A term matching fewer of them than this is rare: its matches are read on the trigram indexes. */
const SEARCH_PROBE_RARE_BELOW = 5;

/**
 * A search's ids in the window (ADR 106): the list's walk for a common term, its matches read first
 * and sorted for a rare one. The walk in the list's order stops at the window, which for a common term
 * is a few thousand assets; for a rare one it passes every asset of a big tenant (a second at a
 * million assets), where the trigram indexes find its few matches in milliseconds. PostgreSQL's
 * estimate of a term's matches cannot tell them apart, so the statement looks: `probe` (whether each
 * of the first SEARCH_PROBE_ROWS assets of the walk matches, on its order's index) says a term
 * rare when fewer than SEARCH_PROBE_RARE_BELOW of them match. Then `matches` (the search's `id, k`,
 * planned for all its rows: the trigram indexes) is read up to one row past the window's reach and
 * sorted when it ends there; when it does not, or the term is common, the walk answers. Each part
 * runs only when its condition holds (one-time filters), so a common term never reads the trigram
 * indexes, whose scan grows with the matches (a term in one asset in sixteen: 270–890 ms).
 */
function searchFirstOrWalk(search: {
  probe: SQL;
  matches: SQL;
  walk: SQL;
  order: (alias: string) => SQL;
  window: IdWindow;
}): SQL {
  const { window, order } = search;
  const reach = window.offset + window.limit;
  const rare = sql`(select r.rare from rarity r)`;
  const counted = sql`(select count(*) from capped)`;
  return sql`with rarity as materialized (
      select count(*) = ${SEARCH_PROBE_ROWS} and count(*) filter (where p.hit) < ${SEARCH_PROBE_RARE_BELOW} as rare
      from (${search.probe} limit ${SEARCH_PROBE_ROWS}) p),
    matches as materialized (${search.matches}),
    capped as materialized (select m.id, m.k from matches m where ${rare} limit ${reach + 1})
    select s.id, s.k from (
      (select c.id, c.k from capped c where ${rare} and ${counted} <= ${reach}
        order by ${order('c')} limit ${window.limit} offset ${window.offset})
      union all
      (select w.id, w.k from (${search.walk}) w where not ${rare} or ${counted} > ${reach})
    ) s order by ${order('s')}`;
}

/**
 * A field sort's first part: the assets that have a value, in the value's order, read on the field's
 * value index (its number index for a Number field). Retired assets are told apart by the small
 * partial index of retired ids (0015) without reading the asset rows, unless a search needs them.
 */
function valuedIds(
  view: ListView,
  sort: { fieldId: string; numeric: boolean },
  limit: SQL,
  from?: { key: string; id: string },
): SQL {
  const org = view.organizationId;
  const key = valueKey('v', sort.numeric);
  const sameField = view.filters.find((filter) => filter.fieldId === sort.fieldId);
  const conditions = [
    sql`v.organization_id = ${org}`,
    sql`v.field_id = ${sort.fieldId}`,
    sql`${key} is not null`,
    ...(sameField ? [valueCondition(sameField, 'v')] : []),
    ...filterConditions(view, sql`v.asset_id`, sort.fieldId, view.probeFilters),
  ];
  const retired = sql`select 1 from assets r where r.organization_id = ${org} and r.retired_at is not null and r.id = v.asset_id`;
  if (view.search) {
    conditions.push(searchCondition(view.search));
    if (view.status !== 'all') conditions.push(view.status === 'active' ? IN_SERVICE : RETIRED);
  } else if (view.status !== 'all') {
    conditions.push(view.status === 'active' ? sql`not exists (${retired})` : sql`exists (${retired})`);
  }
  if (from) {
    const bound = sort.numeric ? sql`${from.key}::numeric` : sql`${from.key}::text`;
    conditions.push(following(view.order, sql`${key}, v.asset_id`, sql`${bound}, ${from.id}::uuid`));
  }
  const join = view.search
    ? sql`join assets_in_scope a on a.id = v.asset_id and a.organization_id = ${org}`
    : sql``;
  return sql`select v.asset_id as id from ${valuesOf(sameField)} v ${join}
    where ${sql.join(conditions, sql` and `)}
    order by ${orderBy(key, sql`v.asset_id`, view.order, false)} ${limit}`;
}

/**
 * A field sort: the assets with a value in its order, then those without one (newest first, whatever
 * the direction: empty values sort last). A filter on the sorted field itself wants a value, so then
 * there are no empties to read.
 */
async function fieldSortIds(
  db: DbOrTx,
  view: ListView,
  sort: { fieldId: string; numeric: boolean },
  window: IdWindow,
): Promise<string[]> {
  const org = view.organizationId;
  const hasEmpties = !view.filters.some((filter) => filter.fieldId === sort.fieldId);
  const empty = sql`not exists (select 1 from asset_field_values w where w.organization_id = ${org}
    and w.field_id = ${sort.fieldId} and w.asset_id = a.id and ${valueKey('w', sort.numeric)} is not null)`;
  const empties = (rest: IdWindow) =>
    hasEmpties ? columnSortIds(db, view, 'created', 'desc', rest, [empty]) : Promise.resolve([]);

  if (window.after) {
    const anchor = await sortKeyOf(db, view, sort, window.after);
    if (!anchor) return [];
    // An asset without a value: read on among the empties after it.
    if (anchor.key === null) return empties(window);
    const valued = await idsOf(
      db,
      valuedIds(view, sort, sql`limit ${window.limit}`, { key: anchor.key, id: window.after }),
    );
    if (valued.length === window.limit) return valued;
    return [...valued, ...(await empties({ offset: 0, limit: window.limit - valued.length }))];
  }
  const valued = await idsOf(db, valuedIds(view, sort, sql`limit ${window.limit} offset ${window.offset}`));
  if (valued.length === window.limit || !hasEmpties) return valued;
  // The page reaches past the last value: how many values come before it says where the empties start.
  const valuedBefore =
    valued.length > 0 || window.offset === 0
      ? window.offset
      : await countOf(db, valuedIds(view, sort, sql`limit ${window.offset}`));
  return [
    ...valued,
    ...(await empties({
      offset: window.offset - Math.min(valuedBefore, window.offset),
      limit: window.limit - valued.length,
    })),
  ];
}

/** The sort key (null without a value) of the organization's asset `id`; undefined when it has none. */
async function sortKeyOf(
  db: DbOrTx,
  view: ListView,
  sort: { fieldId: string; numeric: boolean },
  id: string,
): Promise<{ key: string | null } | undefined> {
  const result = (await db.execute(sql`select (select ${valueKey('v', sort.numeric)}::text
      from asset_field_values v where v.organization_id = a.organization_id and v.asset_id = a.id
      and v.field_id = ${sort.fieldId}) as key
    from assets a where a.organization_id = ${view.organizationId} and a.id = ${id}`)) as unknown as Rows<{
    key: string | null;
  }>;
  return result.rows[0];
}

async function countOf(db: DbOrTx, query: SQL): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from (${query}) c`)) as unknown as Rows<{
    n: number;
  }>;
  return result.rows[0]?.n ?? 0;
}

/** Up to `window.limit` ids of the view's assets, in its order, from `window`'s start. */
export function findListIds(db: DbOrTx, view: ListView, window: IdWindow): Promise<string[]> {
  if ('column' in view.sort) return columnSortIds(db, view, view.sort.column, view.order, window);
  return fieldSortIds(db, view, view.sort, window);
}

/**
 * How many assets the view's status holds (no search or filter), counting no further than `cap`: an
 * index walk of at most `cap` entries per status branch.
 */
export async function countStatusUpTo(db: DbOrTx, view: ListView, cap: number): Promise<number> {
  const counts = await Promise.all(
    statusBranches(view.status).map((status) =>
      countOf(
        db,
        sql`select 1 from assets a where a.organization_id = ${view.organizationId} and ${status} limit ${cap}`,
      ),
    ),
  );
  return Math.min(
    cap,
    counts.reduce((sum, count) => sum + count, 0),
  );
}

/**
 * How many assets a view counted on its filter index (countsOnFilterIndex) holds, counting no further
 * than `cap`: its first filter's matches, read on their value index, each checked for the other
 * filters and for being in service. The list's own order would pass the matches spread among every
 * other asset.
 */
export function countOnFilterIndexUpTo(db: DbOrTx, view: ListView, cap: number): Promise<number> {
  const org = view.organizationId;
  const [first] = view.filters;
  if (!first) throw new Error('A view counted on its filter index has filters.');
  const conditions = [
    sql`f.organization_id = ${org}`,
    sql`f.field_id = ${first.fieldId}`,
    valueCondition(first, 'f'),
    sql`not exists (select 1 from assets r where r.organization_id = ${org} and r.retired_at is not null
      and r.id = f.asset_id)`,
    ...filterConditions(view, sql`f.asset_id`, first.fieldId, true),
  ];
  return countOf(
    db,
    sql`select 1 from asset_field_values f where ${sql.join(conditions, sql` and `)} limit ${cap}`,
  );
}

/** A row of the list: the asset, the values of the chosen fields (by field id) and its location's full path. */
export type ListRow = typeof assets.$inferSelect & {
  values: Record<string, string>;
  locationPath: string | null;
};

/**
 * The organization's assets among `ids`, in the order of `ids`, each with its values of the fields
 * `columns` (one statement: the values come as one JSON column).
 */
export async function findListRows(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
  columns: string[],
): Promise<ListRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectListRows(db, columns).where(
    and(inArray(assets.id, ids), inOrganization(assets.organizationId, organizationId)),
  );
  const byId = new Map(rows.map((row) => [row.id, row as ListRow]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The rows of the view's assets in `window` with the values of the fields `columns`, in its order. A
 * column sort reads them in the statement of its walk (one round trip, not two); a field sort reads
 * its ids first (it may take two walks: the valued assets, then the empties).
 */
export async function findListPage(
  db: DbOrTx,
  view: ListView,
  window: IdWindow,
  columns: string[],
): Promise<ListRow[]> {
  if (!('column' in view.sort)) {
    return findListRows(db, view.organizationId, await findListIds(db, view, window), columns);
  }
  const { column } = view.sort;
  const walk = columnSortWalk(view, column, view.order, window);
  const rows = await selectListRows(db, columns)
    .innerJoin(sql`(${walk}) w`, sql`w.id = ${assets.id}`)
    .where(inOrganization(assets.organizationId, view.organizationId))
    .orderBy(orderBy(sql`w.k`, sql`w.id`, view.order, COLUMN_KEYS[column].indexDescending));
  return rows as ListRow[];
}

/** The select of list rows: each asset with its values of the fields `columns` as one JSON column. */
function selectListRows(db: DbOrTx, columns: string[]) {
  const values =
    columns.length === 0
      ? sql`'{}'::json`
      : // Qualified by hand: drizzle writes a selected column without its table, which inside the
        // subquery would name the value's own column. Rows read on their primary keys (ADR 073).
        sql`coalesce((select json_object_agg(v.field_id, v.value) from asset_field_values v
          where v.asset_id = assets.id and ${inArray(sql`v.field_id`, columns)}
          and ${inOrganization(sql.raw('v.organization_id'), sql.raw('assets.organization_id'))}), '{}'::json)`;
  // The location's full path, read on its primary key (the list's location column).
  const locationPath = sql<string | null>`(select l.full_path from locations l where l.id = assets.location_id
    and ${inOrganization(sql.raw('l.organization_id'), sql.raw('assets.organization_id'))})`;
  return db
    .select({
      ...getTableColumns(assets),
      values: values.mapWith((json: Record<string, string>) => json),
      locationPath,
    })
    .from(assets);
}
