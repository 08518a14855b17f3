import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organizations } from '../../db/schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

export async function findOrganizationById(db: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}
