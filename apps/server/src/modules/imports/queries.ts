import { DEFAULT_TIME_ZONE, type MessageValues } from '@mqr/contracts';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '#server/db/client.ts';
import {
  assets,
  type ImportChangeBefore,
  importChanges,
  importProblems,
  importRows,
  importRuns,
  maintenanceEvents,
  organizations,
  users,
} from '#server/db/schema.ts';

export type ImportRunRow = typeof importRuns.$inferSelect;
export type ImportRunInsert = typeof importRuns.$inferInsert;

const ofImport = (organizationId: string, importId: string): SQL | undefined =>
  and(eq(importRuns.organizationId, organizationId), eq(importRuns.id, importId));

export async function insertImportRun(db: DbOrTx, values: ImportRunInsert): Promise<ImportRunRow> {
  const [row] = await db.insert(importRuns).values(values).returning();
  if (!row) throw new Error('The import was not inserted.');
  return row;
}

/** The import of the organization, or undefined (another organization's id). */
export async function findImportRun(
  db: DbOrTx,
  organizationId: string,
  importId: string,
): Promise<ImportRunRow | undefined> {
  const [row] = await db.select().from(importRuns).where(ofImport(organizationId, importId)).limit(1);
  return row;
}

/** The organization's newest imports. */
export function listImportRuns(db: DbOrTx, organizationId: string, limit: number): Promise<ImportRunRow[]> {
  return db
    .select()
    .from(importRuns)
    .where(eq(importRuns.organizationId, organizationId))
    .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
    .limit(limit);
}

/**
 * Changes an import when it is in one of `from` (its status read and written in one statement, so two
 * requests racing to start a check or a commit cannot both win). Undefined when it is not.
 */
export async function updateImportRun(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  from: readonly ImportRunRow['status'][],
  changes: Partial<ImportRunInsert>,
): Promise<ImportRunRow | undefined> {
  const [row] = await db
    .update(importRuns)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(ofImport(organizationId, importId), inArray(importRuns.status, [...from])))
    .returning();
  return row;
}

/**
 * Deletes the import when it is in one of `from`, with its stored rows, problems and what undoing it
 * needed (cascades); the assets it created stay, no longer remembering it. Undefined when it is not.
 */
export async function deleteImportRun(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  from: readonly ImportRunRow['status'][],
): Promise<ImportRunRow | undefined> {
  const [row] = await db
    .delete(importRuns)
    .where(and(ofImport(organizationId, importId), inArray(importRuns.status, [...from])))
    .returning();
  return row;
}

/**
 * Stores a batch of an upload's rows in one statement. The batch travels as one JSON parameter that
 * the database unpacks: drizzle would spend tens of milliseconds of the event loop building a
 * VALUES list of 1,000 rows (ADR 088).
 */
