import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { recurrenceText, SCHEDULE_TEXTS } from './texts.ts';

describe('a recurrence in words', () => {
  it('says every how many units, on which weekdays, on which day of the month', () => {
    expect(recurrenceText({ pattern: 'interval', every: 1, unit: 'day' })).toBe('Every day');
    expect(recurrenceText({ pattern: 'interval', every: 3, unit: 'month' })).toBe('Every 3 months');
    expect(recurrenceText({ pattern: 'interval', every: 1, unit: 'year' })).toBe('Every year');
    expect(recurrenceText({ pattern: 'weekdays', every: 1, weekdays: ['MO'] })).toBe('Every week on Monday');
    expect(recurrenceText({ pattern: 'weekdays', every: 2, weekdays: ['MO', 'WE', 'FR'] })).toBe(
      'Every 2 weeks on Monday, Wednesday and Friday',
    );
    expect(recurrenceText({ pattern: 'monthDay', every: 1, day: 15 })).toBe('Every month on day 15');
    expect(recurrenceText({ pattern: 'lastDayOfMonth', every: 6 })).toBe('Every 6 months on its last day');
  });

  it('says when a task appears and what was created in bulk', () => {
    expect(i18n._(SCHEDULE_TEXTS.leadTime(0))).toBe('Appears on its due date');
    expect(i18n._(SCHEDULE_TEXTS.leadTime(1))).toBe('Appears 1 day before');
    expect(i18n._(SCHEDULE_TEXTS.bulkDone(20, 0))).toBe('Schedules created on 20 assets.');
    expect(i18n._(SCHEDULE_TEXTS.bulkDone(1, 1))).toBe(
      'Schedules created on 1 asset. 1 task already due created.',
    );
  });
});

describe('a recurrence in German', () => {
  it('says it in one sentence per pattern, with the language’s plurals and list', async () => {
    const { activateLocale } = await import('#web/lib/i18n.ts');
    await activateLocale('de');
    expect(recurrenceText({ pattern: 'interval', every: 1, unit: 'week' })).toBe('Jede Woche');
    expect(recurrenceText({ pattern: 'weekdays', every: 2, weekdays: ['MO', 'WE', 'FR'] })).toBe(
      'Alle 2 Wochen am Montag, Mittwoch und Freitag',
    );
    expect(i18n._(SCHEDULE_TEXTS.leadTime(3))).toBe('Erscheint 3 Tage vorher');
    expect(i18n._(SCHEDULE_TEXTS.bulkDone(1234, 1))).toBe(
      'Pläne für 1.234 Objekte erstellt. 1 bereits fällige Aufgabe erstellt.',
    );
  });
});
