import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTicker } from './use-ticker.ts';

const step = (ms = 5000) => act(() => vi.advanceTimersByTime(ms));

function setHidden(hidden: boolean) {
  vi.spyOn(document, 'hidden', 'get').mockReturnValue(hidden);
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('useTicker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at the first item and advances every 5 seconds, wrapping', () => {
    const { result } = renderHook(() => useTicker(3));
    expect(result.current.index).toBe(0);
    step(4999);
    expect(result.current.index).toBe(0);
    step(1);
    expect(result.current.index).toBe(1);
    step();
    expect(result.current.index).toBe(2);
    step();
    expect(result.current.index).toBe(0);
  });

  it('takes another interval', () => {
    const { result } = renderHook(() => useTicker(2, { intervalMs: 1000 }));
    step(1000);
    expect(result.current.index).toBe(1);
  });

  it('runs no timer with one item or none', () => {
    const one = renderHook(() => useTicker(1));
    const none = renderHook(() => useTicker(0));
    expect(vi.getTimerCount()).toBe(0);
    step(20_000);
    expect(one.result.current.index).toBe(0);
    expect(none.result.current.index).toBe(0);
  });

  it('stops while disabled and goes on when enabled again', () => {
    const { result, rerender } = renderHook(({ enabled }) => useTicker(3, { enabled }), {
      initialProps: { enabled: true },
    });
    step();
    expect(result.current.index).toBe(1);
    rerender({ enabled: false });
    expect(vi.getTimerCount()).toBe(0);
    step(20_000);
    expect(result.current.index).toBe(1);
    rerender({ enabled: true });
    step();
    expect(result.current.index).toBe(2);
  });

  it('stops while paused and goes on when resumed', () => {
    const { result } = renderHook(() => useTicker(3));
    act(() => result.current.togglePaused());
    expect(result.current.paused).toBe(true);
    step(20_000);
    expect(result.current.index).toBe(0);
    act(() => result.current.togglePaused());
    expect(result.current.paused).toBe(false);
    step();
    expect(result.current.index).toBe(1);
  });

  it('does not advance while the page is hidden', () => {
    const { result } = renderHook(() => useTicker(3));
    setHidden(true);
    step(20_000);
    expect(result.current.index).toBe(0);
    setHidden(false);
    step();
    expect(result.current.index).toBe(1);
  });

  it('starts over when the index falls outside a smaller count', () => {
    const { result, rerender } = renderHook(({ count }) => useTicker(count), { initialProps: { count: 4 } });
    step(15_000);
    expect(result.current.index).toBe(3);
    rerender({ count: 2 });
    expect(result.current.index).toBe(0);
    rerender({ count: 4 });
    expect(result.current.index).toBe(0);
    step();
    expect(result.current.index).toBe(1);
  });

  it('clears its timer on unmount', () => {
    const { unmount } = renderHook(() => useTicker(3));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
