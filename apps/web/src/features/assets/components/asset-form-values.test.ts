import { ASSET_MESSAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { fieldDefinition } from '#web/features/fields/field-fixtures.ts';
import { customKey } from '#web/features/fields/index.ts';
import { asset, ORG_ID } from '../asset-fixtures.ts';
import {
  checkAssetForm,
  formPathFromServer,
  initialAssetFormValues,
  type TAssetFormValues,
} from './asset-form-values.ts';

const text = fieldDefinition({ label: 'Serial', dataType: 'Text', maxLength: 5 });
const num = fieldDefinition({ label: 'Weight', dataType: 'Number' });
const bool = fieldDefinition({ label: 'Insured', dataType: 'Boolean' });
const date = fieldDefinition({ label: 'Installed', dataType: 'Date' });
const select = fieldDefinition({ label: 'Colour', dataType: 'Select', optionsJson: '["Red","Blue"]' });
const retired = fieldDefinition({ label: 'Old code', isActive: false, isRequired: true });
const required = fieldDefinition({ label: 'Owner', isRequired: true });

function values(
  overrides: Partial<TAssetFormValues> = {},
  custom: Record<string, string> = {},
): TAssetFormValues {
  const entries = Object.fromEntries(Object.entries(custom).map(([id, value]) => [customKey(id), value]));
  return {
    name: 'Pump',
    description: '',
    externalId: '',
    organizationId: '',
    location: null,
    parentAsset: null,
    reportingEnabled: true,
    custom: entries,
    ...overrides,
  };
}

describe('checkAssetForm', () => {
  it('trims text, leaves out empty values, retired fields and an empty description', () => {
    const result = checkAssetForm(
      values(
        { name: '  Pump 1 ', description: '   ' },
        {
          [text.id]: ' SN-1 ',
          [num.id]: '',
          [bool.id]: 'true',
          [date.id]: '2026-02-03',
          [select.id]: 'Blue',
          [retired.id]: 'kept',
        },
      ),
      [text, num, bool, date, select, retired],
    );
    expect(result).toEqual({
      ok: true,
      body: {
        name: 'Pump 1',
        fields: [
          { fieldId: text.id, value: 'SN-1' },
          { fieldId: bool.id, value: 'true' },
          { fieldId: date.id, value: '2026-02-03' },
          { fieldId: select.id, value: 'Blue' },
        ],
      },
    });
  });

  it('sends the description and organization when given', () => {
    const orgId = '0193f8a0-0000-7000-8000-0000000000ff';
    const result = checkAssetForm(values({ description: ' Roof ', organizationId: ` ${orgId} ` }), []);
    expect(result).toEqual({
      ok: true,
      body: { name: 'Pump', description: 'Roof', organizationId: orgId, fields: [] },
    });
  });

  it('reports every invalid input with the shared messages', () => {
    const result = checkAssetForm(
      values(
        { name: '  ', organizationId: 'not-a-uuid' },
        {
          [text.id]: 'toolong',
          [num.id]: '1,5',
          [bool.id]: 'yes',
          [date.id]: '2026-02-30',
          [select.id]: 'Green',
          [required.id]: ' ',
        },
      ),
      [text, num, bool, date, select, required, retired],
    );
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors).toEqual([
      { path: 'name', message: 'Asset name is required.' },
      { path: 'organizationId', message: 'Organization ID must be a valid UUID.' },
      { path: `custom.${customKey(text.id)}`, message: 'Max 5 characters.' },
      { path: `custom.${customKey(num.id)}`, message: 'Please provide a valid value.' },
      { path: `custom.${customKey(bool.id)}`, message: 'Please provide a valid value.' },
      { path: `custom.${customKey(date.id)}`, message: 'Please provide a valid value.' },
      { path: `custom.${customKey(select.id)}`, message: 'Please provide a valid value.' },
      { path: `custom.${customKey(required.id)}`, message: 'Owner is required.' },
    ]);
  });

  it('keeps an option the asset holds after it was removed, but refuses other removed options (ADR 020)', () => {
    const holding = asset({
      fields: [{ fieldId: select.id, label: 'Colour', value: 'Green', isActive: true }],
    });
    expect(checkAssetForm(values({}, { [select.id]: 'Green' }), [select], holding)).toEqual({
      ok: true,
      body: { name: 'Pump', externalId: null, fields: [{ fieldId: select.id, value: 'Green' }] },
    });
    expect(checkAssetForm(values({}, { [select.id]: 'Purple' }), [select], holding)).toEqual({
      ok: false,
      errors: [{ path: `custom.${customKey(select.id)}`, message: 'Please provide a valid value.' }],
    });
    expect(checkAssetForm(values({}, { [select.id]: 'Green' }), [select]).ok).toBe(false);
  });

  it('sends an external ID when one is typed, and on an edit always, so that emptying it clears it (ADR 092)', () => {
    expect(checkAssetForm(values({ externalId: '  TAG-1 ' }), [])).toEqual({
      ok: true,
      body: { name: 'Pump', externalId: 'TAG-1', fields: [] },
    });
    expect(checkAssetForm(values(), [])).toEqual({ ok: true, body: { name: 'Pump', fields: [] } });
    expect(checkAssetForm(values(), [], asset({ externalId: 'TAG-1' }))).toEqual({
      ok: true,
      body: { name: 'Pump', externalId: null, fields: [] },
    });
    expect(checkAssetForm(values({ externalId: 'x'.repeat(256) }), [])).toEqual({
      ok: false,
      errors: [{ path: 'externalId', message: ASSET_MESSAGES.externalIdTooLong }],
    });
  });

  it('accepts negative and decimal numbers', () => {
    const result = checkAssetForm(values({}, { [num.id]: '-12.50' }), [num]);
    expect(result).toEqual({
      ok: true,
      body: { name: 'Pump', fields: [{ fieldId: num.id, value: '-12.50' }] },
    });
  });
});

