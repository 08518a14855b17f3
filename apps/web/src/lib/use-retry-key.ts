import { useRef } from 'react';

/**
 * An Idempotency-Key for each body a form saves: the same body sent again (a retry after a failure,
 * when the first save may have reached the server) carries the same key, so the server answers the
 * first result instead of making a second record; another body gets a new key.
 */
export function useRetryKey(): (body: unknown) => string {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body) => {
    const json = JSON.stringify(body);
    if (last.current?.body !== json) last.current = { body: json, key: crypto.randomUUID() };
    return last.current.key;
  };
}
