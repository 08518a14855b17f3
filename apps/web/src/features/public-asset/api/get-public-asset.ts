import { type TPublicAsset, ZPublicAsset } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

export const publicAssetKey = (organizationId: string, slug: string) =>
  ['public-asset', organizationId, slug] as const;

/** GET /public/orgs/{organizationId}/assets/{slug}: the read-only asset behind a QR code (no sign-in). */
export async function getPublicAsset(
  organizationId: string,
  slug: string,
  signal?: AbortSignal,
): Promise<TPublicAsset> {
  const data = await apiRequest(
    `/public/orgs/${encodeURIComponent(organizationId)}/assets/${encodeURIComponent(slug)}`,
    { signal },
  );
  return ZPublicAsset.parse(data);
}
