import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { isAnyOf, preparedQuery } from '#server/db/prepared.ts';
import { assetFieldValues, assets } from '#server/db/schema.ts';

/** What a label prints of an asset. */
export interface LabelAssetRow {
  id: string;
  name: string;
  slug: string;
  /** The value of the chosen custom field, null without one. */
  fieldValue: string | null;
}

/** The organization's assets among `ids`, with their value of field `fieldId` (null for none). */
const labelAssetsByIds = preparedQuery('label_assets_by_ids', (db) =>
  db
    .select({ id: assets.id, name: assets.name, slug: assets.slug, fieldValue: assetFieldValues.value })
    .from(assets)
    .leftJoin(
      assetFieldValues,
      and(
        eq(assetFieldValues.assetId, assets.id),
        eq(assetFieldValues.organizationId, assets.organizationId),
        eq(assetFieldValues.fieldId, sql.placeholder('fieldId')),
      ),
    )
    .where(and(eq(assets.organizationId, sql.placeholder('organizationId')), isAnyOf(assets.id, 'ids'))),
);

/**
 * The organization's assets among `ids` (in no particular order; ids of other organizations or of
 * no asset are simply absent), each with its value of the custom field `fieldId`.
 */
export function findLabelAssets(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
  fieldId: string | null,
): Promise<LabelAssetRow[]> {
  return labelAssetsByIds(db, { organizationId, ids, fieldId });
}
