import type { TSchedule } from '@mqr/contracts';

/** Test data for the planned maintenance screens. */
let counter = 0;

export function schedule(overrides: Partial<TSchedule> = {}): TSchedule {
  counter += 1;
  return {
    id: `0193f8a0-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    assetId: '0193f8a0-0000-7000-8000-0000000000a1',
    assetName: 'Boiler 3',
    assetSlug: 'boiler-3-x7k2',
    title: 'Monthly inspection',
    notes: null,
    fields: [],
    recurrence: { pattern: 'monthDay', every: 1, day: 1 },
    rrule: 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1',
    usage: null,
    mode: 'fixed',
    leadDays: 7,
    assigneeId: null,
    priority: 'normal',
    assigneeName: null,
    startsOn: '2026-02-01',
    endsOn: null,
    status: 'active',
    pausedAt: null,
    nextDueOn: '2026-03-01',
    upcoming: ['2026-03-01', '2026-04-01', '2026-05-01'],
    checklist: null,
    createdAt: '2026-01-20T10:00:00.000Z',
    updatedAt: '2026-01-20T10:00:00.000Z',
    ...overrides,
  };
}
