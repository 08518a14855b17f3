import { useCallback, useMemo } from 'react';
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
  const update = useCallback(
    (change: Partial<TListState>, options: { replace?: boolean } = {}) => {
      setParams((current) => paramsOf({ ...listStateOf(current), page: 1, ...change }), {
        replace: options.replace ?? false,
      });
    },
    [setParams],
  );
  return { state, update };
}
