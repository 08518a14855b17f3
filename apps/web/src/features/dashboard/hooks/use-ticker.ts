import { TICKER_INTERVAL_MS } from '@mqr/contracts';
import { useCallback, useEffect, useState } from 'react';

function pageHidden(): boolean {
  return typeof document !== 'undefined' && document.hidden;
}

/**
 * A rotating position over `count` items: 0 first, then one step every `intervalMs` (wrapping).
 * Nothing runs with fewer than two items, when disabled, when paused by the user, or while the page
 * is in the background. An index outside a new, smaller count starts over at 0.
 */
export function useTicker(
  count: number,
  options: { enabled?: boolean; intervalMs?: number } = {},
): { index: number; paused: boolean; togglePaused: () => void } {
  const { enabled = true, intervalMs = TICKER_INTERVAL_MS } = options;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hidden, setHidden] = useState(pageHidden);

  // Fewer items than before: start over (adjusted while rendering, not after a paint).
  if (index !== 0 && index >= count) setIndex(0);

  useEffect(() => {
    const onVisibility = () => setHidden(pageHidden());
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const running = enabled && !paused && !hidden && count > 1;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [running, count, intervalMs]);

  const togglePaused = useCallback(() => setPaused((current) => !current), []);

  return { index: index < count ? index : 0, paused, togglePaused };
}
