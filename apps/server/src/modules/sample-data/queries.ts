import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import {
  assetFieldValues,
  assets,
  eventFieldValues,
  fieldDefinitions,
  files,
  maintenanceEvents,
  organizations,
  type SAMPLE_RECORD_KINDS,
  sampleRecords,
  scheduleFieldValues,
  schedules,
  users,
} from '#server/db/schema.ts';
import type { AuthUser } from '#server/lib/request-context.ts';

// The sample data's reads and writes (ADR 097); every statement is scoped by the organization.

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/**
 * Locks the organization's row until the transaction ends: two requests adding (or removing) the
 * sample at once take turns, so the second finds the first's work. Answers its name.
 */
export async function lockOrganization(tx: DbOrTx, organizationId: string): Promise<string> {
  const [row] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return row!.name;
}

const ofKind = (organizationId: string, kind: (typeof SAMPLE_RECORD_KINDS)[number]) =>
  sql`select r.entity_id from ${sampleRecords} r where r.organization_id = ${organizationId} and r.kind = ${kind}`;

/** What the sample still has in the organization: its assets, fields and schedules that exist, and since when. */
export async function findSampleState(
  db: DbOrTx,
  organizationId: string,
): Promise<{ assets: number; fields: number; schedules: number; addedAt: Date | null; anyAsset: boolean }> {
  const [row] = await rowsOf<{
    assets: number;
    fields: number;
    schedules: number;
    addedAt: string | null;
    anyAsset: boolean;
  }>(
    db,
    sql`select
      (select count(*)::int from ${assets} a where a.organization_id = ${organizationId}
        and a.id in (${ofKind(organizationId, 'asset')})) as assets,
      (select count(*)::int from ${fieldDefinitions} d where d.organization_id = ${organizationId}
        and d.id in (${ofKind(organizationId, 'field')})) as fields,
      (select count(*)::int from ${schedules} s where s.organization_id = ${organizationId}
        and s.id in (${ofKind(organizationId, 'schedule')})) as schedules,
      (select min(r.added_at) from ${sampleRecords} r where r.organization_id = ${organizationId}) as "addedAt",
      exists (select 1 from ${assets} a where a.organization_id = ${organizationId}) as "anyAsset"`,
  );
  return { ...row!, addedAt: row!.addedAt ? new Date(row!.addedAt) : null };
}

/** The organization's active people, oldest first (at most 20): who the sample's work is stamped with. */
export function findStaff(db: DbOrTx, organizationId: string) {
  return db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.isActive, true)))
    .orderBy(users.createdAt, users.id)
    .limit(20);
}

/**
 * Who adds or removes the sample from the command line: the organization's oldest active
 * administrator (the audit log names them), in the organization's time zone; undefined without one.
 */
export async function findSampleDataActor(db: DbOrTx, organizationId: string): Promise<AuthUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      isAdmin: users.isAdmin,
      isSuperAdmin: users.isSuperAdmin,
      canEditCompletedMaintenanceEvents: users.canEditCompletedMaintenanceEvents,
      timeZone: organizations.timeZone,
      language: users.language,
      organizationLanguage: organizations.defaultLanguage,
      currency: organizations.currency,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.isActive, true),
        sql`(${users.isAdmin} or ${users.isSuperAdmin})`,
      ),
    )
    .orderBy(users.createdAt, users.id)
    .limit(1);
  return row ? { ...row, organizationId, dailyDigest: false } : undefined;
}

/** Marks what the sample made. */
export async function insertSampleRecords(
  tx: DbOrTx,
  organizationId: string,
  addedAt: Date,
  records: { kind: (typeof SAMPLE_RECORD_KINDS)[number]; ids: string[] }[],
): Promise<void> {
  const rows = records.flatMap((record) =>
    record.ids.map((entityId) => ({ organizationId, kind: record.kind, entityId, addedAt })),
  );
  if (rows.length > 0) await tx.insert(sampleRecords).values(rows);
}

/**
 * The sample's assets still there, locked, each saying whether someone has made it theirs since the
 * sample was added: edited it (its "last updated" is later), or added to it an event, a file or a
 * schedule the sample did not make (a task its sample schedules create is the sample's).
 */
export function findSampleAssetsForUpdate(tx: DbOrTx, organizationId: string) {
  return rowsOf<{ id: string; name: string; slug: string; changed: boolean }>(
    tx,
    sql`select a.id, a.name, a.slug,
        (a.updated_at > r.added_at
          or exists (select 1 from ${maintenanceEvents} e
            where e.organization_id = ${organizationId} and e.asset_id = a.id and e.created_at > r.added_at
              and (e.schedule_id is null or e.schedule_id not in (${ofKind(organizationId, 'schedule')})))
          or exists (select 1 from ${files} f
            where f.organization_id = ${organizationId} and f.asset_id = a.id and f.created_at > r.added_at)
          or exists (select 1 from ${schedules} s
            where s.organization_id = ${organizationId} and s.asset_id = a.id
              and s.id not in (${ofKind(organizationId, 'schedule')}))
        ) as changed
      from ${sampleRecords} r
      join ${assets} a on a.organization_id = r.organization_id and a.id = r.entity_id
      where r.organization_id = ${organizationId} and r.kind = 'asset'
      order by a.id
      for update of a`,
  );
}

/**
 * Deletes the sample's custom fields that no longer hold a value anywhere (assets, events, schedules):
 * one a person filled in on their own assets stays theirs. Answers how many went.
 */
export async function deleteUnusedSampleFields(tx: DbOrTx, organizationId: string): Promise<number> {
  const unused = (table: typeof assetFieldValues | typeof eventFieldValues | typeof scheduleFieldValues) =>
    sql`not exists (select 1 from ${table} v where v.organization_id = ${organizationId} and v.field_id = ${fieldDefinitions.id})`;
  const deleted = await tx
    .delete(fieldDefinitions)
    .where(
      and(
        eq(fieldDefinitions.organizationId, organizationId),
        sql`${fieldDefinitions.id} in (${ofKind(organizationId, 'field')})`,
        unused(assetFieldValues),
        unused(eventFieldValues),
        unused(scheduleFieldValues),
      ),
    )
    .returning({ id: fieldDefinitions.id });
  return deleted.length;
}

/** Forgets the organization's sample: what is left of it is now the organization's own. */
export async function deleteSampleRecords(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.delete(sampleRecords).where(eq(sampleRecords.organizationId, organizationId));
}
