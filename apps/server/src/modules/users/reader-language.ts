import { languageOf, type TLanguage } from '@mqr/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { organizations, users } from '#server/db/schema.ts';
import type { AuthUser } from '#server/lib/request-context.ts';

/**
 * The language the signed-in person's files are written in (label sheets, CSV headers; ADR 111):
 * theirs, else their organization's (languageOf), read as they are now.
 */
export async function readerLanguage(
  db: DbOrTx,
  user: Pick<AuthUser, 'id' | 'organizationId'>,
): Promise<TLanguage> {
  const [row] = await db
    .select({ language: users.language, organizationLanguage: organizations.defaultLanguage })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.organizationId, user.organizationId), eq(users.id, user.id)))
    .limit(1);
  return row ? languageOf(row, { language: row.organizationLanguage }) : 'en';
}
