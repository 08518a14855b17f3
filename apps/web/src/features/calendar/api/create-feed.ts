import { type TCalendarFeedCreated, ZCalendarFeedCreated } from '@mqr/contracts';
import { apiRequest } from '#web/lib/api-client.ts';

/** POST /api/calendar/feed: a new address; the previous one stops. The only answer that holds it. */
export async function createFeed(): Promise<TCalendarFeedCreated> {
  return ZCalendarFeedCreated.parse(await apiRequest('/api/calendar/feed', { method: 'POST', body: {} }));
}
