import type { TLocationOption } from '@mqr/contracts';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type { TPage } from '#web/lib/paged-response.ts';
import { locationKeys } from '../api/location-keys.ts';

/** As many choices as the type-ahead gives online. */
const SEEN_RESULTS = 20;

/** The locations this device has seen, for the picker offline, and when it last read any of them. */
export type TSeenLocations = { locations: TLocationOption[]; seenAt: number | null };

/** Each location a cached answer names: tree levels, type-ahead answers, location pages. */
function locationsIn(query: Query): TLocationOption[] {
  const [, kind] = query.queryKey;
  const data = query.state.data;
  if (data === undefined) return [];
  if (kind === 'children')
    return (data as InfiniteData<TPage<TLocationOption>>).pages.flatMap((page) => page.items);
  if (kind === 'search') return data as TLocationOption[];
  if (kind === 'detail') return [data as TLocationOption];
  return [];
}

/**
 * The locations the query cache holds (what the user read here, and the copies kept on this device,
 * ADR 090), each once as read last, for the tree picker offline (ADR 127): the ones whose path
 * holds every word of `text` as the server's type-ahead matches them (whatever their case, `/` and
 * `>` as spaces), the shallowest first, then by path; with no text, the sites. `seenAt` is when the
 * newest of the answers they come from was read (null: none).
 */
export function seenLocations(queryClient: QueryClient, text: string): TSeenLocations {
  const cache = queryClient.getQueryCache();
  const queries = cache
    .findAll({ queryKey: locationKeys.all })
    .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
  const byId = new Map<string, TLocationOption>();
  let seenAt: number | null = null;
  for (const query of queries) {
    const found = locationsIn(query);
    if (found.length === 0) continue;
    seenAt = query.state.dataUpdatedAt;
    // The answer read last says it (the queries go oldest first).
    for (const location of found) byId.set(location.id, location);
  }
  const words = wordsOf(text);
  const locations = [...byId.values()]
    .filter((location) =>
      words.length === 0
        ? location.depth === 1
        : words.every((word) => wordsOf(location.path).join(' ').includes(word)),
    )
    .sort((a, b) => a.depth - b.depth || a.path.localeCompare(b.path))
    .slice(0, SEEN_RESULTS);
  return { locations, seenAt };
}

/** Lower-case words, `/` and `>` counting as spaces (the type-ahead's rule). */
const wordsOf = (text: string): string[] =>
  text
    .toLocaleLowerCase()
    .split(/[\s/>]+/)
    .filter((word) => word !== '');
