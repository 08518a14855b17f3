import type {
  TLanguage,
  TRequestCloseReason,
  TRequestState,
  TRequestStateFilter,
  TRequestUrgency,
} from '@mqr/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '#server/db/client.ts';
import { countUpToRemembered } from '#server/db/count.ts';
import { containsPattern } from '#server/db/like.ts';
import { namedStatementRows } from '#server/db/named-statement.ts';
import {
  assets,
  blockedSenders,
  files,
  maintenanceEvents,
  organizations,
  requestMeToos,
  requestPhotos,
  requests,
  users,
} from '#server/db/schema.ts';

/** The requests' SQL (ADR 129): every statement names its organization, and walks an index of it. */

type Rows<T> = { rows: T[] };

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

export type RequestInsert = typeof requests.$inferInsert;

/** An asset as the public report form needs it, with its organization's settings. */
export interface ReportableAsset {
  id: string;
  organizationId: string;
  name: string;
  slug: string;
  retired: boolean;
  assetReporting: boolean;
  organizationReporting: boolean;
  showOpenReports: boolean;
  organizationName: string;
  timeZone: string;
}

const reportableAssetQuery = (organizationId: string, slug: string, extra: SQL = sql``) =>
  sql`select a.id, a.organization_id as "organizationId", a.name, a.slug, a.retired_at is not null as retired,
      a.reporting_enabled as "assetReporting", o.reporting_enabled as "organizationReporting",
      o.show_open_reports as "showOpenReports", o.name as "organizationName", o.time_zone as "timeZone"${extra}
    from ${assets} a join ${organizations} o on o.id = a.organization_id
    where a.organization_id = ${organizationId} and a.slug = ${slug}`;

export async function findReportableAsset(
  db: DbOrTx,
  organizationId: string,
  slug: string,
): Promise<ReportableAsset | undefined> {
  const [row] = await rowsOf<ReportableAsset>(db, reportableAssetQuery(organizationId, slug));
  return row;
}

/** findReportableAsset with whether the sender is blocked in its organization: a report's one read. */
export async function findReportTarget(
  db: DbOrTx,
  organizationId: string,
  slug: string,
  senderHash: string,
  now: Date,
): Promise<(ReportableAsset & { senderBlocked: boolean }) | undefined> {
  const [row] = await namedStatementRows<ReportableAsset & { senderBlocked: boolean }>(
    db,
    'report_target',
    reportableAssetQuery(
      organizationId,
      slug,
      sql`, exists (select 1 from ${blockedSenders} b where b.organization_id = a.organization_id
        and b.sender_hash = ${senderHash} and b.until > ${now.toISOString()}) as "senderBlocked"`,
    ),
  );
  return row;
}

/** The newest open report of an asset (the public page's "being handled"), by the open-requests index. */
export async function findOpenReport(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
): Promise<{ id: string; createdAt: Date; meTooCount: number } | undefined> {
  const [row] = await namedStatementRows<{ id: string; createdAt: string | Date; meTooCount: number }>(
    db,
    'open_report',
    sql`select id, created_at as "createdAt", me_too_count as "meTooCount" from ${requests}
    where organization_id = ${organizationId} and asset_id = ${assetId} and state in ('new', 'accepted')
    order by created_at desc nulls last limit 1`,
  );
  return row && { ...row, createdAt: new Date(row.createdAt) };
}

