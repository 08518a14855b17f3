import type { MessageDescriptor } from '@lingui/core';
import { addDays, type TRecurrence, type TScheduleMode } from '@mqr/contracts';
import {
  ASSET_KINDS,
  type DemoField,
  LOCATION_FIELD,
  LOCATIONS,
  SERIAL_NUMBER_FIELD,
  SITES,
  TASKS,
} from '#server/seed/seed.ts';
import { SAMPLE_DOCUMENT_TEXTS } from './sample-files.ts';

/**
 * The sample site (ADR 097): what "Add sample data" puts in an organization, as plain data computed
 * from the day it is added, so it always has recent history, work due soon and work overdue. The
 * names and lists are the seed's (seed/seed.ts); the service writes it.
 */

export const SAMPLE_ASSET_COUNT = 30;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The custom fields the sample fills, of every type: the seed's two and three more, and one for events. */
export const SAMPLE_FIELDS: DemoField[] = [
  SERIAL_NUMBER_FIELD,
  LOCATION_FIELD,
  { target: 'Asset', key: 'rated_power_kw', label: 'Rated power (kW)', dataType: 'Number', displayOrder: 30 },
  { target: 'Asset', key: 'installed_on', label: 'Installed on', dataType: 'Date', displayOrder: 40 },
  {
    target: 'Asset',
    key: 'safety_critical',
    label: 'Safety critical',
    dataType: 'Boolean',
    displayOrder: 50,
  },
  { target: 'MaintenanceEvent', key: 'hours_run', label: 'Hours run', dataType: 'Number', displayOrder: 10 },
];

const SAFETY_CRITICAL = new Set(['Boiler', 'Generator', 'Fire extinguisher', 'Elevator', 'Transformer']);
/** Who recorded the sample's work ("Recorded by" is free text; the stamps name the organization's people). */
const RECORDERS = ['Sam Rivera', 'Kim Lee', 'Alex Morgan', 'Jo Patel'];

export interface SampleAsset {
  name: string;
  description: string | null;
  createdAt: Date;
  /** Values by field key. */
  values: Record<string, string>;
}

export interface SampleEvent {
  /** Index of its asset in the sample's assets. */
  asset: number;
  title: string;
  notes: string | null;
  recordedBy: string;
  performedAt: Date;
  status: 'InProgress' | 'Completed';
  completedAt: Date | null;
  /** Index of the person (among the organization's) who did it. */
  by: number;
  hoursRun: string | null;
  /** A generated document attached to it. */
  file: { fileName: string; title: MessageDescriptor } | null;
}

export interface SampleSchedule {
  asset: number;
  title: string;
  notes: string | null;
  recurrence: TRecurrence;
  mode: TScheduleMode;
  leadDays: number;
  startsOn: string;
  /** Whether its tasks are assigned to the person who adds the sample. */
  assigned: boolean;
  /** How many of its first due dates were done already (on time, every fourth one late). */
  completedBefore: number;
}

export interface SampleSet {
  assets: SampleAsset[];
  events: SampleEvent[];
  schedules: SampleSchedule[];
}

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length]!;

function sampleAssets(now: Date, today: string): SampleAsset[] {
  const perKind = new Map<string, number>();
  return Array.from({ length: SAMPLE_ASSET_COUNT }, (_, i) => {
    const kind = pick(ASSET_KINDS, i);
    const site = pick(SITES, i + Math.floor(i / ASSET_KINDS.length));
    const n = (perKind.get(kind) ?? 0) + 1;
    perKind.set(kind, n);
    const values: Record<string, string> = {
      serial_number: `SN-${kind.slice(0, 3).toUpperCase()}-${1000 + i * 37}`,
      location: pick(LOCATIONS, i),
      installed_on: addDays(today, -(400 + i * 41)),
      safety_critical: String(SAFETY_CRITICAL.has(kind)),
    };
    // Not every asset has every value, as in a real register.
    if (i % 5 !== 4) values.rated_power_kw = String(((i * 7) % 90) + (i % 2 === 0 ? 0.5 : 4));
    return {
      name: `${kind} ${n} (${site})`,
      description: i % 3 === 0 ? `${kind} serving the ${site.toLowerCase()}.` : null,
      createdAt: new Date(now.getTime() - (730 - i * 20) * DAY_MS),
      values,
    };
  });
}

