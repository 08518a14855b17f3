import { matchQuery, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A kind of read kept on this device for reading offline (ADR 090): the beginning of its query keys,
 * and how many of them are kept (the ones read last).
 */
export type TKeptRead = { key: QueryKey; limit: number };

/** The kind of kept read a query is, if any. */
export const keptReadOf = (reads: readonly TKeptRead[], query: Query) =>
  reads.find((read) => matchQuery({ queryKey: read.key }, query));

/**
 * Keeps the kept reads in memory as long as they may be read offline (no garbage collection), and
 * each kind to its limit: past it, the ones read longest ago that no screen shows are dropped.
 * Answers the stop.
 */
export function boundKeptReads(queryClient: QueryClient, reads: readonly TKeptRead[]): () => void {
  for (const read of reads) queryClient.setQueryDefaults(read.key, { gcTime: Number.POSITIVE_INFINITY });
  const cache = queryClient.getQueryCache();
  return cache.subscribe((event) => {
    if (event.type !== 'added') return;
    const read = keptReadOf(reads, event.query);
    if (!read) return;
    const sameKind = cache.findAll({ queryKey: read.key });
    if (sameKind.length <= read.limit) return;
    const readAt = (query: Query) => query.state.dataUpdatedAt || Number.POSITIVE_INFINITY;
    const oldestFirst = sameKind
      .filter((query) => query !== event.query && query.getObserversCount() === 0)
      .sort((a, b) => readAt(a) - readAt(b));
    for (const query of oldestFirst.slice(0, sameKind.length - read.limit)) cache.remove(query);
  });
}
