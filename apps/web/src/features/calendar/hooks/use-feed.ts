import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarKeys } from '../api/calendar-keys.ts';
import { createFeed } from '../api/create-feed.ts';
import { getFeed } from '../api/get-feed.ts';
import { stopFeed } from '../api/stop-feed.ts';

/** The signed-in user's feed: whether it exists, and creating (or regenerating) and stopping it. */
export function useFeed() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: calendarKeys.feed(), queryFn: ({ signal }) => getFeed(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarKeys.feed() });
  const create = useMutation({ mutationFn: createFeed, onSettled: refresh });
  const stop = useMutation({ mutationFn: stopFeed, onSettled: refresh });
  return { status, create, stop };
}
