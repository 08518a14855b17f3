import { EVENT_MESSAGES, FIELD_VALUE_MESSAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { EVENT_FIELDS, eventFile, maintenanceEvent } from '../event-fixtures.ts';
import {
  attachmentInput,
  checkEventForm,
  eventFormPathFromServer,
  fromDateTimeLocal,
  initialEventFormValues,
  type TEventFormValues,
  toDateTimeLocal,
} from './event-form-values.ts';

const { pressure, checked, part, safe, code, oldCode: retired } = EVENT_FIELDS;
const DEFINITIONS = [pressure, checked, part, safe, code, retired];

function values(overrides: Partial<TEventFormValues> = {}): TEventFormValues {
  return {
    title: 'Service',
    notes: '',
    recordedBy: '',
    performedAt: '',
    startTask: true,
    priority: 'normal',
    assetDown: false,
    checklistTemplateId: '',
    custom: { [`f_${part.id}`]: 'Filter' },
    ...overrides,
  };
}

describe('datetime-local conversion', () => {
  it('shows an instant in local time, to the minute', () => {
    expect(toDateTimeLocal(new Date(2026, 2, 2, 9, 5, 59))).toBe('2026-03-02T09:05');
    const iso = new Date(2026, 11, 31, 23, 59).toISOString();
    expect(toDateTimeLocal(iso)).toBe('2026-12-31T23:59');
    expect(toDateTimeLocal('not a date')).toBe('');
  });

  it('reads a local value back as ISO 8601, refusing impossible dates', () => {
    expect(fromDateTimeLocal('2026-03-02T09:30')).toBe(new Date(2026, 2, 2, 9, 30).toISOString());
    expect(fromDateTimeLocal('2026-03-02T09:30:20')).toBe(new Date(2026, 2, 2, 9, 30, 20).toISOString());
    expect(fromDateTimeLocal(toDateTimeLocal('2026-07-01T12:34:00.000Z'))).toBe('2026-07-01T12:34:00.000Z');
    expect(fromDateTimeLocal('2026-02-31T10:00')).toBeNull();
    expect(fromDateTimeLocal('2026-03-02T24:00')).toBeNull();
    expect(fromDateTimeLocal('2026-03-02')).toBeNull();
    expect(fromDateTimeLocal('')).toBeNull();
  });
});

describe('initialEventFormValues', () => {
  it('starts a new event recorded by the user, performed now, with the task started', () => {
    const now = new Date(2026, 4, 6, 7, 8);
    expect(initialEventFormValues(undefined, [pressure, part], 'Alex Admin', now)).toEqual({
      title: '',
      notes: '',
      recordedBy: 'Alex Admin',
      performedAt: '2026-05-06T07:08',
      startTask: true,
      priority: 'normal',
      assetDown: false,
      checklistTemplateId: '',
      custom: { [`f_${pressure.id}`]: '', [`f_${part.id}`]: '' },
    });
  });

  it('fills an edit from the event: local performedAt, stored values, dates as yyyy-mm-dd', () => {
    const event = maintenanceEvent({
      notes: null,
      recordedBy: null,
      fields: [
        { fieldId: pressure.id, label: 'Pressure', value: '1.5' },
        { fieldId: checked.id, label: 'Checked on', value: '2026-03-01T00:00:00.000Z' },
      ],
    });
    expect(initialEventFormValues(event, [pressure, checked, part], 'Alex Admin')).toEqual({
      title: 'Annual service',
      notes: '',
      recordedBy: '',
      performedAt: toDateTimeLocal(event.performedAt),
      startTask: false,
      priority: 'normal',
      assetDown: false,
      checklistTemplateId: '',
      custom: { [`f_${pressure.id}`]: '1.5', [`f_${checked.id}`]: '2026-03-01', [`f_${part.id}`]: '' },
    });
  });
});

describe('checkEventForm', () => {
  it('sends the priority, and "the asset is down" as a downtime starting now, cleared when switched off', () => {
    const now = new Date('2026-05-06T07:08:00Z');
    const down = checkEventForm(
      values({ priority: 'urgent', assetDown: true }),
      DEFINITIONS,
      undefined,
      undefined,
      now,
    );
    expect(down.ok && down.body).toMatchObject({ priority: 'urgent', downFrom: '2026-05-06T07:08:00.000Z' });
    const open = maintenanceEvent({ downFrom: '2026-05-01T00:00:00.000Z' });
    const kept = checkEventForm(values({ assetDown: true }), DEFINITIONS, open, undefined, now);
    expect(kept.ok && 'downFrom' in kept.body).toBe(false);
    const cleared = checkEventForm(values({ assetDown: false }), DEFINITIONS, open, undefined, now);
    expect(cleared.ok && cleared.body.downFrom).toBeNull();
    const ended = maintenanceEvent({
      downFrom: '2026-05-01T00:00:00.000Z',
      downTo: '2026-05-02T00:00:00.000Z',
    });
    const untouched = checkEventForm(values({ assetDown: false }), DEFINITIONS, ended, undefined, now);
    expect(untouched.ok && 'downFrom' in untouched.body).toBe(false);
  });

  it('builds a create payload: trimmed text, nulls for empty text, empty values and retired fields left out', () => {
    const check = checkEventForm(
      values({
        title: '  Service  ',
        notes: '   ',
        recordedBy: ' Sam ',
        performedAt: '2026-03-02T09:30',
        startTask: false,
        custom: {
          [`f_${pressure.id}`]: ' -2.5 ',
          [`f_${checked.id}`]: '',
          [`f_${part.id}`]: 'Belt',
          [`f_${safe.id}`]: 'true',
          [`f_${code.id}`]: ' ab ',
          [`f_${retired.id}`]: 'kept',
        },
      }),
      DEFINITIONS,
    );
    expect(check).toEqual({
      ok: true,
      body: {
        title: 'Service',
        notes: null,
        recordedBy: 'Sam',
        performedAt: new Date(2026, 2, 2, 9, 30).toISOString(),
        startTask: false,
        priority: 'normal',
        fields: [
          { fieldId: pressure.id, value: '-2.5' },
          { fieldId: part.id, value: 'Belt' },
          { fieldId: safe.id, value: 'true' },
          { fieldId: code.id, value: 'ab' },
        ],
      },
    });
  });

  it('sends startTask on create only, and leaves an empty performedAt out', () => {
    const created = checkEventForm(values(), DEFINITIONS);
    expect(created.ok && created.body.startTask).toBe(true);
    expect(created.ok && 'performedAt' in created.body).toBe(false);
    const edited = checkEventForm(values({ startTask: true }), DEFINITIONS, maintenanceEvent());
    expect(edited.ok && 'startTask' in edited.body).toBe(false);
  });

  it('sends the chosen checklist on create only, and none when none is chosen', () => {
    const id = '0193f8a0-0000-7000-8000-0000000000d1';
    const created = checkEventForm(values({ checklistTemplateId: id }), DEFINITIONS);
    expect(created.ok && created.body.checklistTemplateId).toBe(id);
    const without = checkEventForm(values(), DEFINITIONS);
    expect(without.ok && 'checklistTemplateId' in without.body).toBe(false);
    const edited = checkEventForm(values({ checklistTemplateId: id }), DEFINITIONS, maintenanceEvent());
    expect(edited.ok && 'checklistTemplateId' in edited.body).toBe(false);
  });

  it('leaves out the untouched "now" of a new event, so that the server stamps the save time', () => {
    const shown = '2026-03-02T09:30';
    const untouched = checkEventForm(values({ performedAt: shown }), DEFINITIONS, undefined, shown);
    expect(untouched.ok && 'performedAt' in untouched.body).toBe(false);
    const changed = checkEventForm(
      values({ performedAt: '2026-03-01T09:30' }),
      DEFINITIONS,
      undefined,
      shown,
    );
    expect(changed.ok && changed.body.performedAt).toBe(new Date(2026, 2, 1, 9, 30).toISOString());
  });

  it('keeps the stored instant (with its seconds) when performedAt is unchanged on edit', () => {
    const event = maintenanceEvent({ performedAt: '2026-03-02T09:30:15.000Z' });
    const same = checkEventForm(
      values({ performedAt: toDateTimeLocal(event.performedAt) }),
      DEFINITIONS,
      event,
    );
    expect(same.ok && same.body.performedAt).toBe('2026-03-02T09:30:15.000Z');
    const moved = checkEventForm(values({ performedAt: '2026-03-03T08:00' }), DEFINITIONS, event);
    expect(moved.ok && moved.body.performedAt).toBe(new Date(2026, 2, 3, 8, 0).toISOString());
  });

  it('reports every rule with the form path of its input', () => {
    const check = checkEventForm(
      values({
        title: '   ',
        notes: 'n'.repeat(4001),
        recordedBy: 'r'.repeat(201),
        performedAt: '2026-02-30T10:00',
        custom: {
          [`f_${pressure.id}`]: '1,5',
          [`f_${checked.id}`]: '2026-13-01',
          [`f_${part.id}`]: '',
          [`f_${safe.id}`]: 'yes',
          [`f_${code.id}`]: 'toolong',
        },
      }),
      DEFINITIONS,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual([
      { path: 'title', message: EVENT_MESSAGES.titleRequired },
      { path: 'notes', message: EVENT_MESSAGES.notesTooLong },
      { path: 'recordedBy', message: EVENT_MESSAGES.recordedByTooLong },
      { path: 'performedAt', message: EVENT_MESSAGES.performedAtInvalid },
      ...[pressure, checked, part, safe, code].map((definition) => ({
        path: `custom.f_${definition.id}`,
        message: FIELD_VALUE_MESSAGES.invalid,
      })),
    ]);
  });

  it('keeps a removed option the event holds, and refuses one it does not (ADR 020)', () => {
    const event = maintenanceEvent({ fields: [{ fieldId: part.id, label: 'Part', value: 'Chain' }] });
    const kept = checkEventForm(values({ custom: { [`f_${part.id}`]: 'Chain' } }), [part], event);
    expect(kept.ok && kept.body.fields).toEqual([{ fieldId: part.id, value: 'Chain' }]);
    const chosen = checkEventForm(values({ custom: { [`f_${part.id}`]: 'Hose' } }), [part], event);
    expect(chosen).toEqual({
      ok: false,
      errors: [{ path: `custom.f_${part.id}`, message: FIELD_VALUE_MESSAGES.invalid }],
    });
  });

  it('refuses a title over 200 characters', () => {
    const check = checkEventForm(values({ title: 't'.repeat(201) }), DEFINITIONS);
    expect(check).toEqual({ ok: false, errors: [{ path: 'title', message: EVENT_MESSAGES.titleTooLong }] });
  });

  it('sends the stored values back when the definitions could not be loaded (nothing is cleared)', () => {
    const event = maintenanceEvent({ fields: [{ fieldId: pressure.id, label: 'Pressure', value: '2' }] });
    const check = checkEventForm(values({ custom: {} }), null, event);
    expect(check.ok && check.body.fields).toEqual([{ fieldId: pressure.id, value: '2' }]);
    const created = checkEventForm(values({ custom: {} }), null);
    expect(created.ok && created.body.fields).toEqual([]);
  });
});

describe('helpers', () => {
  it('maps server error paths to form paths', () => {
    expect(eventFormPathFromServer(`fields.${pressure.id}`)).toBe(`custom.f_${pressure.id}`);
    expect(eventFormPathFromServer('title')).toBe('title');
    expect(eventFormPathFromServer('performedAt')).toBe('performedAt');
    expect(eventFormPathFromServer('files.0.objectKey')).toBeNull();
    expect(eventFormPathFromServer('startTask')).toBeNull();
  });

  it('lists a kept attachment by its key, name, type and size', () => {
    expect(attachmentInput(eventFile())).toEqual({
      objectKey: 'org/uploads/photo.jpg',
      fileName: 'photo.jpg',
      contentType: 'image/jpeg',
      size: 2048,
    });
  });
});
