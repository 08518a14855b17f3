import { useEffect, useRef, useState } from 'react';

export type TPublicAnswer<T> = { status: 'pending' } | { status: 'error' } | { status: 'success'; data: T };

/**
 * A public page's one request, without React Query (the lean public page, ADR 032): `load` for the
 * page named by `key`, or `preloaded`, its request already under way when the page's script started.
 * A new key starts again; an answer that comes after the page moved on is dropped.
 */
export function usePublicAnswer<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  preloaded?: Promise<T>,
): TPublicAnswer<T> {
  const [state, setState] = useState<TPublicAnswer<T>>({ status: 'pending' });
  const loader = useRef(load);
  loader.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (another page) is what starts a new request
  useEffect(() => {
    const controller = new AbortController();
    setState((current) => (current.status === 'pending' ? current : { status: 'pending' }));
    (preloaded ?? loader.current(controller.signal)).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [key, preloaded]);
  return state;
}
