import type { TPublicAsset } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * GET /public/orgs/{organizationId}/assets/{slug}: the read-only asset behind a QR code (no sign-in).
 * Not parsed with zod here: the server sends it through ZPublicAsset, and the public page's bundle
 * stays without the schemas (ADR 032).
 */
export function getPublicAsset(
  organizationId: string,
  slug: string,
  signal?: AbortSignal,
): Promise<TPublicAsset> {
  return apiRequest<TPublicAsset>(
    `/public/orgs/${encodeURIComponent(organizationId)}/assets/${encodeURIComponent(slug)}`,
    { signal },
  );
}
