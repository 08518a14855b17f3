import type { TRecurrence } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import {
  firstDueDate,
  floatingDueAfter,
  occurrencesBetween,
  occurrencesFrom,
  planNextTask,
  shortestGapDays,
  toRRuleText,
} from './recurrence.ts';

const dates = (recurrence: TRecurrence, startsOn: string, count = 6, endsOn: string | null = null) =>
  occurrencesFrom(toRRuleText(recurrence, startsOn, endsOn), startsOn, startsOn, count);

describe('recurrences as calendar dates', () => {
  it('every N days, weeks, months and years from the start date', () => {
    expect(dates({ pattern: 'interval', every: 10, unit: 'day' }, '2025-03-25', 4)).toEqual([
      '2025-03-25',
      '2025-04-04',
      '2025-04-14',
      '2025-04-24',
    ]);
    expect(dates({ pattern: 'interval', every: 2, unit: 'week' }, '2025-10-20', 3)).toEqual([
      '2025-10-20',
      '2025-11-03',
      '2025-11-17',
    ]);
    expect(dates({ pattern: 'interval', every: 3, unit: 'month' }, '2025-01-15', 4)).toEqual([
      '2025-01-15',
      '2025-04-15',
      '2025-07-15',
      '2025-10-15',
    ]);
    expect(dates({ pattern: 'interval', every: 1, unit: 'year' }, '2025-11-01', 2)).toEqual([
      '2025-11-01',
      '2026-11-01',
    ]);
  });

  it('a month day that shorter months lack falls on their last day, and comes back after them', () => {
    expect(dates({ pattern: 'interval', every: 1, unit: 'month' }, '2025-01-31', 5)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
    ]);
    expect(dates({ pattern: 'monthDay', every: 1, day: 30 }, '2024-01-01', 3)).toEqual([
      '2024-01-30',
      '2024-02-29',
      '2024-03-30',
    ]);
    expect(dates({ pattern: 'interval', every: 1, unit: 'year' }, '2024-02-29', 3)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
    ]);
  });

  it('chosen weekdays every N weeks, the last day of the month, a day of the month', () => {
    expect(dates({ pattern: 'weekdays', every: 2, weekdays: ['MO', 'TH'] }, '2025-01-01', 5)).toEqual([
      '2025-01-02',
      '2025-01-13',
      '2025-01-16',
      '2025-01-27',
      '2025-01-30',
    ]);
    expect(dates({ pattern: 'lastDayOfMonth', every: 1 }, '2025-01-10', 3)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
    ]);
    expect(dates({ pattern: 'monthDay', every: 2, day: 1 }, '2025-01-02', 3)).toEqual([
      '2025-03-01',
      '2025-05-01',
      '2025-07-01',
    ]);
  });

  it('ends on the end date, which is an RRULE UNTIL', () => {
    const recurrence: TRecurrence = { pattern: 'interval', every: 1, unit: 'month' };
    expect(toRRuleText(recurrence, '2025-01-01', '2025-03-01')).toBe(
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1;UNTIL=20250301T000000Z',
    );
    expect(dates(recurrence, '2025-01-01', 10, '2025-03-01')).toEqual([
      '2025-01-01',
      '2025-02-01',
      '2025-03-01',
    ]);
    const rule = toRRuleText(recurrence, '2025-01-01', null);
    expect(occurrencesBetween(rule, '2025-01-01', { from: '2025-02-15', to: '2025-05-01' }, 10)).toEqual([
      '2025-03-01',
      '2025-04-01',
      '2025-05-01',
    ]);
  });
});

describe('first due date and the checks of a schedule', () => {
  it('is the first date on or after the start, none when none falls before the end', () => {
    const fridays: TRecurrence = { pattern: 'weekdays', every: 1, weekdays: ['FR'] };
    const schedule = (endsOn: string | null) => ({
      rrule: toRRuleText(fridays, '2025-01-06', endsOn),
      mode: 'fixed' as const,
      startsOn: '2025-01-06',
      endsOn,
    });
    expect(firstDueDate(schedule(null))).toBe('2025-01-10');
    expect(firstDueDate(schedule('2025-01-08'))).toBeNull();
    expect(firstDueDate({ ...schedule(null), mode: 'floating' })).toBe('2025-01-06');
  });

  it('measures the shortest time between two due dates', () => {
    expect(shortestGapDays({ pattern: 'interval', every: 3, unit: 'day' }, '2025-01-01')).toBe(3);
    expect(shortestGapDays({ pattern: 'weekdays', every: 1, weekdays: ['MO', 'WE'] }, '2025-01-01')).toBe(2);
    expect(shortestGapDays({ pattern: 'interval', every: 1, unit: 'month' }, '2025-01-31')).toBe(28);
    expect(shortestGapDays({ pattern: 'lastDayOfMonth', every: 1 }, '2025-01-01')).toBe(28);
    expect(shortestGapDays({ pattern: 'interval', every: 1, unit: 'year' }, '2025-01-01')).toBe(365);
  });
});

describe('the next task of a schedule', () => {
  const monthly = toRRuleText({ pattern: 'monthDay', every: 1, day: 1 }, '2025-01-01', null);

  it('is the next due date once it is within the lead time', () => {
    expect(
      planNextTask({ rrule: monthly, mode: 'fixed', nextDueOn: '2025-02-01', leadDays: 7 }, '2025-01-25'),
    ).toEqual({
      dueOn: '2025-02-01',
      nextDueOn: '2025-03-01',
    });
  });

  it('after downtime is the latest due date that has appeared, not a backlog', () => {
    expect(
      planNextTask({ rrule: monthly, mode: 'fixed', nextDueOn: '2025-02-01', leadDays: 0 }, '2025-06-15'),
    ).toEqual({
      dueOn: '2025-06-01',
      nextDueOn: '2025-07-01',
    });
    expect(
      planNextTask({ rrule: monthly, mode: 'fixed', nextDueOn: '2025-02-01', leadDays: 20 }, '2025-06-15'),
    ).toEqual({
      dueOn: '2025-07-01',
      nextDueOn: '2025-08-01',
    });
  });

  it('of a floating schedule is its next due date, then none until that task is completed', () => {
    expect(
      planNextTask({ rrule: monthly, mode: 'floating', nextDueOn: '2025-02-01', leadDays: 0 }, '2025-06-15'),
    ).toEqual({
      dueOn: '2025-02-01',
      nextDueOn: null,
    });
    const every3Months = {
      recurrence: { pattern: 'interval', every: 3, unit: 'month' } as const,
      endsOn: null,
    };
    expect(floatingDueAfter(every3Months, '2025-03-15')).toBe('2025-06-15');
    expect(floatingDueAfter({ ...every3Months, endsOn: '2025-05-01' }, '2025-03-15')).toBeNull();
  });
});
