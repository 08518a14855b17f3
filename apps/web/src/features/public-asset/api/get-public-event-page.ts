import { type TPublicEventPage, ZPublicEventPage } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /public/orgs/{organizationId}/assets/{slug}/events?after=: an older page of the public history. */
export async function getPublicEventPage(
  organizationId: string,
  slug: string,
  after: string,
  signal?: AbortSignal,
): Promise<TPublicEventPage> {
  const data = await apiRequest(
    `/public/orgs/${encodeURIComponent(organizationId)}/assets/${encodeURIComponent(slug)}/events`,
    { query: { after }, signal },
  );
  return ZPublicEventPage.parse(data);
}
