import { useCallback, useEffect, useRef, useState } from 'react';

export type TOlderPage<T> = { events: T[]; nextAfter: string | null };

/**
 * The pages after a first page a query answered ("Show more"): `loadMore` asks for the page after
 * the last one loaded. When the first page changes (a refetch after an edit), the older pages are
 * dropped, since they may no longer follow it.
 */
export function useOlderPages<T>(
  firstPage: TOlderPage<T>,
  fetchPage: (after: string, signal: AbortSignal) => Promise<TOlderPage<T>>,
) {
  const [older, setOlder] = useState<T[]>([]);
  const [nextAfter, setNextAfter] = useState(firstPage.nextAfter);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => {
    pending.current?.abort();
    setOlder([]);
    setNextAfter(firstPage.nextAfter);
    setLoading(false);
    setFailed(false);
  }, [firstPage]);
  useEffect(() => () => pending.current?.abort(), []);

  const loadMore = useCallback(async () => {
    if (!nextAfter || pending.current) return;
    const controller = new AbortController();
    pending.current = controller;
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchPage(nextAfter, controller.signal);
      if (controller.signal.aborted) return;
      setOlder((loaded) => [...loaded, ...page.events]);
      setNextAfter(page.nextAfter);
    } catch {
      if (!controller.signal.aborted) setFailed(true);
    } finally {
      if (pending.current === controller) pending.current = null;
      if (!controller.signal.aborted) setLoading(false);
    }
  }, [nextAfter, fetchPage]);

  return { events: [...firstPage.events, ...older], hasMore: nextAfter !== null, loading, failed, loadMore };
}

export type TOlderPages<T> = ReturnType<typeof useOlderPages<T>>;
