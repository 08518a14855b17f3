import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DASHBOARD_PREFERENCES_KEY } from '../lib/dashboard-preferences.ts';
import { useDashboardPreferences } from './use-dashboard-preferences.ts';

function fakeStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void values.set(key, value)),
  };
}

const ALL = ['pendingTasks', 'maintenanceHistory', 'turnaroundTicker', 'userPerformance', 'pmCompliance'];

describe('useDashboardPreferences', () => {
  it('starts from the defaults and keeps every change across a remount', () => {
    const storage = fakeStorage();
    const first = renderHook(() => useDashboardPreferences(storage));
    expect(first.result.current.preferences).toEqual({ sections: ALL, rangeDays: 30, turnaroundDays: 14 });

    act(() => first.result.current.toggleSection('maintenanceHistory'));
    act(() => first.result.current.setRangeDays('90'));
    act(() => first.result.current.setTurnaroundDays(7));
    expect(first.result.current.isVisible('maintenanceHistory')).toBe(false);
    expect(first.result.current.isVisible('pendingTasks')).toBe(true);
    expect(storage.setItem).toHaveBeenCalledTimes(3);
    first.unmount();

    const second = renderHook(() => useDashboardPreferences(storage));
    expect(second.result.current.preferences).toEqual({
      sections: ['pendingTasks', 'turnaroundTicker', 'userPerformance', 'pmCompliance'],
      rangeDays: 90,
      turnaroundDays: 7,
    });
    expect(second.result.current.isVisible('maintenanceHistory')).toBe(false);
  });

  it('reads the storage once, on mount', () => {
    const storage = fakeStorage({ [DASHBOARD_PREFERENCES_KEY]: '{"rangeDays":45}' });
    const { result, rerender } = renderHook(() => useDashboardPreferences(storage));
    rerender();
    act(() => result.current.setTurnaroundDays('20'));
    expect(result.current.preferences).toMatchObject({ rangeDays: 45, turnaroundDays: 20 });
    expect(storage.getItem).toHaveBeenCalledTimes(1);
  });

  it('rounds and clamps the day counts', () => {
    const { result } = renderHook(() => useDashboardPreferences(fakeStorage()));
    act(() => result.current.setRangeDays('2.6'));
    expect(result.current.preferences.rangeDays).toBe(3);
    act(() => result.current.setRangeDays(500));
    expect(result.current.preferences.rangeDays).toBe(365);
    act(() => result.current.setTurnaroundDays('0'));
    expect(result.current.preferences.turnaroundDays).toBe(1);
    act(() => result.current.setTurnaroundDays('120'));
    expect(result.current.preferences.turnaroundDays).toBe(90);
  });

  it('ignores input that is not a number, without storing anything', () => {
    const storage = fakeStorage();
    const { result } = renderHook(() => useDashboardPreferences(storage));
    const before = result.current.preferences;
    for (const input of ['', '  ', 'abc', '12abc', Number.NaN, Number.POSITIVE_INFINITY]) {
      act(() => result.current.setRangeDays(input));
      act(() => result.current.setTurnaroundDays(input));
    }
    expect(result.current.preferences).toBe(before);
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('keeps the last visible section', () => {
    const storage = fakeStorage({
      [DASHBOARD_PREFERENCES_KEY]: JSON.stringify({ sections: ['userPerformance'], known: ALL }),
    });
    const { result } = renderHook(() => useDashboardPreferences(storage));
    act(() => result.current.toggleSection('userPerformance'));
    expect(result.current.preferences.sections).toEqual(['userPerformance']);
    expect(result.current.isVisible('userPerformance')).toBe(true);
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('builds on each change made in the same event', () => {
    const { result } = renderHook(() => useDashboardPreferences(fakeStorage()));
    act(() => {
      result.current.toggleSection('pendingTasks');
      result.current.toggleSection('userPerformance');
      result.current.setRangeDays(10);
    });
    expect(result.current.preferences).toEqual({
      sections: ['maintenanceHistory', 'turnaroundTicker', 'pmCompliance'],
      rangeDays: 10,
      turnaroundDays: 14,
    });
  });

  it('uses localStorage by default', () => {
    localStorage.setItem(DASHBOARD_PREFERENCES_KEY, '{"turnaroundDays":3}');
    const { result } = renderHook(() => useDashboardPreferences());
    expect(result.current.preferences.turnaroundDays).toBe(3);
    act(() => result.current.setRangeDays(60));
    expect(JSON.parse(localStorage.getItem(DASHBOARD_PREFERENCES_KEY) ?? '')).toEqual({
      sections: ALL,
      known: ALL,
      rangeDays: 60,
      turnaroundDays: 3,
    });
  });

  it('still works, for the page only, when the storage fails', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const { result } = renderHook(() => useDashboardPreferences(broken));
    expect(result.current.preferences.rangeDays).toBe(30);
    act(() => result.current.setRangeDays(7));
    expect(result.current.preferences.rangeDays).toBe(7);
    expect(warn).toHaveBeenCalled();
  });
});
