import { ApiError } from './api-client.ts';

/**
 * Client errors (4xx) are answers, not glitches: they are not retried; anything else twice, except a
 * network failure while the browser is offline (it would fail again).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isNetworkError && globalThis.navigator?.onLine === false)
    return false;
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;
}

/** The wait before retry number `failureCount + 1`: 1 s, 2 s, 4 s... at most 30 s (React Query's own). */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/**
 * Calls `load` until it answers or the policy gives up, as the app's queries do, for a request made
 * without React Query (the lean public page, ADR 032). An abort ends the waiting at once.
 */
export async function withRetry<T>(
  load: (signal?: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  for (let failureCount = 0; ; failureCount += 1) {
    try {
      return await load(signal);
    } catch (error) {
      if (signal?.aborted || !shouldRetry(failureCount, error)) throw error;
    }
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, retryDelay(failureCount));
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }
}
