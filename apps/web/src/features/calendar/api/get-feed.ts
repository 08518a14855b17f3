import { type TCalendarFeed, ZCalendarFeed } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/calendar/feed: whether the signed-in user has a feed address (never the address). */
export async function getFeed(signal?: AbortSignal): Promise<TCalendarFeed> {
  return ZCalendarFeed.parse(await apiRequest('/api/calendar/feed', signal ? { signal } : {}));
}
