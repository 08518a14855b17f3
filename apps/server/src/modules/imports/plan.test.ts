import { FIELD_VALUE_MESSAGES, IMPORT_MESSAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { fieldDefinitionRow } from '#server/test/asset-fixtures.ts';
import { buildPlan, checkRow } from './plan.ts';

const definition = fieldDefinitionRow;

const headers = ['Name', 'Slug', 'Installed', 'In use', 'Size'];
const definitions = [
  definition({ id: 'installed', label: 'Installed', key: 'installed', dataType: 'Date' }),
  definition({ id: 'in-use', label: 'In use', key: 'in_use', dataType: 'Boolean' }),
  definition({ id: 'tag', label: 'Tag', key: 'tag', isRequired: true }),
];
const plan = buildPlan(
  'assets',
  headers,
  [
    { kind: 'name' },
    { kind: 'slug' },
    { kind: 'field', fieldId: 'installed' },
    { kind: 'field', fieldId: 'in-use' },
    { kind: 'newField', label: 'Size', key: 'size', dataType: 'Select', isPublic: false },
  ],
  definitions,
  new Map([[4, ['L', 'M']]]),
  'slug',
);

describe('buildPlan', () => {
  it('knows which column is what, and the required fields no column fills', () => {
    expect(plan.columns).toEqual({ name: 0, slug: 1 });
    expect(plan.fields.map((f) => [f.column, f.fieldId, f.rule.dataType])).toEqual([
      [2, 'installed', 'Date'],
      [3, 'in-use', 'Boolean'],
      [4, null, 'Select'],
    ]);
    expect(plan.fields[2]?.rule.options).toEqual(['L', 'M']);
    expect(plan.requiredElsewhere.map((rule) => rule.label)).toEqual(['Tag']);
  });

  it('refuses a retired field and a new key that a field has', () => {
    const retired = [definition({ id: 'old', isActive: false })];
    expect(() =>
      buildPlan(
        'assets',
        ['Name', 'Old'],
        [{ kind: 'name' }, { kind: 'field', fieldId: 'old' }],
        retired,
        new Map(),
        'none',
      ),
    ).toThrow(IMPORT_MESSAGES.retiredField);
    expect(() =>
      buildPlan(
        'assets',
        ['Name', 'Tag'],
        [{ kind: 'name' }, { kind: 'newField', label: 'Tag', key: 'tag', dataType: 'Text', isPublic: false }],
        definitions,
        new Map(),
        'none',
      ),
    ).toThrow(IMPORT_MESSAGES.newFieldKeyTaken('tag'));
  });
});

describe('checkRow', () => {
  it('takes spreadsheet spellings of booleans and dates, and lower-cases the slug', () => {
    const row = checkRow(plan, 1, ['  Pump ', 'PUMP-7', '2024-03-05T00:00:00Z', 'Yes', 'M']);
    expect(row).toEqual({
      rowNumber: 1,
      problems: [],
      name: 'Pump',
      description: null,
      slug: 'pump-7',
      externalId: null,
      values: ['2024-03-05', 'true', 'M'],
    });
  });

  it('lists every problem of a row, by column', () => {
    const row = checkRow(plan, 2, ['', 'no slug!', '05/03/2024', 'maybe', 'XL']);
    expect(row.problems).toMatchObject([
      { column: 'Name', message: 'Asset name is required.' },
      { column: 'Slug', message: IMPORT_MESSAGES.slugInvalid },
      { column: 'Installed', message: IMPORT_MESSAGES.dateInvalid('05/03/2024', 'YMD') },
      { column: 'In use', message: FIELD_VALUE_MESSAGES.invalid },
      { column: 'Size', message: FIELD_VALUE_MESSAGES.invalid },
    ]);
  });

  it('refuses a formula, once, and takes a quoted one as text', () => {
    expect(checkRow(plan, 3, ['=1+1', '', '', '', '']).problems).toMatchObject([
      { column: 'Name', message: IMPORT_MESSAGES.formula },
    ]);
    expect(checkRow(plan, 4, ["'=1+1", '', '', '', '']).name).toBe('=1+1');
  });

  it.each(['\t=HYPERLINK("http://evil.example")', '\r=1+1', ' \n=cmd|x'])(
    'finds a formula hidden behind blanks: %j',
    (cell) => {
      expect(checkRow(plan, 5, ['Pump', '', '', '', cell]).problems).toMatchObject([
        { column: 'Size', message: IMPORT_MESSAGES.formula },
      ]);
    },
  );

  it('reads numbers and dates as the file writes them, and names the value and the format when not', () => {
    const european = buildPlan(
      'assets',
      ['Name', 'Cost', 'Installed'],
      [
        { kind: 'name' },
        { kind: 'newField', label: 'Cost', key: 'cost', dataType: 'Number', isPublic: false },
        { kind: 'newField', label: 'Installed', key: 'installed_on', dataType: 'Date', isPublic: false },
      ],
      [],
      new Map(),
      'none',
      { numberFormat: 'comma', dateOrder: 'DMY' },
    );
    expect(checkRow(european, 2, ['Pump', '12.345,67', '15.03.2021']).values).toEqual([
      '12345.67',
      '2021-03-15',
    ]);
    expect(checkRow(european, 3, ['Pump', '-0,5', '2021-03-15']).values).toEqual(['-0.5', '2021-03-15']);
    expect(checkRow(european, 4, ['Pump', '1,234.56', '03/15/2021']).problems).toMatchObject([
      { column: 'Cost', message: IMPORT_MESSAGES.numberInvalid('1,234.56', 'comma') },
      { column: 'Installed', message: IMPORT_MESSAGES.dateInvalid('03/15/2021', 'DMY') },
    ]);
    expect(IMPORT_MESSAGES.numberInvalid('1,234.56', 'comma')).toBe(
      '"1,234.56" is not a number written as 1.234,56.',
    );
  });
});
