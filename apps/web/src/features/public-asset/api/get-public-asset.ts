import type { TPublicAsset } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';
import { withRetry } from '#web/lib/retry-policy.ts';
import { type TPublicAnswer, usePublicAnswer } from '#web/lib/use-public-answer.ts';

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

/** The public asset, retried as the app's queries are (a 4xx is an answer, anything else is tried twice more). */
export function loadPublicAsset(
  organizationId: string,
  slug: string,
  signal?: AbortSignal,
): Promise<TPublicAsset> {
  return withRetry((s) => getPublicAsset(organizationId, slug, s), signal);
}

/**
 * The asset of `/a/{organizationId}/{slug}`. `preloaded` is its request already under way: the lean
 * public page starts it as its script starts, before React renders (ADR 032).
 */
export function usePublicAsset(
  organizationId: string,
  slug: string,
  preloaded?: Promise<TPublicAsset>,
): TPublicAnswer<TPublicAsset> {
  return usePublicAnswer(
    JSON.stringify([organizationId, slug]),
    (signal) => loadPublicAsset(organizationId, slug, signal),
    preloaded,
  );
}
