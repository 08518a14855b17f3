import { clampDays, DASHBOARD_DAY_LIMITS, DASHBOARD_SECTIONS, type TDashboardSection } from '@mqr/contracts';

/**
 * The one localStorage key holding the dashboard preferences as JSON `{ sections, known, rangeDays,
 * turnaroundDays }`: `known` lists the sections there were when they were saved.
 */
export const DASHBOARD_PREFERENCES_KEY = 'mqr.dashboard-sections';

/**
 * The sections of preferences saved without `known` (before PM compliance): a section added since
 * is shown until hidden, instead of staying hidden because an older list did not name it.
 */
const SECTIONS_SAVED_WITHOUT_KNOWN: readonly TDashboardSection[] = [
  'pendingTasks',
  'maintenanceHistory',
  'turnaroundTicker',
  'userPerformance',
];

/** What an administrator chose for the dashboard in this browser. */
export interface TDashboardPreferences {
  /** The visible sections, in DASHBOARD_SECTIONS order; never empty. */
  sections: TDashboardSection[];
  /** The maintenance range in days (1..365). */
  rangeDays: number;
  /** The turnaround window in days (1..90). */
  turnaroundDays: number;
}

export const DEFAULT_DASHBOARD_PREFERENCES: Readonly<TDashboardPreferences> = Object.freeze({
  sections: [...DASHBOARD_SECTIONS],
  rangeDays: DASHBOARD_DAY_LIMITS.rangeDays.default,
  turnaroundDays: DASHBOARD_DAY_LIMITS.turnaroundDays.default,
});

/** A fresh copy of the defaults (callers may keep or change it). */
function defaults(): TDashboardPreferences {
  return { ...DEFAULT_DASHBOARD_PREFERENCES, sections: [...DEFAULT_DASHBOARD_PREFERENCES.sections] };
}

function isSection(value: unknown): value is TDashboardSection {
  return typeof value === 'string' && (DASHBOARD_SECTIONS as readonly string[]).includes(value);
}

/**
 * Known ids only, each once, in the canonical order, with the sections added since they were saved
 * (not in `known`); the defaults when none is valid.
 */
function parseSections(value: unknown, knownWhenSaved: unknown): TDashboardSection[] {
  if (!Array.isArray(value)) return defaults().sections;
  const visible = new Set(value.filter(isSection));
  const known = new Set(Array.isArray(knownWhenSaved) ? knownWhenSaved : SECTIONS_SAVED_WITHOUT_KNOWN);
  const sections = DASHBOARD_SECTIONS.filter((id) => visible.has(id) || !known.has(id));
  return sections.length > 0 ? sections : defaults().sections;
}

/**
 * The stored preferences, each field on its own: unknown section ids are dropped (all sections when
 * none is left), day counts are rounded and clamped, and anything unreadable falls back to its default.
 */
export function parsePreferences(raw: string | null): TDashboardPreferences {
  if (raw === null) return defaults();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaults();
  }
  // A bare array (hand-edited, or written by a simpler client) is read as the visible sections.
  const record: Record<string, unknown> | null = Array.isArray(parsed)
    ? { sections: parsed }
    : typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : null;
  if (!record) return defaults();
  return {
    sections: parseSections(record.sections, record.known),
    rangeDays:
      clampDays(record.rangeDays, DASHBOARD_DAY_LIMITS.rangeDays) ?? DASHBOARD_DAY_LIMITS.rangeDays.default,
    turnaroundDays:
      clampDays(record.turnaroundDays, DASHBOARD_DAY_LIMITS.turnaroundDays) ??
      DASHBOARD_DAY_LIMITS.turnaroundDays.default,
  };
}

/** The stored preferences; the defaults when there is no storage or reading it fails (a warning only). */
export function readPreferences(storage: Pick<Storage, 'getItem'> | null): TDashboardPreferences {
  if (!storage) return defaults();
  try {
    return parsePreferences(storage.getItem(DASHBOARD_PREFERENCES_KEY));
  } catch (error) {
    console.warn('Dashboard preferences could not be read; using the defaults.', error);
    return defaults();
  }
}

/** Stores the preferences; a failure (storage full or blocked) is a warning only. */
export function writePreferences(
  storage: Pick<Storage, 'setItem'> | null,
  preferences: TDashboardPreferences,
): void {
  if (!storage) return;
  const { sections, rangeDays, turnaroundDays } = preferences;
  try {
    storage.setItem(
      DASHBOARD_PREFERENCES_KEY,
      JSON.stringify({ sections, known: DASHBOARD_SECTIONS, rangeDays, turnaroundDays }),
    );
  } catch (error) {
    console.warn('Dashboard preferences could not be saved.', error);
  }
}

/**
 * Shows a hidden section (in the canonical order) or hides a visible one. The last visible section
 * stays: then the same array is returned.
 */
export function toggleSection(sections: TDashboardSection[], id: TDashboardSection): TDashboardSection[] {
  if (sections.includes(id)) {
    return sections.length <= 1 ? sections : sections.filter((section) => section !== id);
  }
  return DASHBOARD_SECTIONS.filter((section) => section === id || sections.includes(section));
}
