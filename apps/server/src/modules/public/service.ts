import type { TPublicAsset } from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { publicAssetQrCodeUrl } from '#server/lib/public-urls.ts';
import { getAssetViewBySlug } from '../assets/service.ts';

/**
 * The public page of an asset: names and values only (no user emails, no ids of users, events or
 * field definitions). NOT_FOUND for an unknown organization or slug.
 */
export async function getPublicAsset(
  db: DbOrTx,
  organizationId: string,
  slug: string,
): Promise<TPublicAsset> {
  const view = await getAssetViewBySlug(db, organizationId, slug);
  const { row } = view;
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    organizationId: row.organizationId,
    qrCodeUrl: publicAssetQrCodeUrl(row.organizationId, row.slug),
    fields: view.fields.map((f) => ({ label: f.label, value: f.value, isActive: f.isActive })),
    events: view.events.map((e) => ({
      title: e.title,
      notes: e.notes,
      recordedBy: e.recordedBy,
      performedAt: e.performedAt,
      taskStatus: e.taskStatus,
      taskStartedAt: e.taskStartedAt,
      taskStartedBy: e.taskStartedBy,
      taskCompletedAt: e.taskCompletedAt,
      taskCompletedBy: e.taskCompletedBy,
      fields: e.fields.map((f) => ({ label: f.label, value: f.value })),
      files: e.files,
    })),
    files: view.files,
  };
}
