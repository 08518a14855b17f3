import { joinLocationPath } from '@mqr/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { locations } from '#server/db/schema.ts';
import { type AuditRecord, recordAudits } from '../audit-logs/index.ts';
import { insertLocation, lockTree } from './service.ts';

/**
 * Locations named by path in an import of assets (docs/product/imports.md#locations-and-parent-assets):
 * each level is found by its name below the one before whatever its case (names are unique among
 * siblings whatever their case, ADR 122), so a path is found by its lower-cased full path, a batch of
 * paths in one statement on `locations_org_lower_full_path_idx`.
 */

/** A location as an import meets it: its id and the tree columns a child is made from. */
export interface PathLocation {
  id: string;
  path: string;
  fullPath: string;
  depth: number;
}

/** How a path of names is matched: its full path, lower-cased ("plant a / room 5"). */
export const locationPathKey = (levels: readonly string[]) => joinLocationPath(levels).toLowerCase();

/** The paths from the top down to each level of `levels` ("A / B / C" → A, A / B, A / B / C). */
export const pathPrefixes = (levels: readonly string[]) =>
  levels.map((_, index) => levels.slice(0, index + 1));

/** The organization's locations at these lower-cased full paths, by key. */
export async function findLocationsByPathKeys(
  db: DbOrTx,
  organizationId: string,
  keys: readonly string[],
): Promise<Map<string, PathLocation>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: locations.id, path: locations.path, fullPath: locations.fullPath, depth: locations.depth })
    .from(locations)
    .where(
      and(
        eq(locations.organizationId, organizationId),
        sql`lower(${locations.fullPath}) = any(${`{${keys.map(arrayItem).join(',')}}`}::text[])`,
      ),
    );
  return new Map(rows.map((row) => [row.fullPath.toLowerCase(), row]));
}

/** A text as an element of a PostgreSQL array literal: quoted, its quotes and backslashes escaped. */
const arrayItem = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * The locations at the end of `paths` (each a path's level names from the top), made where missing
 * in the caller's transaction, under the organization's tree lock (two imports or a move at once wait
 * for each other): every missing level below the one before, marked as made by `importId` (its undo
 * removes them when nothing uses them), each with a CREATE audit entry. Run again (a commit retried),
 * it finds what it made. Answers every path's (and prefix's) location by key.
 */
export async function ensureImportedLocations(
  tx: DbOrTx,
  importer: { organizationId: string; importId: string; fileName: string; actor: AuditRecord['actor'] },
  paths: readonly (readonly string[])[],
): Promise<Map<string, PathLocation>> {
  const { organizationId } = importer;
  const wanted = new Map<string, readonly string[]>();
  // As first written: the check lists a new location by its first spelling, the commit names it so.
  for (const prefix of paths.flatMap(pathPrefixes)) {
    const key = locationPathKey(prefix);
    if (!wanted.has(key)) wanted.set(key, prefix);
  }
  if (wanted.size === 0) return new Map();
  await lockTree(tx, organizationId);
  const found = await findLocationsByPathKeys(tx, organizationId, [...wanted.keys()]);
  // The shallowest first: a level's parent is made (or found) before it.
  const missing = [...wanted].filter(([key]) => !found.has(key)).sort(([, a], [, b]) => a.length - b.length);
  const audits: AuditRecord[] = [];
  const maker = { organizationId, userId: importer.actor?.id ?? null, importId: importer.importId };
  for (const [key, levels] of missing) {
    const parent = levels.length > 1 ? found.get(locationPathKey(levels.slice(0, -1))) : undefined;
    const name = levels.at(-1)!;
    const row = await insertLocation(tx, maker, parent ?? null, {
      name,
      code: null,
      address: null,
      notes: null,
    });
    found.set(key, row);
    audits.push({
      organizationId,
      actor: importer.actor,
      action: 'CREATE',
      entityType: 'Location',
      entityId: row.id,
      entityName: row.fullPath.slice(0, 255),
      changes: { created: true, import: importer.fileName },
      ipAddress: null,
    });
  }
  await recordAudits(tx, audits);
  return found;
}

/**
 * Deletes the locations the import made that nothing uses (no asset, retired ones too, and no
 * location below them that stays), the deepest first; answers how many. One it made that holds
 * anything now stays, as an administrator's own location would.
 */
export async function deleteUnusedImportedLocations(
  tx: DbOrTx,
  organizationId: string,
  importId: string,
): Promise<number> {
  await lockTree(tx, organizationId);
  let deleted = 0;
  for (;;) {
    const rows = await tx.execute(sql`delete from locations l
      where l.organization_id = ${organizationId} and l.import_id = ${importId}
        and not exists (select 1 from assets a where a.organization_id = l.organization_id and a.location_id = l.id)
        and not exists (select 1 from locations c where c.organization_id = l.organization_id and c.parent_id = l.id)
      returning l.id`);
    const count = (rows as unknown as { rows: unknown[] }).rows.length;
    if (count === 0) return deleted;
    deleted += count;
  }
}