export async function blockSender(
  tx: DbOrTx,
  organizationId: string,
  senderHash: string,
  until: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into ${blockedSenders} (organization_id, sender_hash, until) values (${organizationId}, ${senderHash}, ${until.toISOString()})
    on conflict (organization_id, sender_hash) do update set until = greatest(${blockedSenders.until}, excluded.until)`);
}

/** The request of a status token's hash, in any organization (the token names it), or undefined. */
export async function findRequestIdByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ id: string; organizationId: string } | undefined> {
  const [row] = await rowsOf<{ id: string; organizationId: string }>(
    db,
    sql`select id, organization_id as "organizationId" from ${requests} where token_hash = ${tokenHash}`,
  );
  return row;
}

/** A photo of a new report, stored already. */
export interface ReportPhotoRow {
  objectKey: string;
  contentType: string;
  size: number;
}

/**
 * A public report in one statement (ADR 146): the request, unless its token hash is there already
 * (the same Idempotency-Key raced it), then its photos and `writes` (the audit entry, the outbox:
 * CTEs that read the CTE `report`), each only where the request was written. One statement commits
 * alone, so a report needs a transaction only for what comes after it (emails). True when written.
 */
export async function insertReport(
  db: DbOrTx,
  request: RequestInsert,
  photos: ReportPhotoRow[],
  writes: (report: SQL) => SQL[],
): Promise<boolean> {
  const photoRows = photos.map((photo) => ({
    id: uuidv7(),
    object_key: photo.objectKey,
    content_type: photo.contentType,
    size: photo.size,
  }));
  const report = sql.raw('report');
  const rows = await namedStatementRows(
    db,
    'report_insert',
    // Optional columns as null, never left out: drizzle writes `default` for a value left out, a text
    // (and a prepared statement) of its own; so every report is one text (ADR 148).
    sql`with report as (${db
      .insert(requests)
      .values({
        ...request,
        reporterName: request.reporterName ?? null,
        reporterEmail: request.reporterEmail ?? null,
        statusLinkSealed: request.statusLinkSealed ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: requests.id })
      .getSQL()}),
    report_photo as (
      insert into ${requestPhotos} (id, organization_id, request_id, object_key, content_type, size)
      select p.id, ${request.organizationId}::uuid, report.id, p.object_key, p.content_type, p.size
      from report cross join jsonb_to_recordset(${JSON.stringify(photoRows)}::jsonb)
        as p(id uuid, object_key text, content_type text, size integer)
    ), ${sql.join(writes(report), sql`, `)}
    select id from report`,
  );
  return rows.length === 1;
}

/**
 * A second reporter's "me too", once per sender: counted when the mark is new. Answers the count, or
 * undefined when the request is not an open one of the asset.
 */
export async function addMeToo(
  tx: DbOrTx,
  organizationId: string,
  assetId: string,
  requestId: string,
  senderHash: string,
): Promise<number | undefined> {
  const [row] = await rowsOf<{ meTooCount: number }>(
    tx,
    sql`with target as (
      select id from ${requests} where organization_id = ${organizationId} and id = ${requestId}
        and asset_id = ${assetId} and state in ('new', 'accepted')
      for update
    ), mark as (
      insert into ${requestMeToos} (request_id, organization_id, sender_hash)
      select id, ${organizationId}, ${senderHash} from target
      on conflict do nothing returning request_id
    )
    update ${requests} r set me_too_count = r.me_too_count + (select count(*)::int from mark)
    from target where r.id = target.id
    returning r.me_too_count as "meTooCount"`,
  );
  return row?.meTooCount;
}

/** A request with its asset and photo count, as the staff list and detail show it. */
export interface RequestView {
  id: string;
  assetId: string;
  assetName: string;
  assetSlug: string;
  urgency: TRequestUrgency;
  description: string;
  reporterName: string | null;
  reporterEmail: string | null;
  reporterLanguage: TLanguage;
  photoCount: number;
  firstPhotoId: string | null;
  meTooCount: number;
  state: TRequestState;
  createdAt: Date;
  triagedAt: Date | null;
  doneAt: Date | null;
  taskId: string | null;
  closedReason: TRequestCloseReason | null;
  senderHash: string;
  priority: number;
  statusLinkSealed: string | null;
}

const VIEW_COLUMNS = sql`r.id, r.asset_id as "assetId", a.name as "assetName", a.slug as "assetSlug", r.urgency,
  r.description, r.reporter_name as "reporterName", r.reporter_email as "reporterEmail",
  r.reporter_language as "reporterLanguage",
  (select count(*)::int from ${requestPhotos} p where p.request_id = r.id) as "photoCount",
  (select p.id from ${requestPhotos} p where p.request_id = r.id order by p.id limit 1) as "firstPhotoId",
  r.me_too_count as "meTooCount", r.state, r.created_at as "createdAt", r.triaged_at as "triagedAt",
  r.done_at as "doneAt", r.task_id as "taskId", r.closed_reason as "closedReason", r.sender_hash as "senderHash",
  r.priority, r.status_link_sealed as "statusLinkSealed"`;

function toView(row: RequestView): RequestView {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    triagedAt: date(row.triagedAt),
    doneAt: date(row.doneAt),
  };
}

export async function findRequestView(
  db: DbOrTx,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<RequestView | undefined> {
  const [row] = await rowsOf<RequestView>(
    db,
    sql`select ${VIEW_COLUMNS} from ${requests} r
      join ${assets} a on a.organization_id = r.organization_id and a.id = r.asset_id
      where r.organization_id = ${organizationId} and r.id = ${id}
      ${options.forUpdate ? sql`for update of r` : sql``}`,
  );
  return row && toView(row);
}

/** Where the list reads on from: the last row's priority, creation time and id. */
export interface ListCursor {
  priority: number;
  createdAt: string;
  id: string;
}

export interface ListFilter {
  state?: TRequestStateFilter | undefined;
  urgency?: TRequestUrgency | undefined;
  assetId?: string | undefined;
  q?: string | undefined;
}

/** At most this many assets named by the search are given to the list's statement as ids. */
const SEARCH_ASSET_IDS = 500;

/**
 * The search's condition: the words in the description (requests_org_description_trgm_idx) or in
 * the asset's name. The assets so named are read first (assets_org_name_trgm_idx) and given as ids:
 * the planner then estimates each side from its statistics and, for a rare word, reads the few rows
 * of both indexes (a bitmap OR with requests_asset_created_idx) and sorts them; a correlated EXISTS
 * could only filter the rows walked in the list's order, every row for a rare word (ADR 133). More
 * assets than SEARCH_ASSET_IDS make it a common word: the sub-select, with the list's order walked.
 */
async function searchCondition(db: DbOrTx, organizationId: string, q: string): Promise<SQL> {
  const pattern = containsPattern(q);
  const named = sql`select s.id from ${assets} s where s.organization_id = ${organizationId} and s.name ilike ${pattern}`;
  // A common word's look-up reached its cap: remembered for a minute, its next pages and repeats go
  // straight to the sub-select (ADR 076). Only that is kept: the sub-select reads the names afresh.
  let ids: { id: string }[] = [];
  const found = await countUpToRemembered(
    `requests-search:${organizationId}:${pattern.toLowerCase()}`,
    SEARCH_ASSET_IDS + 1,
    async () => {
      // In the primary key's order: for a common word PostgreSQL would otherwise read the table from
      // where another scan of it is (synchronized scans), a big tenant's matches a whole pass away.
      ids = await rowsOf<{ id: string }>(db, sql`${named} order by s.id limit ${SEARCH_ASSET_IDS + 1}`);
      return ids.length;
    },
  );
  if (found > SEARCH_ASSET_IDS) return sql`(r.description ilike ${pattern} or r.asset_id in (${named}))`;
  if (ids.length === 0) return sql`r.description ilike ${pattern}`;
  const array = `{${ids.map((row) => row.id).join(',')}}`;
  return sql`(r.description ilike ${pattern} or r.asset_id = any(${array}::uuid[]))`;
}

/**
 * One page of the organization's requests, unsafe first then newest, by keyset (priority, created_at,
 * id) on the index of its filter: the state's (requests_org_state_list_idx), the open ones'
 * (requests_org_open_list_idx), every state's (requests_org_list_idx), one urgency's, with a state
 * or not (requests_org_state_urgency_idx, requests_org_urgency_idx: one urgency has one priority, so
 * its rows are read by time alone), an asset's. The text
 * search narrows the rows so walked; `limit + 1` are read to know whether a page follows.
 */
export async function listRequests(
  db: DbOrTx,
  organizationId: string,
  filter: ListFilter,
  cursor: ListCursor | undefined,
  limit: number,
): Promise<RequestView[]> {
  const conditions: SQL[] = [sql`r.organization_id = ${organizationId}`];
  if (filter.state === 'open') conditions.push(sql`r.state in ('new', 'accepted')`);
  else if (filter.state) conditions.push(sql`r.state = ${filter.state}`);
  if (filter.urgency) conditions.push(sql`r.urgency = ${filter.urgency}`);
  if (filter.assetId) conditions.push(sql`r.asset_id = ${filter.assetId}`);
  if (filter.q) {
    conditions.push(await searchCondition(db, organizationId, filter.q));
  }
  // One urgency has one priority: its rows are read newest first on an index without the priority.
  // The order says `nulls last` as the indexes do (the columns are never null, but a plain `desc`
  // means nulls first, which no index here is sorted by: the planner would sort every row).
  const byPriority = !filter.urgency;
  if (cursor) {
    conditions.push(
      byPriority
        ? sql`(r.priority, r.created_at, r.id) < (${cursor.priority}, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : sql`(r.created_at, r.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const order = sql`${byPriority ? sql`r.priority desc nulls last, ` : sql``}r.created_at desc nulls last, r.id desc nulls last`;
  // The page is chosen from the requests' index alone, then meets its assets and photo counts.
  const rows = await rowsOf<RequestView>(
    db,
    sql`select ${VIEW_COLUMNS} from (
        select * from ${requests} r where ${sql.join(conditions, sql` and `)} order by ${order} limit ${limit + 1}
      ) r
      join ${assets} a on a.organization_id = r.organization_id and a.id = r.asset_id
      order by ${order}`,
  );
  return rows.map(toView);
}

/** New requests of the organization (the navigation's badge), and the unsafe ones among them. */
export async function countWaiting(
  db: DbOrTx,
  organizationId: string,
): Promise<{ count: number; unsafe: number }> {
  const [row] = await rowsOf<{ count: number; unsafe: number }>(
    db,
    sql`select count(*)::int as count, count(*) filter (where priority = 1)::int as unsafe
      from ${requests} where organization_id = ${organizationId} and state = 'new'`,
  );
  return row ?? { count: 0, unsafe: 0 };
}

export type PhotoRow = typeof requestPhotos.$inferSelect;

export async function findPhotos(db: DbOrTx, organizationId: string, requestId: string): Promise<PhotoRow[]> {
  return rowsOf<PhotoRow>(
    db,
    sql`select id, organization_id as "organizationId", request_id as "requestId", object_key as "objectKey",
      content_type as "contentType", size, file_id as "fileId", created_at as "createdAt"
    from ${requestPhotos} where organization_id = ${organizationId} and request_id = ${requestId} order by id`,
  );
}

/** A task (maintenance event) of the organization that is still open, or undefined. */
export async function findOpenTask(
  db: DbOrTx,
  organizationId: string,
  taskId: string,
): Promise<{ id: string; assetId: string; title: string } | undefined> {
  const [row] = await rowsOf<{ id: string; assetId: string; title: string }>(
    db,
    sql`select id, asset_id as "assetId", title from ${maintenanceEvents}
      where organization_id = ${organizationId} and id = ${taskId} and task_status <> 'Completed'
      for share`,
  );
  return row;
}

/** Inserts the Pending task a request becomes: its asset, the report's words as title and notes. */
export async function insertTask(
  tx: DbOrTx,
  task: {
    id: string;
    organizationId: string;
    assetId: string;
    title: string;
    notes: string;
    assigneeId: string | null;
    dueOn: string | null;
    actorId: string;
    now: Date;
  },
): Promise<typeof maintenanceEvents.$inferSelect> {
  const [row] = await tx
    .insert(maintenanceEvents)
    .values({
      id: task.id,
      organizationId: task.organizationId,
      assetId: task.assetId,
      title: task.title,
      notes: task.notes,
      performedAt: task.now,
      taskStatus: 'Pending',
      assigneeId: task.assigneeId,
      dueOn: task.dueOn,
      createdById: task.actorId,
      updatedById: task.actorId,
      createdAt: task.now,
      updatedAt: task.now,
    })
    .returning();
  return row!;
}

/** The request's photos become files of the task (the same stored objects), once. */
export async function attachPhotosToTask(
  tx: DbOrTx,
  organizationId: string,
  requestId: string,
  task: { id: string; assetId: string },
  actorId: string,
): Promise<void> {
  await tx.execute(sql`
    with photo as (
      select p.id, gen_random_uuid() as file_id, p.object_key, p.content_type, p.size, p.created_at
      from ${requestPhotos} p
      where p.organization_id = ${organizationId} and p.request_id = ${requestId} and p.file_id is null
    ), file as (
      insert into ${files} (id, organization_id, asset_id, event_id, object_key, file_name, content_type, size, created_by_id)
      select photo.file_id, ${organizationId}, ${task.assetId}, ${task.id}, photo.object_key,
        'photo-' || row_number() over (order by photo.id) || case photo.content_type
          when 'image/png' then '.png' when 'image/webp' then '.webp' else '.jpg' end,
        photo.content_type, photo.size, ${actorId}
      from photo
      returning id
    )
    update ${requestPhotos} p set file_id = photo.file_id from photo
    where p.id = photo.id and exists (select 1 from file where file.id = photo.file_id)`);
}

/** Accepted (a task made or chosen), by whom and when: only a new request moves. */
export async function markTriaged(
  tx: DbOrTx,
  organizationId: string,
  id: string,
  change: {
    state: 'accepted' | 'closed';
    taskId?: string;
    closedReason?: TRequestCloseReason;
    actorId: string;
    now: Date;
  },
): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`update ${requests} set state = ${change.state}, task_id = ${change.taskId ?? null},
      closed_reason = ${change.closedReason ?? null}, triaged_at = ${change.now.toISOString()},
      triaged_by_id = ${change.actorId}
    where organization_id = ${organizationId} and id = ${id} and state = 'new' returning id`,
  );
  return rows.length === 1;
}

/** The accepted requests of a task that was completed become done; answers them (their reporters are told). */
export interface DoneRequest {
  id: string;
  assetId: string;
  description: string;
  reporterEmail: string | null;
  reporterLanguage: TLanguage;
  statusLinkSealed: string | null;
}

export async function markDoneForTask(
  tx: DbOrTx,
  organizationId: string,
  taskId: string,
  now: Date,
): Promise<DoneRequest[]> {
  return rowsOf<DoneRequest>(
    tx,
    sql`update ${requests} set state = 'done', done_at = ${now.toISOString()}
      where organization_id = ${organizationId} and task_id = ${taskId} and state = 'accepted'
      returning id, asset_id as "assetId", reporter_email as "reporterEmail",
        reporter_language as "reporterLanguage", description, status_link_sealed as "statusLinkSealed"`,
  );
}

/** The asset's and organization's names, for the emails. */
export async function findNames(
  db: DbOrTx,
  organizationId: string,
  assetId: string,
): Promise<{ assetName: string; organizationName: string; timeZone: string } | undefined> {
  const [row] = await rowsOf<{ assetName: string; organizationName: string; timeZone: string }>(
    db,
    sql`select a.name as "assetName", o.name as "organizationName", o.time_zone as "timeZone"
      from ${assets} a join ${organizations} o on o.id = a.organization_id
      where a.organization_id = ${organizationId} and a.id = ${assetId}`,
  );
  return row;
}

/** The organization's triage setting. */
export async function findTriageRole(db: DbOrTx, organizationId: string): Promise<'member' | 'admin'> {
  const [row] = await rowsOf<{ role: 'member' | 'admin' }>(
    db,
    sql`select request_triage_role as role from ${organizations} where id = ${organizationId}`,
  );
  return row?.role ?? 'member';
}

/** Whether the organization's asset is retired (read-only: no new task on it). Locks it until the commit. */
export async function isAssetRetired(tx: DbOrTx, organizationId: string, assetId: string): Promise<boolean> {
  const [row] = await rowsOf<{ retired: boolean }>(
    tx,
    sql`select retired_at is not null as retired from ${assets}
      where organization_id = ${organizationId} and id = ${assetId} for share`,
  );
  return row?.retired ?? true;
}

/** Whether the task (maintenance event) is one of the organization's, open or not. */
export async function taskExists(db: DbOrTx, organizationId: string, taskId: string): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from ${maintenanceEvents} where organization_id = ${organizationId} and id = ${taskId}`,
  );
  return rows.length > 0;
}

