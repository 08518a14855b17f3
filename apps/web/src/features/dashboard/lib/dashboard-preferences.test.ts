import { describe, expect, it, vi } from 'vitest';
import {
  DASHBOARD_PREFERENCES_KEY,
  DEFAULT_DASHBOARD_PREFERENCES,
  parsePreferences,
  readPreferences,
  toggleSection,
  writePreferences,
} from './dashboard-preferences.ts';

const ALL = ['pendingTasks', 'maintenanceHistory', 'turnaroundTicker', 'userPerformance', 'pmCompliance'];
/** Preferences as this version saves them: with the sections it knew. */
const stored = (value: object) => parsePreferences(JSON.stringify({ known: ALL, ...value }));

describe('dashboard preferences', () => {
  it('defaults to every section, 30 days of maintenance and a 14-day turnaround window', () => {
    expect(DEFAULT_DASHBOARD_PREFERENCES).toEqual({ sections: ALL, rangeDays: 30, turnaroundDays: 14 });
    expect(parsePreferences(null)).toEqual({ sections: ALL, rangeDays: 30, turnaroundDays: 14 });
  });

  it('keeps the stored values', () => {
    expect(
      stored({ sections: ['userPerformance', 'pendingTasks'], rangeDays: 90, turnaroundDays: 7 }),
    ).toEqual({
      sections: ['pendingTasks', 'userPerformance'],
      rangeDays: 90,
      turnaroundDays: 7,
    });
  });

  it('drops unknown and repeated section ids, and uses all sections when none is valid', () => {
    expect(
      stored({ sections: ['turnaroundTicker', 'bogus', 3, null, 'turnaroundTicker', 'pendingTasks'] })
        .sections,
    ).toEqual(['pendingTasks', 'turnaroundTicker']);
    expect(stored({ sections: ['bogus', 'PendingTasks'] }).sections).toEqual(ALL);
    expect(stored({ sections: [] }).sections).toEqual(ALL);
    expect(stored({ sections: 'pendingTasks' }).sections).toEqual(ALL);
  });

  it('shows a section added since the preferences were saved, and keeps hidden the ones known then', () => {
    // Saved before PM compliance existed: no `known`, the four sections of then.
    const before = JSON.stringify({ sections: ['pendingTasks', 'userPerformance'], rangeDays: 30 });
    expect(parsePreferences(before).sections).toEqual(['pendingTasks', 'userPerformance', 'pmCompliance']);
    // Saved by this version with PM compliance hidden: it stays hidden.
    expect(stored({ sections: ['pendingTasks', 'userPerformance'] }).sections).toEqual([
      'pendingTasks',
      'userPerformance',
    ]);
    expect(
      parsePreferences(JSON.stringify({ sections: ['pendingTasks'], known: ['pendingTasks'] })).sections,
    ).toEqual(['pendingTasks', 'maintenanceHistory', 'turnaroundTicker', 'userPerformance', 'pmCompliance']);
  });

  it('reads a bare array as the visible sections of then', () => {
    expect(parsePreferences('["userPerformance","nope"]')).toEqual({
      sections: ['userPerformance', 'pmCompliance'],
      rangeDays: 30,
      turnaroundDays: 14,
    });
  });

  it('falls back to the defaults on text that is not JSON or not an object', () => {
    for (const raw of ['{not json', '', 'null', '42', '"text"', 'true']) {
      expect(parsePreferences(raw)).toEqual(DEFAULT_DASHBOARD_PREFERENCES);
    }
  });

  it('rounds and clamps the stored day counts, each field falling back on its own', () => {
    expect(stored({ rangeDays: 2.6, turnaroundDays: 0 })).toMatchObject({ rangeDays: 3, turnaroundDays: 1 });
    expect(stored({ rangeDays: 500, turnaroundDays: 91.4 })).toMatchObject({
      rangeDays: 365,
      turnaroundDays: 90,
    });
    expect(stored({ rangeDays: -4, turnaroundDays: 45.5 })).toMatchObject({
      rangeDays: 1,
      turnaroundDays: 46,
    });
    expect(stored({ sections: ['maintenanceHistory'], rangeDays: 'lots', turnaroundDays: null })).toEqual({
      sections: ['maintenanceHistory'],
      rangeDays: 30,
      turnaroundDays: 14,
    });
    expect(stored({ rangeDays: {}, turnaroundDays: [] })).toMatchObject({
      rangeDays: 30,
      turnaroundDays: 14,
    });
  });

  it('adds a section in the canonical order and removes one, but never the last', () => {
    expect(toggleSection(['userPerformance'], 'pendingTasks')).toEqual(['pendingTasks', 'userPerformance']);
    expect(toggleSection(['pendingTasks', 'userPerformance'], 'turnaroundTicker')).toEqual([
      'pendingTasks',
      'turnaroundTicker',
      'userPerformance',
    ]);
    expect(toggleSection(['pendingTasks', 'userPerformance'], 'pendingTasks')).toEqual(['userPerformance']);
    const last: ['userPerformance'] = ['userPerformance'];
    expect(toggleSection(last, 'userPerformance')).toBe(last);
    expect(last).toEqual(['userPerformance']);
  });

  it('writes one JSON value under its key, which reads back the same', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    const preferences = { sections: ['maintenanceHistory' as const], rangeDays: 60, turnaroundDays: 30 };
    writePreferences(storage, preferences);
    expect([...values.keys()]).toEqual([DASHBOARD_PREFERENCES_KEY]);
    expect(JSON.parse(values.get(DASHBOARD_PREFERENCES_KEY) ?? '')).toEqual({ ...preferences, known: ALL });
    expect(readPreferences(storage)).toEqual(preferences);
  });

  it('warns and uses the defaults when reading fails, warns when saving fails, and never throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = {
      getItem: (): string | null => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readPreferences(broken)).toEqual(DEFAULT_DASHBOARD_PREFERENCES);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(() => writePreferences(broken, { ...DEFAULT_DASHBOARD_PREFERENCES, rangeDays: 7 })).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('uses the defaults without a storage', () => {
    expect(readPreferences(null)).toEqual(DEFAULT_DASHBOARD_PREFERENCES);
    expect(() => writePreferences(null, DEFAULT_DASHBOARD_PREFERENCES)).not.toThrow();
  });

  it('hands out copies of the defaults', () => {
    const first = readPreferences(null);
    first.sections.pop();
    expect(readPreferences(null).sections).toEqual(ALL);
    expect(DEFAULT_DASHBOARD_PREFERENCES.sections).toEqual(ALL);
  });
});
