import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { retryDelay, shouldRetry, withRetry } from './retry-policy.ts';

const unavailable = () => new ApiError(503, 'UNAVAILABLE', 'Down');
const notFound = () => new ApiError(404, 'NOT_FOUND', 'Not found');

describe('retry policy', () => {
  it('retries anything but a 4xx, twice', () => {
    expect(shouldRetry(0, unavailable())).toBe(true);
    expect(shouldRetry(1, new TypeError('network'))).toBe(true);
    expect(shouldRetry(2, unavailable())).toBe(false);
    expect(shouldRetry(0, notFound())).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'RATE_LIMITED', 'Slow down'))).toBe(false);
    expect([0, 1, 2, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000]);
  });

  describe('withRetry', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('asks again after 1 s and 2 s, then gives up with the last error', async () => {
      const load = vi.fn(async () => {
        throw unavailable();
      });
      const result = withRetry(load).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(999);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(2000);
      expect(load).toHaveBeenCalledTimes(3);
      expect(await result).toMatchObject({ status: 503 });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(load).toHaveBeenCalledTimes(3);
    });

    it('answers the first success, and does not ask again after a 4xx', async () => {
      const flaky = vi.fn().mockRejectedValueOnce(unavailable()).mockResolvedValueOnce('asset');
      const answer = withRetry(flaky);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await answer).toBe('asset');

      const missing = vi.fn(async () => {
        throw notFound();
      });
      await expect(withRetry(missing)).rejects.toMatchObject({ status: 404 });
      expect(missing).toHaveBeenCalledTimes(1);
    });

    it('stops waiting when aborted, and passes the signal on', async () => {
      const controller = new AbortController();
      const load = vi.fn(async (_signal?: AbortSignal) => {
        throw unavailable();
      });
      const result = withRetry(load, controller.signal).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(10);
      controller.abort();
      expect(await result).toBe(controller.signal.reason);
      expect(load).toHaveBeenCalledTimes(1);
      expect(load.mock.calls[0]?.[0]).toBe(controller.signal);
    });
  });
});
