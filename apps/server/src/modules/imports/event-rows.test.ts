import { EVENT_CSV_COLUMNS, FIELD_VALUE_MESSAGES, IMPORT_MESSAGES, INPUT_MESSAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { fieldDefinitionRow } from '#server/test/asset-fixtures.ts';
import { checkEventRow, momentOf, statusOf } from './event-rows.ts';
import { recogniseFormat, suggestMapping } from './formats.ts';
import { buildPlan } from './plan.ts';

const headers = [...EVENT_CSV_COLUMNS, 'Checked'];
const checkedField = fieldDefinitionRow({
  id: 'checked',
  target: 'MaintenanceEvent',
  label: 'Checked',
  key: 'checked',
  dataType: 'Boolean',
});
const plan = buildPlan(
  'events',
  headers,
  suggestMapping(headers, 'events', recogniseFormat(headers, 'events'), [checkedField]),
  [checkedField],
  new Map(),
  null,
);

/** A row of our history export, with `cells` by column name over a completed event. */
function row(cells: Partial<Record<(typeof headers)[number], string>>): string[] {
  const base: Record<string, string> = {
    'Asset slug': 'pump-7',
    'Asset name': 'Pump 7',
    Title: 'Oil change',
    'Performed at': '2024-03-05T08:00:00.000Z',
    Status: 'Completed',
    Notes: 'Drained',
    'Recorded by': 'Sam',
    'Started at': '2024-03-05T08:10:00.000Z',
    'Started by': 'Alex',
    'Completed at': '2024-03-05T09:00:00.000Z',
    'Completed by': 'Kim',
    Checked: 'yes',
  };
  return headers.map((header) => cells[header] ?? base[header] ?? '');
}

describe('momentOf', () => {
  it.each([
    ['2024-03-05', '2024-03-05T12:00:00.000Z'],
    ['2024-03-05T08:30:00Z', '2024-03-05T08:30:00.000Z'],
    ['2024-03-05T08:30:00.123456Z', '2024-03-05T08:30:00.123Z'],
    ['2024-03-05 08:30', '2024-03-05T08:30:00.000Z'],
    ['2024-03-05T08:30:00+02:00', '2024-03-05T06:30:00.000Z'],
    ['2024-03-05 08:30 +0200', '2024-03-05T06:30:00.000Z'],
    ['2024-03-05T08:30-05', '2024-03-05T13:30:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect((momentOf(text) as Date).toISOString()).toBe(iso);
  });

  it.each([
    '05/03/2024',
    '2024-02-30',
    '2024-03-05T24:00',
    '2024-03-05T08:61',
    'yesterday',
    '2024-03-05T08:30+25:00',
  ])('refuses %s', (text) => {
    expect(momentOf(text)).toBeUndefined();
  });

  it.each([
    ['15.03.2024', 'DMY', '2024-03-15T12:00:00.000Z'],
    ['15.03.2024 08:30', 'DMY', '2024-03-15T08:30:00.000Z'],
    ['3/15/2024 08:30:00 +01:00', 'MDY', '2024-03-15T07:30:00.000Z'],
    ['2024-03-15', 'DMY', '2024-03-15T12:00:00.000Z'],
  ] as const)('reads %s written %s as %s', (text, order, iso) => {
    expect((momentOf(text, order) as Date).toISOString()).toBe(iso);
  });

  it('refuses a year outside 1900-9999 with its own message', () => {
    expect(momentOf('1899-12-31')).toBe(INPUT_MESSAGES.instantOutOfRange);
  });
});

describe('statusOf', () => {
  it.each([
    ['', 'Completed'],
    ['Done', 'Completed'],
    ['completed', 'Completed'],
    ['In progress', 'InProgress'],
    ['InProgress', 'InProgress'],
    ['IN_PROGRESS', 'InProgress'],
    ['in-progress', 'InProgress'],
    ['Open', 'Pending'],
    ['Pending', 'Pending'],
    ['maybe', undefined],
  ])('reads %j as %s', (text, status) => {
    expect(statusOf(text)).toBe(status);
  });
});

describe('checkEventRow', () => {
  it('reads a row of our history export back as the event it was', () => {
    expect(checkEventRow(plan, 1, row({}))).toEqual({
      rowNumber: 1,
      problems: [],
      values: ['true'],
      slug: 'pump-7',
      title: 'Oil change',
      notes: 'Drained',
      recordedBy: 'Sam',
      performedAt: new Date('2024-03-05T08:00:00.000Z'),
      status: 'Completed',
      startedAt: new Date('2024-03-05T08:10:00.000Z'),
      completedAt: new Date('2024-03-05T09:00:00.000Z'),
      startedBy: 'Alex',
      completedBy: 'Kim',
    });
  });

  it('fills the stamps a status implies, as the app would have', () => {
    const logbook = checkEventRow(
      plan,
      2,
      row({
        Status: '',
        'Started at': '',
        'Started by': '',
        'Completed at': '',
        'Performed at': '2024-03-05',
      }),
    );
    const noon = new Date('2024-03-05T12:00:00Z');
    expect(logbook).toMatchObject({
      status: 'Completed',
      startedAt: noon,
      completedAt: noon,
      startedBy: 'Kim',
    });
    const started = checkEventRow(
      plan,
      3,
      row({ Status: 'In progress', 'Started at': '', 'Completed at': '', 'Completed by': '' }),
    );
    expect(started).toMatchObject({
      problems: [],
      status: 'InProgress',
      startedAt: new Date('2024-03-05T08:00:00.000Z'),
      startedBy: 'Alex',
      completedAt: null,
    });
  });

  it('refuses stamps the status does not have, and a completion before the start', () => {
    const pending = checkEventRow(plan, 4, row({ Status: 'Pending', 'Started by': '', 'Completed by': '' }));
    expect(pending.problems).toMatchObject([
      { column: 'Started at', message: IMPORT_MESSAGES.pendingHasStamp },
      { column: 'Completed at', message: IMPORT_MESSAGES.pendingHasStamp },
    ]);
    const started = checkEventRow(plan, 5, row({ Status: 'InProgress', 'Completed at': '' }));
    expect(started.problems).toMatchObject([
      { column: 'Completed by', message: IMPORT_MESSAGES.inProgressHasCompletion },
    ]);
    const backwards = checkEventRow(plan, 6, row({ 'Completed at': '2024-03-05T08:00:00.000Z' }));
    expect(backwards.problems).toMatchObject([
      { column: 'Completed at', message: IMPORT_MESSAGES.completedBeforeStarted },
    ]);
  });

  it('lists every problem of a row with the event form’s messages, formulas refused', () => {
    const bad = checkEventRow(
      plan,
      7,
      row({
        'Asset slug': '',
        Title: 'x'.repeat(201),
        'Performed at': '',
        Status: 'Someday',
        Notes: '=HYPERLINK("x")',
        'Recorded by': 'r'.repeat(201),
        'Started at': 'soon',
        Checked: 'perhaps',
      }),
    );
    expect(bad.problems).toMatchObject([
      { column: 'Asset slug', message: IMPORT_MESSAGES.assetRequired },
      { column: 'Title', message: 'Title must be at most 200 characters.' },
      { column: 'Notes', message: IMPORT_MESSAGES.formula },
      { column: 'Recorded by', message: 'Recorded by must be at most 200 characters.' },
      { column: 'Performed at', message: FIELD_VALUE_MESSAGES.required('Performed at') },
      { column: 'Status', message: IMPORT_MESSAGES.statusInvalid },
      { column: 'Started at', message: IMPORT_MESSAGES.momentInvalid('startedAt', 'soon') },
      { column: 'Checked', message: FIELD_VALUE_MESSAGES.invalid },
    ]);
    // A cell our export quoted is the text it holds; the slug's case does not count.
    expect(checkEventRow(plan, 8, row({ Notes: "'=1+1", 'Asset slug': 'PUMP-7' }))).toMatchObject({
      notes: '=1+1',
      slug: 'pump-7',
    });
  });
});
