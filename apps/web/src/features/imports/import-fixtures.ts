import type { TImportRun } from '@mqr/contracts';

export const IMPORT_ID = '0193f8a0-0000-7000-8000-00000000a001';

/** Test data: a Snipe-IT file of 3 rows just uploaded, with its proposed mapping. */
export function importRun(overrides: Partial<TImportRun> = {}): TImportRun {
  return {
    id: IMPORT_ID,
    fileName: 'snipe-it.csv',
    status: 'Uploaded',
    format: 'Snipe-IT',
    delimiter: ',',
    headers: ['Asset Tag', 'Name', 'Serial', 'Location', 'Notes'],
    preview: [
      ['pump-1', 'Pump 1', 'SN-001', 'Plant A', ''],
      ['pump-2', 'Pump 2', 'SN-002', 'Plant A', 'Leaks'],
      ['boiler-3', 'Boiler 3', 'SN-003', 'Plant B', ''],
    ],
    rowCount: 3,
    mapping: [
      { kind: 'slug' },
      { kind: 'name' },
      { kind: 'newField', label: 'Serial', key: 'serial', dataType: 'Text' },
      { kind: 'ignore' },
      { kind: 'description' },
    ],
    rowsDone: 0,
    problemCount: 0,
    createdCount: 0,
    updatedCount: 0,
    error: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}
