import { SCHEDULE_MESSAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { fieldDefinition } from '#web/features/fields/field-fixtures.ts';
import { schedule } from '../schedule-fixtures.ts';
import { checkScheduleForm, initialScheduleFormValues, scheduleFormPath } from './schedule-form-values.ts';

const required = fieldDefinition({ target: 'MaintenanceEvent', label: 'Checked by', isRequired: true });

describe('the schedule form’s values', () => {
  it('starts a new schedule monthly from today, fixed, without lead time', () => {
    expect(initialScheduleFormValues(undefined, [], '2026-03-04')).toMatchObject({
      pattern: 'interval',
      every: '1',
      unit: 'month',
      mode: 'fixed',
      leadDays: '0',
      startsOn: '2026-03-04',
      endsOn: '',
      assigneeId: '',
      priority: 'normal',
    });
  });

  it('builds the body of a saved schedule as it was', () => {
    const saved = schedule({
      recurrence: { pattern: 'lastDayOfMonth', every: 2 },
      notes: 'Look at the gauge.',
      fields: [{ fieldId: required.id, label: 'Checked by', value: 'Sam' }],
      checklist: { id: '0193f8a0-0000-7000-8000-0000000000c1', name: 'Boiler checklist' },
    });
    const check = checkScheduleForm(initialScheduleFormValues(saved, [required]), [required], saved);
    expect(check).toEqual({
      ok: true,
      body: {
        title: saved.title,
        notes: 'Look at the gauge.',
        fields: [{ fieldId: required.id, value: 'Sam' }],
        recurrence: { pattern: 'lastDayOfMonth', every: 2 },
        usage: null,
        mode: 'fixed',
        leadDays: 7,
        assigneeId: null,
        priority: 'normal',
        startsOn: saved.startsOn,
        endsOn: null,
        checklistTemplateId: '0193f8a0-0000-7000-8000-0000000000c1',
      },
    });
  });

  it('reports each problem once, at the input that has it', () => {
    const values = {
      ...initialScheduleFormValues(undefined, [required], '2026-03-04'),
      title: ' ',
      every: 'x',
      leadDays: '400',
      startsOn: '2026-03-04',
      endsOn: '2026-03-01',
      pattern: 'monthDay' as const,
      day: '32',
    };
    const check = checkScheduleForm(values, [required]);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors).toEqual([
      { path: `custom.f_${required.id}`, message: 'Checked by is required.' },
      { path: 'title', message: SCHEDULE_MESSAGES.titleRequired },
      { path: 'every', message: SCHEDULE_MESSAGES.every },
      { path: 'day', message: SCHEDULE_MESSAGES.monthDay },
      { path: 'leadDays', message: SCHEDULE_MESSAGES.leadDays },
    ]);
  });

  it('reads the server’s paths as the form’s', () => {
    expect(scheduleFormPath('recurrence')).toBe('pattern');
    expect(scheduleFormPath('recurrence.weekdays')).toBe('weekdays');
    expect(scheduleFormPath('fields.abc')).toBe('custom.f_abc');
    expect(scheduleFormPath('endsOn')).toBe('endsOn');
    expect(scheduleFormPath('assetIds')).toBeNull();
  });
});