describe('the location and the parent asset', () => {
  const PLACE = { id: '0193f8a0-0000-7000-8000-00000000010c', path: 'Plant A / Boiler room' };
  const PARENT = { id: '0193f8a0-0000-7000-8000-0000000000b1', label: 'Pump 1' };

  it('sends them on a new asset when chosen, and leaves them out otherwise', () => {
    expect(checkAssetForm(values({ location: PLACE, parentAsset: PARENT }), [])).toEqual({
      ok: true,
      body: { name: 'Pump', fields: [], locationId: PLACE.id, parentAssetId: PARENT.id },
    });
    expect(checkAssetForm(values({ location: { id: null, path: 'No location' } }), [])).toEqual({
      ok: true,
      body: { name: 'Pump', fields: [] },
    });
  });

  it('sends them on an existing asset only when changed, null to clear', () => {
    const stored = asset({
      location: { id: PLACE.id, name: 'Boiler room', path: PLACE.path },
      parentAsset: { id: PARENT.id, name: 'Pump 1', slug: 'pump-1' },
    });
    const initial = initialAssetFormValues(stored, [], '');
    expect(initial.location).toEqual(PLACE);
    expect(initial.parentAsset).toEqual(PARENT);
    expect(checkAssetForm({ ...initial, name: 'Pump' }, [], stored)).toEqual({
      ok: true,
      body: {
        name: 'Pump',
        description: 'Basement boiler',
        fields: [],
        externalId: null,
        organizationId: ORG_ID,
      },
    });
    expect(checkAssetForm({ ...initial, location: null, parentAsset: null }, [], stored)).toEqual({
      ok: true,
      body: {
        name: 'Boiler 3',
        description: 'Basement boiler',
        fields: [],
        externalId: null,
        organizationId: ORG_ID,
        locationId: null,
        parentAssetId: null,
      },
    });
  });
});

describe('asset form helpers', () => {
  it('maps server paths to inputs', () => {
    expect(formPathFromServer(`fields.${text.id}`)).toBe(`custom.${customKey(text.id)}`);
    expect(formPathFromServer('name')).toBe('name');
    expect(formPathFromServer('description')).toBe('description');
    expect(formPathFromServer('externalId')).toBe('externalId');
    expect(formPathFromServer('locationId')).toBe('location');
    expect(formPathFromServer('parentAssetId')).toBe('parentAsset');
    expect(formPathFromServer('something.else')).toBeNull();
  });

  it('starts from the stored values, dates as yyyy-mm-dd', () => {
    const stored = asset({
      fields: [
        { fieldId: date.id, label: 'Installed', value: '2024-03-01T00:00:00.000Z', isActive: true },
        { fieldId: retired.id, label: 'Old code', value: 'X1', isActive: false },
      ],
    });
    const initial = initialAssetFormValues(stored, [date, retired, text], 'org');
    expect(initial).toMatchObject({
      name: 'Boiler 3',
      description: 'Basement boiler',
      organizationId: stored.organizationId,
    });
    expect(initial.custom).toEqual({
      [customKey(date.id)]: '2024-03-01',
      [customKey(retired.id)]: 'X1',
      [customKey(text.id)]: '',
    });
    expect(initialAssetFormValues(undefined, [], 'own-org').organizationId).toBe('own-org');
  });
});

describe('"Allow problem reports"', () => {
  const bodyOf = (check: ReturnType<typeof checkAssetForm>) => (check.ok ? check.body : null);

  it('is on for a new asset, and sent only when turned off', () => {
    expect(initialAssetFormValues(undefined, [], ORG_ID).reportingEnabled).toBe(true);
    expect(bodyOf(checkAssetForm(values(), []))).not.toHaveProperty('reportingEnabled');
    expect(bodyOf(checkAssetForm(values({ reportingEnabled: false }), []))).toMatchObject({
      reportingEnabled: false,
    });
  });

  it('follows the asset on an edit, and is sent when changed', () => {
    const off = asset({ reportingEnabled: false });
    expect(initialAssetFormValues(off, [], ORG_ID).reportingEnabled).toBe(false);
    expect(bodyOf(checkAssetForm(values({ reportingEnabled: false }), [], off))).not.toHaveProperty(
      'reportingEnabled',
    );
    expect(bodyOf(checkAssetForm(values({ reportingEnabled: true }), [], off))).toMatchObject({
      reportingEnabled: true,
    });
  });
});
