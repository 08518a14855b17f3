import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { keptReadOf, type TKeptRead } from './kept-reads.ts';
import { offlineDb } from './offline-db.ts';

/**
 * What is kept of a query: its last data (a refetch that failed, a flaky connection, keeps the data
 * it had as read, without the failure).
 */
function asRead(query: PersistedClient['clientState']['queries'][number]) {
  if (query.state.status !== 'error') return query;
  return {
    ...query,
    state: {
      ...query.state,
      status: 'success' as const,
      error: null,
      fetchFailureCount: 0,
      fetchFailureReason: null,
    },
  };
}

/**
 * The persister of `owner`'s kept copies, in the app's IndexedDB. One write at a time, each of the
 * latest state (states that came meanwhile are skipped), so a change is kept as soon as the write
 * before it is done: a page closed right after the user acted still has it. It writes only while
 * `owner` is the signed-in user (`currentOwner()`): after a sign-out, or once stopped, nothing more is
 * written, so a cache emptied at sign-out or another user's reads never land among this user's copies.
 */
function ownerPersister(owner: string, currentOwner: () => string | null) {
  let latest: PersistedClient | null = null;
  let writing = false;
  let stopped = false;
  const mine = () => !stopped && currentOwner() === owner;

  const writeLatest = async () => {
    if (writing) return;
    writing = true;
    try {
      for (let client = latest; client && mine(); client = latest) {
        latest = null;
        const queries = client.clientState.queries.map(asRead);
        await (await offlineDb()).put('queries', {
          owner,
          client: { ...client, clientState: { ...client.clientState, queries } },
        });
      }
    } catch {
      // Storage full or unavailable: the app works online as before.
    } finally {
      writing = false;
      latest = null;
    }
  };

  const persister: Persister = {
    persistClient(client) {
      if (!mine()) return;
      latest = client;
      void writeLatest();
    },
    async restoreClient() {
      return (await (await offlineDb()).get('queries', owner))?.client;
    },
    async removeClient() {
      await (await offlineDb()).delete('queries', owner);
    },
  };
  return {
    persister,
    stop() {
      stopped = true;
    },
  };
}

export type TKeptCopies = {
  /** Settles once the user's kept copies are back in the cache (or there were none). */
  restored: Promise<void>;
  stop(): void;
};

/**
 * Puts `owner`'s kept copies back into the query cache, then keeps the kept reads up to date on this
 * device as the cache changes (TanStack Query's persister, ADR 090). `buster` changes when the shape
 * of the API's answers does: copies kept by an older version are then dropped.
 */
export function keepCopies(
  queryClient: QueryClient,
  options: {
    owner: string;
    currentOwner: () => string | null;
    reads: readonly TKeptRead[];
    buster: string;
  },
): TKeptCopies {
  const { persister, stop: stopWriting } = ownerPersister(options.owner, options.currentOwner);
  const common = { queryClient, persister, buster: options.buster };
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  const restored = persistQueryClientRestore({ ...common, maxAge: Number.POSITIVE_INFINITY })
    .catch(() => {
      // Unreadable copies were deleted: the app reads what it needs again.
    })
    .then(async () => {
      if (stopped) return;
      // A kept copy is what the device last saw, not a fresh read: shown at once, and read again
      // as soon as a screen uses it and the device is online (a reload shows the latest, as before).
      await queryClient.invalidateQueries();
      unsubscribe = persistQueryClientSubscribe({
        ...common,
        dehydrateOptions: {
          shouldDehydrateQuery: (query) =>
            query.state.data !== undefined && keptReadOf(options.reads, query) !== undefined,
          shouldDehydrateMutation: () => false,
        },
      });
    });
  return {
    restored,
    stop() {
      stopped = true;
      unsubscribe?.();
      stopWriting();
    },
  };
}
