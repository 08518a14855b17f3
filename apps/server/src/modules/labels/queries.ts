import { and, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { inOrganization } from '#server/db/organization-filter.ts';
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

/**
 * The organization's assets among `ids`, with their value of field `fieldId` (null for none), each read
 * on its primary key with the organization checked as a filter (ADR 073).
 */
const labelAssetsByIds = preparedQuery('label_assets_by_ids', (db) =>
  db
    .select({
      id: assets.id,
      name: assets.name,
      slug: assets.slug,
      fieldValue: sql<string | null>`(select v.value from ${assetFieldValues} v
        where v.asset_id = ${assets.id} and v.field_id = ${sql.placeholder('fieldId')}
        and ${inOrganization(sql.raw('v.organization_id'), assets.organizationId)})`,
    })
    .from(assets)
    .where(
      and(
        isAnyOf(assets.id, 'ids'),
        inOrganization(assets.organizationId, sql.placeholder('organizationId')),
      ),
    ),
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
