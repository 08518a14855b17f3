import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { files, pendingUploads } from '#server/db/schema.ts';

export type PendingUploadRow = typeof pendingUploads.$inferSelect;
export type FileInsert = typeof files.$inferInsert;
export type FileRow = typeof files.$inferSelect;

export async function insertPendingUpload(db: DbOrTx, values: typeof pendingUploads.$inferInsert) {
  await db.insert(pendingUploads).values(values);
}

/** The organization's pending rows among these keys. */
function amongKeys(organizationId: string, objectKeys: string[]) {
  return and(
    eq(pendingUploads.organizationId, organizationId),
    inArray(pendingUploads.objectKey, objectKeys),
  );
}

/** The pending uploads of the organization among these keys (another organization's never match). */
export async function findPendingUploads(
  db: DbOrTx,
  organizationId: string,
  objectKeys: string[],
): Promise<PendingUploadRow[]> {
  if (objectKeys.length === 0) return [];
  return db.select().from(pendingUploads).where(amongKeys(organizationId, objectKeys));
}

/** Removes these pending rows; answers how many were removed (fewer means another save claimed one). */
export async function deletePendingUploads(
  db: DbOrTx,
  organizationId: string,
  objectKeys: string[],
): Promise<number> {
  return (await claimPendingUploads(db, organizationId, objectKeys)).length;
}

/** Pending uploads created before `cutoff` (at most `limit`), for the sweep. */
export async function findStalePendingUploads(db: DbOrTx, cutoff: Date, limit: number) {
  return db
    .select({ objectKey: pendingUploads.objectKey, organizationId: pendingUploads.organizationId })
    .from(pendingUploads)
    .where(lt(pendingUploads.createdAt, cutoff))
    .limit(limit);
}

/** Removes these pending rows of the organization and answers the rows removed (those a save did not claim first). */
export async function claimPendingUploads(
  db: DbOrTx,
  organizationId: string,
  objectKeys: string[],
): Promise<PendingUploadRow[]> {
  if (objectKeys.length === 0) return [];
  return db.delete(pendingUploads).where(amongKeys(organizationId, objectKeys)).returning();
}

export async function insertFiles(db: DbOrTx, values: FileInsert[]): Promise<FileRow[]> {
  if (values.length === 0) return [];
  return db.insert(files).values(values).returning();
}

export async function deleteFiles(db: DbOrTx, organizationId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(files).where(and(eq(files.organizationId, organizationId), inArray(files.id, ids)));
}