export async function insertImportRows(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  rows: { rowNumber: number; sheetRow: number; cells: string[] }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${importRows} (organization_id, import_id, row_number, sheet_row, cells)
    select ${organizationId}, ${importId}, r."rowNumber", r."sheetRow", r.cells
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r("rowNumber" integer, "sheetRow" integer, cells jsonb)`);
}

/** An import's stored rows meeting `condition`, in order. */
function selectImportRows(db: DbOrTx, organizationId: string, importId: string, condition: SQL) {
  return db
    .select({ rowNumber: importRows.rowNumber, sheetRow: importRows.sheetRow, cells: importRows.cells })
    .from(importRows)
    .where(and(eq(importRows.organizationId, organizationId), eq(importRows.importId, importId), condition))
    .orderBy(asc(importRows.rowNumber));
}

/** Up to `size` rows of the import after row `after`, in file order, their cells as stored. */
export function findImportRows(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  after: number,
  size: number,
): Promise<{ rowNumber: number; sheetRow: number; cells: string[] }[]> {
  return selectImportRows(db, organizationId, importId, gt(importRows.rowNumber, after)).limit(size);
}

/** The distinct non-blank values of one column of the import, up to `limit` of them, sorted. */
export async function distinctColumnValues(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  column: number,
  limit: number,
): Promise<string[]> {
  // The index as a literal: DISTINCT and ORDER BY must name the same expression, and two parameters
  // are two expressions to PostgreSQL. It is a column number of the mapping, never user text.
  const index = sql.raw(String(Math.trunc(column)));
  const value = sql<string>`btrim(${importRows.cells} ->> ${index})`;
  const rows = await db
    .selectDistinct({ value })
    .from(importRows)
    .where(
      and(
        eq(importRows.organizationId, organizationId),
        eq(importRows.importId, importId),
        sql`coalesce(${value}, '') <> ''`,
      ),
    )
    .orderBy(value)
    .limit(limit);
  return rows.map((row) => row.value);
}

export async function deleteImportRows(db: DbOrTx, organizationId: string, importId: string): Promise<void> {
  await db
    .delete(importRows)
    .where(and(eq(importRows.organizationId, organizationId), eq(importRows.importId, importId)));
}

export async function deleteImportProblems(
  db: DbOrTx,
  organizationId: string,
  importId: string,
): Promise<void> {
  await db
    .delete(importProblems)
    .where(and(eq(importProblems.organizationId, organizationId), eq(importProblems.importId, importId)));
}

/** A problem as stored: its English, with its message's id and values when it has them (ADR 121). */
export interface StoredProblem {
  rowNumber: number;
  column: string;
  message: string;
  messageId?: string | undefined;
  values?: MessageValues | undefined;
}

/** Stores problems, or warnings (`isWarning`), of a check. */
export async function insertImportProblems(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  problems: StoredProblem[],
  isWarning = false,
): Promise<void> {
  if (problems.length === 0) return;
  // As insertImportRows: one JSON parameter, not a VALUES list built on the event loop.
  // Ids made here, as the schema's default makes them (uuidv7, in file order).
  const batch = problems.map((problem) => ({
    id: uuidv7(),
    rowNumber: problem.rowNumber,
    column: problem.column.slice(0, 255),
    message: problem.message,
    messageId: problem.messageId ?? null,
    values: problem.values ?? null,
  }));
  await db.execute(sql`
    insert into ${importProblems}
      (id, organization_id, import_id, row_number, column_name, message, message_id, message_values, is_warning)
    select p.id, ${organizationId}, ${importId}, p."rowNumber", p."column", p.message, p."messageId", p."values",
      ${isWarning}
    from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
      as p(id uuid, "rowNumber" integer, "column" text, message text, "messageId" text, "values" jsonb)`);
}

/** A page of the import's problems (or warnings), in file order. */
export function findImportProblems(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  page: { offset: number; limit: number },
  isWarning = false,
) {
  return db
    .select({
      row: importProblems.rowNumber,
      column: importProblems.column,
      message: importProblems.message,
      messageId: importProblems.messageId,
      values: importProblems.messageValues,
    })
    .from(importProblems)
    .where(
      and(
        eq(importProblems.organizationId, organizationId),
        eq(importProblems.importId, importId),
        eq(importProblems.isWarning, isWarning),
      ),
    )
    .orderBy(asc(importProblems.rowNumber), asc(importProblems.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The stored rows of an import with these numbers, in order. */
export function findImportRowsNumbered(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  rowNumbers: readonly number[],
): Promise<{ rowNumber: number; sheetRow: number; cells: string[] }[]> {
  if (rowNumbers.length === 0) return Promise.resolve([]);
  return selectImportRows(db, organizationId, importId, inArray(importRows.rowNumber, [...rowNumbers]));
}

/** What an import compares a row with: an asset of the organization's. */
const existingAsset = {
  id: assets.id,
  slug: assets.slug,
  name: assets.name,
  description: assets.description,
  externalId: assets.externalId,
  locationId: assets.locationId,
  parentAssetId: assets.parentAssetId,
  retiredAt: assets.retiredAt,
  importId: assets.importId,
};
export interface ExistingAsset {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  externalId: string | null;
  locationId: string | null;
  parentAssetId: string | null;
  retiredAt: Date | null;
  /** The import that created it, if one did. */
  importId: string | null;
}

/** The organization's assets meeting `condition`; locked until the transaction ends when `lock`. */
function findExistingAssets(db: DbOrTx, organizationId: string, condition: SQL, lock: boolean) {
  const query = db
    .select(existingAsset)
    .from(assets)
    .where(and(eq(assets.organizationId, organizationId), condition));
  return lock ? query.for('update') : query;
}

/** The organization's assets with these slugs. */
export function findAssetsBySlugs(db: DbOrTx, organizationId: string, slugs: string[], lock = false) {
  if (slugs.length === 0) return Promise.resolve([]);
  return findExistingAssets(db, organizationId, inArray(assets.slug, slugs), lock);
}

/** The organization's assets with these external IDs (lower-cased), read on their unique index. */
export function findAssetsByExternalIds(
  db: DbOrTx,
  organizationId: string,
  lowerIds: string[],
  lock = false,
) {
  if (lowerIds.length === 0) return Promise.resolve([]);
  const condition = and(isNotNull(assets.externalId), inArray(sql`lower(${assets.externalId})`, lowerIds));
  return findExistingAssets(db, organizationId, condition!, lock);
}

/** The organization's assets in service with these names (lower-cased), read on assets_org_name_idx. */
export function findAssetsInServiceByNames(
  db: DbOrTx,
  organizationId: string,
  lowerNames: string[],
  lock = false,
) {
  if (lowerNames.length === 0) return Promise.resolve([]);
  const condition = and(isNull(assets.retiredAt), inArray(sql`lower(${assets.name})`, lowerNames));
  return findExistingAssets(db, organizationId, condition!, lock);
}

/** One asset an import created or updated, as its undo needs it (ADR 093). */
export interface ImportChange {
  assetId: string;
  created: boolean;
  writtenAt: Date;
  before: ImportChangeBefore | null;
}

/** Stores what a chunk of a commit created and updated, in one statement (a JSON parameter, ADR 088). */
export async function insertImportChanges(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  changes: ImportChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await db.execute(sql`
    insert into ${importChanges} (import_id, organization_id, asset_id, created, written_at, before)
    select ${importId}, ${organizationId}, c."assetId", c.created, c."writtenAt", c.before
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
      as c("assetId" uuid, created boolean, "writtenAt" timestamptz, before jsonb)
    on conflict (import_id, asset_id, organization_id) do nothing`);
}

/**
 * The ids of the assets the import created that are in service (not retired), in file order (the
 * commit inserts them in row order, with time-ordered ids): `limit` of them after the first `offset`,
 * read from assets_org_import_idx.
 */
export async function findCreatedAssetIds(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  offset: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(
      and(eq(assets.organizationId, organizationId), eq(assets.importId, importId), isNull(assets.retiredAt)),
    )
    .orderBy(asc(assets.createdAt), asc(assets.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** An event as a history import tells one from another: its asset, title and performed-at moment. */
export interface EventIdentity {
  assetId: string;
  title: string;
  performedAt: Date;
}

/**
 * Those of `events` that the organization already has (same asset, title and performed-at moment),
 * in one statement: the candidates as a VALUES list joined on the asset's history index.
 */
export async function findRecordedEvents(
  db: DbOrTx,
  organizationId: string,
  events: EventIdentity[],
): Promise<EventIdentity[]> {
  if (events.length === 0) return [];
  const candidates = sql.join(
    events.map(
      (e) => sql`(${e.assetId}::uuid, ${e.title}::text, ${e.performedAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  return db
    .select({
      assetId: maintenanceEvents.assetId,
      title: maintenanceEvents.title,
      performedAt: maintenanceEvents.performedAt,
    })
    .from(maintenanceEvents)
    .innerJoin(
      sql`(values ${candidates}) as candidate(asset_id, title, performed_at)`,
      sql`${maintenanceEvents.assetId} = candidate.asset_id and ${maintenanceEvents.performedAt} = candidate.performed_at and ${maintenanceEvents.title} = candidate.title`,
    )
    .where(eq(maintenanceEvents.organizationId, organizationId));
}

/** The organization's users whose email or display name (lower-cased) is one of `names`. */
export function findUsersByName(db: DbOrTx, organizationId: string, names: string[]) {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        or(inArray(sql`lower(${users.email})`, names), inArray(sql`lower(${users.displayName})`, names)),
      ),
    );
}

/**
 * Waits for, then holds until the transaction ends, the organization's lock of history imports: two
 * instances committing history files of one organization take turns chunk by chunk.
 */
export async function lockHistoryImports(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`history-import:${organizationId}`}, 0))`,
  );
}

/** The organization's time zone: where "today" is for the tasks an import's rows make due (ADR 051). */
export async function findTimeZone(db: DbOrTx, organizationId: string): Promise<string> {
  const [organization] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return organization?.timeZone ?? DEFAULT_TIME_ZONE;
}
