import type { TAssetListView } from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findListIds, findListPage, findListRows, type ListRow, type ListView } from './list-queries.ts';
import { resolveListView } from './list-view.ts';

/**
 * Up to `size` of the view's assets after the asset `after`, in the view's order (keyset, however
 * deep): one batch of an export (ADR 042).
 */
export function findAssetViewBatch(
  db: DbOrTx,
  view: ListView,
  after: string | undefined,
  size: number,
): Promise<ListRow[]> {
  return findListPage(db, view, { offset: 0, limit: size, after }, []);
}

/** The organization's assets among `ids`, in the order of `ids` (another organization's are left out). */
export function findAssetRowsInOrder(db: DbOrTx, organizationId: string, ids: string[]): Promise<ListRow[]> {
  return findListRows(db, organizationId, ids, []);
}

/** What a selection by the list's view says when it finds too many assets, or none. */
export interface SelectionLimits {
  max: number;
  tooMany: string;
  noneFound: string;
  /** The body's key the messages are on. */
  path: string;
}

/**
 * The ids of the assets the list shows for `query`, in its order: at most `limits.max` (400 past
 * that, and when it finds none; ADR 048). Read in one walk of the view's indexes. `today` is the
 * organization's date (the due filter's).
 */
export async function findSelectedByView(
  db: DbOrTx,
  organizationId: string,
  query: TAssetListView,
  limits: SelectionLimits,
  today: string,
): Promise<string[]> {
  const view = await resolveListView(db, organizationId, query, today);
  const ids = await findListIds(db, view, { offset: 0, limit: limits.max + 1 });
  const refuse = (message: string) =>
    new AppError('VALIDATION', message, { fields: [{ path: limits.path, message }] });
  if (ids.length > limits.max) throw refuse(limits.tooMany);
  if (ids.length === 0) throw refuse(limits.noneFound);
  return ids;
}
