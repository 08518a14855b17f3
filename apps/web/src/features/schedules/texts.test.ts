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
    expect(SCHEDULE_TEXTS.leadTime(0)).toBe('Appears on its due date');
    expect(SCHEDULE_TEXTS.leadTime(1)).toBe('Appears 1 day before');
    expect(SCHEDULE_TEXTS.bulkDone(20, 0)).toBe('Schedules created on 20 assets.');
    expect(SCHEDULE_TEXTS.bulkDone(1, 1)).toBe('Schedules created on 1 asset. 1 task already due created.');
  });
});
