import type { TImportRun } from '@mqr/contracts';

export const IMPORT_ID = '0193f8a0-0000-7000-8000-00000000a001';

/** Test data: a Snipe-IT file of 3 rows just uploaded, with its proposed mapping. */
export function importRun(overrides: Partial<TImportRun> = {}): TImportRun {
  return {
    id: IMPORT_ID,
    kind: 'assets',
    fileName: 'snipe-it.csv',
    status: 'Uploaded',
    format: 'Snipe-IT',
    delimiter: ',',
    encoding: 'utf-8',
    encodingChangeable: true,
    numberFormat: null,
    dateOrder: null,
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
      { kind: 'newField', label: 'Serial', key: 'serial', dataType: 'Text', isPublic: false },
      { kind: 'ignore' },
      { kind: 'description' },
    ],
    matchBy: 'slug',
    rowsDone: 0,
    problemCount: 0,
    warningCount: 0,
    planned: null,
    createdCount: 0,
    updatedCount: 0,
    unchangedCount: 0,
    skippedCount: 0,
    error: null,
    errorText: null,
    undoUntil: null,
    undoneAt: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

/** Test data: a logbook of 3 past events just uploaded as maintenance history, with its proposed mapping. */
export function historyRun(overrides: Partial<TImportRun> = {}): TImportRun {
  return importRun({
    kind: 'events',
    matchBy: null,
    fileName: 'logbook.csv',
    format: 'Other',
    headers: ['Asset', 'Title', 'Date', 'Status', 'Cost'],
    preview: [
      ['pump-1', 'Oil change', '2024-03-05', 'Done', '12.50'],
      ['pump-1', 'Belt', '2024-04-01', '', ''],
      ['boiler-3', 'Inspection', '2024-04-02 09:30', 'Pending', ''],
    ],
    mapping: [
      { kind: 'asset' },
      { kind: 'title' },
      { kind: 'performedAt' },
      { kind: 'status' },
      { kind: 'newField', label: 'Cost', key: 'cost', dataType: 'Text', isPublic: false },
    ],
    ...overrides,
  });
}
