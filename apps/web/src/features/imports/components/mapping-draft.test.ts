import { describe, expect, it } from 'vitest';
import { draftOf, fieldKeyOf, fieldLabelOf, newFieldKeys, samplesOf, targetOf } from './mapping-draft.ts';

describe('mapping draft', () => {
  it('derives a field key from a label as the server does', () => {
    expect(fieldKeyOf('Serial number')).toBe('serial_number');
    expect(fieldKeyOf('  Café (main) #2 ')).toBe('cafe_main_2');
    expect(fieldKeyOf('__Purchase--Date__')).toBe('purchase_date');
    expect(fieldKeyOf('!!!')).toBe('field');
  });

  it('names a new field after its column, HomeBox prefixes taken off', () => {
    expect(fieldLabelOf(' Location ')).toBe('Location');
    expect(fieldLabelOf('HB.field.Colour')).toBe('Colour');
    expect(fieldLabelOf('HB.serial_number')).toBe('Serial number');
  });

  it('turns the saved targets into form rows and back', () => {
    const targets = [
      { kind: 'name' },
      { kind: 'field', fieldId: '0193f8a0-0000-7000-8000-000000000001' },
      { kind: 'newField', label: 'Purchase date', key: 'purchase_date', dataType: 'Date', isPublic: false },
      { kind: 'newField', label: 'Room', key: 'room', dataType: 'Text', isPublic: true },
      { kind: 'ignore' },
    ] as const;
    const drafts = targets.map((target) => draftOf(target, 'Column'));
    expect(drafts.map((draft) => draft.choice)).toEqual([
      'name',
      'field:0193f8a0-0000-7000-8000-000000000001',
      'newField',
      'newField',
      'ignore',
    ]);
    expect(drafts.map((draft) => draft.isPublic)).toEqual([false, false, false, true, false]);
    const keys = newFieldKeys(drafts, []);
    expect(keys).toEqual([undefined, undefined, 'purchase_date', 'room', undefined]);
    expect(drafts.map((draft, column) => targetOf(draft, keys[column]))).toEqual(targets);
  });

  it('keeps a proposed key while its label stays, and never repeats a key', () => {
    const proposed = draftOf(
      { kind: 'newField', label: 'Serial No', key: 'serial_no_2', dataType: 'Text', isPublic: false },
      'x',
    );
    const renamed = { ...proposed, label: 'Serial' };
    const twin = { ...draftOf(undefined, 'Serial'), choice: 'newField' as const };
    expect(newFieldKeys([proposed, renamed, twin], ['colour', 'serial'])).toEqual([
      'serial_no_2',
      'serial_2',
      'serial_3',
    ]);
  });

  it('shows up to three different, non-blank sample values, long ones cut', () => {
    const long = 'x'.repeat(80);
    expect(samplesOf([['a'], [''], ['a'], ['b'], [long], ['c']], 0)).toEqual([
      'a',
      'b',
      `${'x'.repeat(59)}…`,
    ]);
    expect(samplesOf([[' '], []], 0)).toEqual([]);
  });
});
