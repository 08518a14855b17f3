import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { listStateOf, paramsOf, type TListState } from '../lib/list-state.ts';

/**
 * The asset list's state, kept in the URL: a view can be shared, and Back goes to the view before. A
 * change starts again at page 1 unless it names a page; `replace` keeps the history entry (a search
 * as it is typed).
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => listStateOf(params), [params]);
  // A change made later (the search box's pause) builds on the URL as it is then: React Router's
  // functional update would hand it the parameters of the render that made the callback.
  const latest = useRef(params);
  latest.current = params;
  const update = useCallback(
    (change: Partial<TListState>, options: { replace?: boolean } = {}) => {
      setParams(paramsOf({ ...listStateOf(latest.current), page: 1, ...change }), {
        replace: options.replace ?? false,
      });
    },
    [setParams],
  );
  return { state, update };
}
