import type { TPublicLocation } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';
import { withRetry } from '#web/lib/retry-policy.ts';
import { type TPublicAnswer, usePublicAnswer } from '#web/lib/use-public-answer.ts';

/**
 * GET /public/orgs/{organizationId}/locations/{slug}: a location's public page (no sign-in), where the
 * organization turns them on. Not parsed with zod: the server sends it through ZPublicLocation, and
 * the public page's bundle stays without the schemas (ADR 032).
 */
export function getPublicLocation(
  organizationId: string,
  slug: string,
  signal?: AbortSignal,
): Promise<TPublicLocation> {
  return apiRequest<TPublicLocation>(
    `/public/orgs/${encodeURIComponent(organizationId)}/locations/${encodeURIComponent(slug)}`,
    { signal },
  );
}

/** The public location, retried as the app's queries are (a 4xx is an answer). */
export function loadPublicLocation(
  organizationId: string,
  slug: string,
  signal?: AbortSignal,
): Promise<TPublicLocation> {
  return withRetry((s) => getPublicLocation(organizationId, slug, s), signal);
}

/** The location of `/l/{organizationId}/{slug}`; `preloaded`: its request already under way (ADR 032). */
export function usePublicLocation(
  organizationId: string,
  slug: string,
  preloaded?: Promise<TPublicLocation>,
): TPublicAnswer<TPublicLocation> {
  return usePublicAnswer(
    JSON.stringify([organizationId, slug]),
    (signal) => loadPublicLocation(organizationId, slug, signal),
    preloaded,
  );
}
