import {
  type TCalendarFeed,
  type TCalendarFeedCreated,
  ZCalendarFeed,
  ZCalendarFeedCreated,
} from '@mqr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { calendarKeys } from './calendar-keys.ts';

/** GET /api/calendar/feed: whether the signed-in user has a feed address (never the address). */
export async function getFeed(signal?: AbortSignal): Promise<TCalendarFeed> {
  return ZCalendarFeed.parse(await apiRequest('/api/calendar/feed', signal ? { signal } : {}));
}

/** POST /api/calendar/feed: a new address; the previous one stops. The only answer that holds it. */
export async function createFeed(): Promise<TCalendarFeedCreated> {
  return ZCalendarFeedCreated.parse(await apiRequest('/api/calendar/feed', { method: 'POST', body: {} }));
}

/** DELETE /api/calendar/feed: stops the signed-in user's feed (its address answers 404). */
export async function stopFeed(): Promise<void> {
  await apiRequest('/api/calendar/feed', { method: 'DELETE', body: {} });
}

/** The signed-in user's feed: whether it exists, and creating (or regenerating) and stopping it. */
export function useFeed() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: calendarKeys.feed(), queryFn: ({ signal }) => getFeed(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarKeys.feed() });
  const create = useMutation({ mutationFn: createFeed, onSettled: refresh });
  const stop = useMutation({ mutationFn: stopFeed, onSettled: refresh });
  return { status, create, stop };
}
