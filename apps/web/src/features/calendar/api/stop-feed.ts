import { apiRequest } from '#web/lib/api-client.ts';

/** DELETE /api/calendar/feed: stops the signed-in user's feed (its address answers 404). */
export async function stopFeed(): Promise<void> {
  await apiRequest('/api/calendar/feed', { method: 'DELETE', body: {} });
}
