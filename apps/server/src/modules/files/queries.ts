import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { files } from '#server/db/schema.ts';

export type FileRow = typeof files.$inferSelect;

/** A file of the organization (another organization's id never matches). */
export async function findFile(db: DbOrTx, organizationId: string, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.organizationId, organizationId), eq(files.id, id)))
    .limit(1);
  return row;
}
