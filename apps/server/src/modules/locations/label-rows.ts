import { LOCATION_PATH_SEPARATOR } from '@mqr/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { subtreePattern, uuidArray } from './queries.ts';

/** What a location's own QR label prints of it (the labels module lays it out). */
export interface LabelLocationRow {
  id: string;
  name: string;
  code: string | null;
  slug: string;
  /** Its full path of names, "Plant A / Building 2 / Boiler room". */
  fullPath: string;
}

const columns = sql`l.id, l.name, l.code, l.slug, l.full_path as "fullPath"`;

async function rowsOf<T = LabelLocationRow>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The organization's locations among `ids` (in no particular order; ids of other organizations or of
 * no location are simply absent), each read on its primary key with the organization as a filter.
 */
export function findLabelLocations(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<LabelLocationRow[]> {
  return rowsOf(
    db,
    sql`select ${columns} from locations l
      where l.organization_id = ${organizationId} and l.id = any(${uuidArray(ids)})`,
  );
}

// Siblings by name as a person reads them: "Room 2" before "Room 10", whatever the case.
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Tree order: each location right before those inside it, siblings by name (names hold no separator). */
function treeOrder(a: LabelLocationRow, b: LabelLocationRow): number {
  const left = a.fullPath.split(LOCATION_PATH_SEPARATOR);
  const right = b.fullPath.split(LOCATION_PATH_SEPARATOR);
  for (let level = 0; level < Math.min(left.length, right.length); level++) {
    const order = byName.compare(left[level]!, right[level]!) || left[level]!.localeCompare(right[level]!);
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

/**
 * A location of the organization and every location below it, in tree order: `notFound` for another
 * organization's location (or none), `tooMany` past `max` locations (one index range of the subtree's
 * paths, read no further than `max + 1` rows).
 */
export async function findLabelLocationTree(
  db: DbOrTx,
  organizationId: string,
  id: string,
  max: number,
): Promise<LabelLocationRow[] | 'notFound' | 'tooMany'> {
  const [root] = await rowsOf<{ path: string }>(
    db,
    sql`select l.path from locations l where l.organization_id = ${organizationId} and l.id = ${id}`,
  );
  if (!root) return 'notFound';
  const rows = await rowsOf(
    db,
    sql`select ${columns} from locations l
      where l.organization_id = ${organizationId} and l.path like ${subtreePattern(root.path)}
      limit ${max + 1}`,
  );
  return rows.length > max ? 'tooMany' : rows.sort(treeOrder);
}
