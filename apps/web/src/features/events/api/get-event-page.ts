import { type TEventPage, ZEventPage } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/assets/{id}/events?after=: the asset's events older than the event `after`. */
export async function getEventPage(
  assetId: string,
  after: string,
  signal?: AbortSignal,
): Promise<TEventPage> {
  const data = await apiRequest(`/api/assets/${encodeURIComponent(assetId)}/events`, {
    query: { after },
    signal,
  });
  return ZEventPage.parse(data);
}
