import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScanLoop } from './scan-loop.ts';

describe('startScanLoop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('detects at once, then at most every 500 ms, until stopped', async () => {
    const detect = vi.fn(async () => null);
    const stop = startScanLoop({ detect, onResult: vi.fn() });
    await vi.advanceTimersByTimeAsync(0);
    expect(detect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(detect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(detect).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(detect).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(detect).toHaveBeenCalledTimes(4);
  });

  it('does not start a new detection before 500 ms even after a slow one, and reports results', async () => {
    const onResult = vi.fn();
    const detect = vi.fn(() => new Promise<string>((resolve) => setTimeout(() => resolve('hello'), 300)));
    const stop = startScanLoop({ detect, onResult });
    await vi.advanceTimersByTimeAsync(300);
    expect(onResult).toHaveBeenCalledWith('hello');
    await vi.advanceTimersByTimeAsync(199);
    expect(detect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(detect).toHaveBeenCalledTimes(2);
    stop();
  });

  it('keeps going after a failed detection and reports the error', async () => {
    const onError = vi.fn();
    const detect = vi.fn().mockRejectedValueOnce(new Error('bad frame')).mockResolvedValue(null);
    const stop = startScanLoop({ detect, onResult: vi.fn(), onError });
    await vi.advanceTimersByTimeAsync(500);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(detect).toHaveBeenCalledTimes(2);
    stop();
  });
});