/** Whether the user is an active person of the organization (an assignee). */
export async function isActiveUser(db: DbOrTx, organizationId: string, userId: string): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from ${users} where organization_id = ${organizationId} and id = ${userId} and is_active`,
  );
  return rows.length > 0;
}

/**
 * The accepted requests of a task being deleted go back to new (waiting), untriaged, before the
 * task's row goes (its foreign key would only clear task_id). Done ones stay done: the work was
 * done (ADR 133). Answers them with their asset's name (the audit entries).
 */
export async function reopenForDeletedTask(
  tx: DbOrTx,
  organizationId: string,
  taskId: string,
): Promise<{ id: string; assetName: string }[]> {
  return rowsOf<{ id: string; assetName: string }>(
    tx,
    sql`update ${requests} r set state = 'new', task_id = null, triaged_at = null, triaged_by_id = null
      from ${assets} a
      where r.organization_id = ${organizationId} and r.task_id = ${taskId} and r.state = 'accepted'
        and a.organization_id = r.organization_id and a.id = r.asset_id
      returning r.id, a.name as "assetName"`,
  );
}

/** Of these stored objects, those still a request's photo (a deleted task's files share them). */
export async function objectKeysOfPhotos(
  db: DbOrTx,
  organizationId: string,
  objectKeys: string[],
): Promise<Set<string>> {
  if (objectKeys.length === 0) return new Set();
  const rows = await rowsOf<{ objectKey: string }>(
    db,
    sql`select object_key as "objectKey" from ${requestPhotos}
      where organization_id = ${organizationId} and object_key = any(${`{${objectKeys.map((key) => `"${key}"`).join(',')}}`}::text[])`,
  );
  return new Set(rows.map((row) => row.objectKey));
}

/**
 * Deletes the requests of assets being deleted (their photos and "me too" marks with them): answers
 * the stored object of each photo that no task has as a file, with its asset, to remove from storage
 * after the commit (an attached one goes, or stays, with its file).
 */
export async function deleteRequestsOfAssets(
  tx: DbOrTx,
  organizationId: string,
  assetIds: string[],
): Promise<{ assetId: string; objectKey: string }[]> {
  if (assetIds.length === 0) return [];
  const ids = `{${assetIds.join(',')}}`;
  const photos = await rowsOf<{ assetId: string; objectKey: string }>(
    tx,
    sql`select r.asset_id as "assetId", p.object_key as "objectKey"
      from ${requests} r join ${requestPhotos} p on p.organization_id = r.organization_id and p.request_id = r.id
      where r.organization_id = ${organizationId} and r.asset_id = any(${ids}::uuid[]) and p.file_id is null`,
  );
  await tx.execute(
    sql`delete from ${requests} where organization_id = ${organizationId} and asset_id = any(${ids}::uuid[])`,
  );
  return photos;
}
