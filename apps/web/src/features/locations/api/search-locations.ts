import { type TLocationOption, ZLocationOption } from '@mqr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { locationKeys } from './location-keys.ts';

/** How many answers the picker shows. */
const PICKER_RESULTS = 20;

/** GET /api/locations/search: the locations whose full path holds every word of `text`, best first. */
export async function searchLocations(text: string, signal?: AbortSignal): Promise<TLocationOption[]> {
  const data = await apiRequest('/api/locations/search', {
    query: { q: text, limit: PICKER_RESULTS },
    ...(signal ? { signal } : {}),
  });
  return ZLocationOption.array().parse(data);
}

/** The type-ahead's answers for `text` (trimmed; nothing is asked for an empty text). */
export function useLocationSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: locationKeys.search(q),
    queryFn: ({ signal }) => searchLocations(q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
