import { fieldTypeOf, type TFieldDataType } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { fieldHeaders } from './column-headers.ts';

const field = (key: string, label: string, dataType: TFieldDataType = 'Text') => ({
  id: `id-${key}`,
  key,
  label,
  dataType,
});

describe('fieldHeaders', () => {
  it('names a column by its field label', () => {
    expect(fieldHeaders(['Name'], [field('serial', 'Serial number'), field('room', 'Room')])).toEqual([
      'Serial number',
      'Room',
    ]);
  });

  it('uses the key where the label is a fixed column or shared with another field', () => {
    const headers = fieldHeaders(
      ['Slug', 'Name'],
      [field('asset_name', 'name'), field('floor_a', 'Floor'), field('floor_b', 'floor')],
    );
    expect(headers).toEqual(['asset_name', 'floor_a', 'floor_b']);
  });

  it('never repeats a header, even when keys look like labels', () => {
    const headers = fieldHeaders(['Name'], [field('room', 'Name'), field('other', 'room')]);
    expect(new Set(headers.map((h) => h.toLowerCase())).size).toBe(headers.length);
    expect(headers).toEqual(['room', 'other']);
  });

  it('writes each type but Text after the name, which the import reads back', () => {
    const headers = fieldHeaders(
      ['Name'],
      [
        field('installed', 'Install date', 'Date'),
        field('cost', 'Cost', 'Number'),
        field('ok', 'Checked', 'Boolean'),
        field('size', 'Size', 'Select'),
        field('room', 'Room'),
        field('odd', 'Weight (number)'),
        field('name_n', 'Name', 'Number'),
      ],
    );
    expect(headers).toEqual([
      'Install date (date)',
      'Cost (number)',
      'Checked (boolean)',
      'Size (select)',
      'Room',
      'Weight (number) (text)',
      'name_n (number)',
    ]);
    expect(headers.map((header) => fieldTypeOf(header))).toEqual([
      { name: 'Install date', dataType: 'Date' },
      { name: 'Cost', dataType: 'Number' },
      { name: 'Checked', dataType: 'Boolean' },
      { name: 'Size', dataType: 'Select' },
      { name: 'Room', dataType: undefined },
      { name: 'Weight (number)', dataType: 'Text' },
      { name: 'name_n', dataType: 'Number' },
    ]);
  });
});
