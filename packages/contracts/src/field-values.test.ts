import { describe, expect, it } from 'vitest';
import { checkFieldValue, type FieldRule, isValidDate } from './field-values.ts';
import { normalizeOptions, optionsJsonFromLines, ZFieldDefinitionBody } from './fields.ts';

const rule = (overrides: Partial<FieldRule>): FieldRule => ({
  label: 'Serial',
  dataType: 'Text',
  isRequired: false,
  isActive: true,
  maxLength: null,
  options: null,
  ...overrides,
});

describe('checkFieldValue', () => {
  it('trims, and treats empty as no value', () => {
    expect(checkFieldValue(rule({}), '  abc ')).toEqual({ ok: true, value: 'abc' });
    expect(checkFieldValue(rule({}), '   ')).toEqual({ ok: true, value: null });
  });

  it('requires active required fields only', () => {
    // The English, and the message with its id and values for a reader of another language (ADR 113).
    expect(checkFieldValue(rule({ isRequired: true }), '')).toEqual({
      ok: false,
      message: 'Serial is required.',
      said: { messageId: 'fieldValue.required', message: 'Serial is required.', values: { label: 'Serial' } },
    });
    expect(checkFieldValue(rule({ isRequired: true, isActive: false }), '')).toEqual({
      ok: true,
      value: null,
    });
  });

  it('applies each data type', () => {
    expect(checkFieldValue(rule({ maxLength: 3 }), 'abcd')).toMatchObject({
      ok: false,
      message: 'Max 3 characters.',
      said: { messageId: 'fieldValue.tooLong', values: { max: 3 } },
    });
    expect(checkFieldValue(rule({ dataType: 'Number' }), '-12.5').ok).toBe(true);
    for (const bad of ['1e5', '12.', '.5', '1,5', '--1']) {
      expect(checkFieldValue(rule({ dataType: 'Number' }), bad).ok).toBe(false);
    }
    expect(checkFieldValue(rule({ dataType: 'Boolean' }), 'true').ok).toBe(true);
    expect(checkFieldValue(rule({ dataType: 'Boolean' }), 'yes').ok).toBe(false);
    expect(checkFieldValue(rule({ dataType: 'Date' }), '2024-02-29').ok).toBe(true);
    expect(checkFieldValue(rule({ dataType: 'Date' }), '2023-02-29').ok).toBe(false);
    expect(checkFieldValue(rule({ dataType: 'Select', options: ['A', 'B'] }), 'B').ok).toBe(true);
    expect(checkFieldValue(rule({ dataType: 'Select', options: ['A', 'B'] }), 'C')).toMatchObject({
      ok: false,
      message: 'Please provide a valid value.',
    });
  });

  it('keeps the value a record holds unchanged, even when the definition no longer allows it (ADR 020)', () => {
    const colour = rule({ label: 'Colour', dataType: 'Select', options: ['Green'], isRequired: true });
    expect(checkFieldValue(colour, ' Red ', 'Red')).toEqual({ ok: true, value: 'Red' });
    expect(checkFieldValue(colour, 'Blue', 'Red')).toMatchObject({
      ok: false,
      message: 'Please provide a valid value.',
    });
    expect(checkFieldValue(colour, '', 'Red')).toMatchObject({ ok: false, message: 'Colour is required.' });
    expect(checkFieldValue(rule({ maxLength: 3 }), 'abcd', 'abcd')).toEqual({ ok: true, value: 'abcd' });
    expect(checkFieldValue(rule({ maxLength: 3 }), 'abcde', 'abcd').ok).toBe(false);
  });

  it('validates calendar dates', () => {
    expect(isValidDate('2024-13-01')).toBe(false);
    expect(isValidDate('2024-1-01')).toBe(false);
  });
});

describe('field definition options', () => {
  it('drops non-strings and blanks, and is null when empty', () => {
    expect(normalizeOptions('[" A ", 3, "", null, "B"]')).toEqual(['A', 'B']);
    expect(normalizeOptions('["", "  "]')).toBeNull();
    expect(normalizeOptions(null)).toBeNull();
    expect(normalizeOptions('{"a":1}')).toBeUndefined();
    expect(normalizeOptions('not json')).toBeUndefined();
  });

  it('splits form lines', () => {
    expect(optionsJsonFromLines(' Red \n\nGreen\r\n')).toBe('["Red","Green"]');
    expect(optionsJsonFromLines('  \n')).toBeNull();
  });

  it('trims and lower-cases keys and refuses other characters', () => {
    const base = { target: 'Asset', label: 'Serial', dataType: 'Text' } as const;
    expect(ZFieldDefinitionBody.parse({ ...base, key: '  Serial_No-1 ' }).key).toBe('serial_no-1');
    expect(ZFieldDefinitionBody.safeParse({ ...base, key: 'serial no' }).success).toBe(false);
    expect(ZFieldDefinitionBody.parse({ ...base, key: 'k' }).displayOrder).toBe(0);
  });
});
