import type { TPublicEventPage } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * GET /public/orgs/{organizationId}/assets/{slug}/events?after=: an older page of the public history
 * (sent through ZPublicEventPage by the server; not parsed again here, ADR 032).
 */
export function getPublicEventPage(
  organizationId: string,
  slug: string,
  after: string,
  signal?: AbortSignal,
): Promise<TPublicEventPage> {
  return apiRequest<TPublicEventPage>(
    `/public/orgs/${encodeURIComponent(organizationId)}/assets/${encodeURIComponent(slug)}/events`,
    { query: { after }, signal },
  );
}
