import { clampDays, DASHBOARD_DAY_LIMITS, type TDashboardSection } from '@mqr/contracts';
import { useCallback, useRef, useState } from 'react';
import { safeLocalStorage } from '#web/lib/safe-local-storage.ts';
import {
  readPreferences,
  type TDashboardPreferences,
  toggleSection as toggleSectionOf,
  writePreferences,
} from '../lib/dashboard-preferences.ts';

export type TPreferencesStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The dashboard preferences of this browser: read once on mount, every change written back.
 * Day counts are rounded and clamped; input that is not a number is ignored. `storage` defaults to
 * localStorage (none when the browser blocks it: the preferences then last for the page only).
 */
export function useDashboardPreferences(storage?: TPreferencesStorage | null) {
  const [store] = useState(() => (storage === undefined ? safeLocalStorage() : storage));
  const [preferences, setPreferences] = useState<TDashboardPreferences>(() => readPreferences(store));
  // The latest preferences, so that several changes in one event build on each other.
  const latest = useRef(preferences);

  const update = useCallback(
    (change: (current: TDashboardPreferences) => TDashboardPreferences) => {
      const next = change(latest.current);
      if (next === latest.current) return;
      latest.current = next;
      setPreferences(next);
      writePreferences(store, next);
    },
    [store],
  );

  const toggleSection = useCallback(
    (id: TDashboardSection) =>
      update((current) => {
        const sections = toggleSectionOf(current.sections, id);
        return sections === current.sections ? current : { ...current, sections };
      }),
    [update],
  );

  const setDayCount = useCallback(
    (field: 'rangeDays' | 'turnaroundDays', input: string | number) =>
      update((current) => {
        const days = clampDays(input, DASHBOARD_DAY_LIMITS[field]);
        return days === null || days === current[field] ? current : { ...current, [field]: days };
      }),
    [update],
  );
  const setRangeDays = useCallback(
    (input: string | number) => setDayCount('rangeDays', input),
    [setDayCount],
  );
  const setTurnaroundDays = useCallback(
    (input: string | number) => setDayCount('turnaroundDays', input),
    [setDayCount],
  );

  const { sections } = preferences;
  const isVisible = useCallback((id: TDashboardSection) => sections.includes(id), [sections]);

  return { preferences, isVisible, toggleSection, setRangeDays, setTurnaroundDays };
}