function sampleEvents(now: Date): SampleEvent[] {
  const events: SampleEvent[] = [];
  for (let asset = 0; asset < SAMPLE_ASSET_COUNT; asset++) {
    for (let k = 0; k <= asset % 4; k++) {
      const performedAt = new Date(now.getTime() - (((asset * 13 + k * 67) % 350) + 5) * DAY_MS);
      const file =
        k === 0 && asset === 0
          ? { fileName: 'commissioning-report.pdf', title: SAMPLE_DOCUMENT_TEXTS.commissioningReport }
          : k === 0 && asset === 5
            ? { fileName: 'inspection-certificate.pdf', title: SAMPLE_DOCUMENT_TEXTS.inspectionCertificate }
            : null;
      events.push({
        asset,
        title: pick(TASKS, asset + k),
        notes: (asset + k) % 4 === 0 ? 'Checked and logged during the scheduled round.' : null,
        recordedBy: pick(RECORDERS, asset + k),
        performedAt,
        status: 'Completed',
        completedAt: new Date(performedAt.getTime() + (1 + ((asset + k) % 6)) * HOUR_MS),
        by: asset + k,
        hoursRun: (asset + k) % 3 === 0 ? String(1200 + asset * 97 + k * 310) : null,
        file,
      });
    }
  }
  // Work under way: started yesterday or the day before, not finished.
  for (const asset of [2, 9, 17]) {
    events.push({
      asset,
      title: 'Leak repair',
      notes: 'Waiting for a replacement seal.',
      recordedBy: pick(RECORDERS, asset),
      performedAt: new Date(now.getTime() - (1 + (asset % 2)) * DAY_MS),
      status: 'InProgress',
      completedAt: null,
      by: asset,
      hoursRun: null,
      file: null,
    });
  }
  return events;
}

/** Planned maintenance: overdue, due today, due soon and later work, and a history of completions. */
function sampleSchedules(today: string): SampleSchedule[] {
  const monthly: TRecurrence = { pattern: 'interval', every: 1, unit: 'month' };
  const base = { notes: null, mode: 'fixed' as const, leadDays: 0, assigned: false, completedBefore: 0 };
  return [
    {
      ...base,
      asset: 0,
      title: 'Monthly inspection',
      recurrence: monthly,
      startsOn: addDays(today, -130),
      assigned: true,
      completedBefore: 4,
    },
    {
      ...base,
      asset: 1,
      title: 'Quarterly service',
      recurrence: { pattern: 'interval', every: 3, unit: 'month' },
      startsOn: addDays(today, -100),
      leadDays: 14,
      completedBefore: 1,
    },
    {
      ...base,
      asset: 3,
      title: 'Weekly safety check',
      recurrence: { pattern: 'interval', every: 1, unit: 'week' },
      startsOn: addDays(today, 2),
      leadDays: 6,
      assigned: true,
    },
    {
      ...base,
      asset: 4,
      title: 'Daily walk-round',
      notes: 'Look, listen, note anything unusual.',
      recurrence: { pattern: 'interval', every: 1, unit: 'day' },
      startsOn: today,
    },
    {
      ...base,
      asset: 6,
      title: 'Annual certification',
      recurrence: { pattern: 'interval', every: 1, unit: 'year' },
      startsOn: addDays(today, 20),
    },
    {
      ...base,
      asset: 8,
      title: 'Filter replacement',
      recurrence: { pattern: 'interval', every: 2, unit: 'month' },
      mode: 'floating',
      startsOn: addDays(today, -5),
    },
    {
      ...base,
      asset: 10,
      title: 'Lubrication',
      recurrence: { pattern: 'interval', every: 2, unit: 'week' },
      startsOn: addDays(today, 5),
      leadDays: 7,
    },
    {
      ...base,
      asset: 12,
      title: 'Calibration',
      recurrence: monthly,
      startsOn: addDays(today, 12),
      assigned: true,
    },
    {
      ...base,
      asset: 14,
      title: 'Weekly test run',
      recurrence: { pattern: 'interval', every: 1, unit: 'week' },
      startsOn: addDays(today, -35),
      completedBefore: 5,
    },
  ];
}

/** The sample site as of `now` (the app's clock) and `today` (the organization's date). */
export function sampleSet(now: Date, today: string): SampleSet {
  return { assets: sampleAssets(now, today), events: sampleEvents(now), schedules: sampleSchedules(today) };
}
