import { describe, expect, it } from 'vitest';
import { fieldDefinition } from '../field-fixtures.ts';
import { bodyFromDefinition, checkFieldForm, emptyFieldForm, nextDisplayOrder } from './field-form-values.ts';

describe('field definition form', () => {
  it('offers the highest display order plus 10, or 0 when there is none', () => {
    expect(nextDisplayOrder([])).toBe(0);
    expect(nextDisplayOrder([{ displayOrder: 5 }, { displayOrder: 30 }, { displayOrder: 20 }])).toBe(40);
  });

  it('builds the payload: key lower-cased, options from lines only for Select, max length only for Text', () => {
    const select = checkFieldForm(
      {
        ...emptyFieldForm(10),
        label: '  Colour ',
        key: ' Paint_Colour ',
        dataType: 'Select',
        maxLength: '12',
        optionsText: ' Red \n\n Blue\r\n  ',
        isRequired: true,
      },
      'Asset',
    );
    expect(select).toEqual({
      ok: true,
      body: {
        target: 'Asset',
        label: 'Colour',
        key: 'paint_colour',
        dataType: 'Select',
        isRequired: true,
        maxLength: null,
        optionsJson: '["Red","Blue"]',
        displayOrder: 10,
        isActive: true,
        isPublic: true,
      },
    });
    const text = checkFieldForm(
      {
        ...emptyFieldForm(0),
        label: 'Serial',
        key: 'serial',
        maxLength: '20',
        optionsText: 'x',
        displayOrder: '',
        isPublic: false,
      },
      'MaintenanceEvent',
    );
    expect(text).toMatchObject({
      ok: true,
      body: {
        target: 'MaintenanceEvent',
        maxLength: 20,
        optionsJson: null,
        displayOrder: 0,
        isPublic: false,
      },
    });
  });

  it('refuses a display order past the limit, as the server does', () => {
    const result = checkFieldForm(
      { ...emptyFieldForm(0), label: 'L', key: 'k', displayOrder: '2147483647' },
      'Asset',
    );
    expect(result.ok ? [] : result.errors).toEqual([
      { path: 'displayOrder', message: 'Display order must be a whole number from -1000000 to 1000000.' },
    ]);
  });

  it('reports invalid values with the shared messages', () => {
    const result = checkFieldForm(
      { ...emptyFieldForm(0), label: ' ', key: 'bad key!', maxLength: '0', displayOrder: '1.5' },
      'Asset',
    );
    expect(result.ok ? [] : result.errors).toEqual([
      {
        path: 'displayOrder',
        message: 'Display order must be a whole number from -1000000 to 1000000.',
      },
      { path: 'maxLength', message: 'Max length must be a whole number from 1 to 2147483647.' },
      { path: 'label', message: 'Label is required.' },
      { path: 'key', message: 'Key may contain only letters, digits, underscores and hyphens.' },
    ]);
  });

  it('refuses numbers beyond what the server stores, with the same messages', () => {
    const result = checkFieldForm(
      {
        ...emptyFieldForm(0),
        label: 'Serial',
        key: 'serial',
        maxLength: '2147483648',
        displayOrder: '-2147483649',
      },
      'Asset',
    );
    expect(result.ok ? [] : result.errors.map((error) => error.path).sort()).toEqual([
      'displayOrder',
      'maxLength',
    ]);
  });

  it('resubmits the whole definition with isActive flipped, its visibility kept', () => {
    const definition = fieldDefinition({
      label: 'Colour',
      key: 'colour',
      dataType: 'Select',
      optionsJson: '["Red"]',
      displayOrder: 30,
      isRequired: true,
      isPublic: false,
    });
    expect(bodyFromDefinition(definition, false)).toEqual({
      target: 'Asset',
      label: 'Colour',
      key: 'colour',
      dataType: 'Select',
      isRequired: true,
      maxLength: null,
      optionsJson: '["Red"]',
      displayOrder: 30,
      isActive: false,
      isPublic: false,
    });
  });
});
