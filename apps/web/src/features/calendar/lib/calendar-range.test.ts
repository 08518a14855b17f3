import { describe, expect, it } from 'vitest';
import { activateLocale } from '#web/lib/i18n.ts';
import {
  calendarStateOf,
  firstDayOfWeek,
  longDate,
  monthWeeks,
  paramsOf,
  periodLabel,
  rangeOf,
  shiftDate,
  weekdayNames,
  weekStart,
} from './calendar-range.ts';

const defaults = { view: 'month', date: '2026-03-02' } as const;

describe('the calendar’s dates', () => {
  it('starts weeks on Monday', () => {
    expect(weekStart('2026-03-01')).toBe('2026-02-23'); // a Sunday
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
  });

  it('lays a month out in whole weeks: four, five or six of them', () => {
    expect(monthWeeks('2027-02-10').length).toBe(4); // 1 February 2027 is a Monday, 28 days
    expect(monthWeeks('2026-03-15').length).toBe(6); // from Monday 23 February to Sunday 5 April
    expect(monthWeeks('2026-03-15')[0]).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(rangeOf('month', '2026-03-15')).toEqual({ from: '2026-02-23', to: '2026-04-05' });
    expect(rangeOf('month', '2026-04-30')).toEqual({ from: '2026-03-30', to: '2026-05-03' });
  });

  it('gives a week and four weeks of agenda', () => {
    expect(rangeOf('week', '2026-03-05')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(rangeOf('agenda', '2026-03-05')).toEqual({ from: '2026-03-05', to: '2026-04-01' });
  });

  it('moves by a month (from any day, to the 1st), a week or four weeks', () => {
    expect(shiftDate('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftDate('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftDate('week', '2026-03-05', 1)).toBe('2026-03-09');
    expect(shiftDate('agenda', '2026-03-05', -1)).toBe('2026-02-05');
  });
});

describe('the week of the active language (ADR 114)', () => {
  it('starts on Monday in English, German, French and Spanish, on Sunday in American English', () => {
    expect(firstDayOfWeek('en')).toBe(1);
    expect(firstDayOfWeek('de')).toBe(1);
    expect(firstDayOfWeek('fr')).toBe(1);
    expect(firstDayOfWeek('es')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(weekStart('2026-03-04', 7)).toBe('2026-03-01');
    expect(monthWeeks('2026-03-15', 7)[0]?.[0]).toBe('2026-03-01');
  });

  it('knows the first day without Intl’s week information (Firefox)', () => {
    const prototype = Intl.Locale.prototype as { getWeekInfo?: unknown };
    const getWeekInfo = prototype.getWeekInfo;
    prototype.getWeekInfo = undefined;
    try {
      expect(firstDayOfWeek('en-US')).toBe(7);
      expect(firstDayOfWeek('de-AT')).toBe(1);
      expect(firstDayOfWeek('fr')).toBe(1);
    } finally {
      prototype.getWeekInfo = getWeekInfo;
    }
  });

  it('lays English weeks out from Monday, with English names', () => {
    expect(weekdayNames()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(rangeOf('week', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(periodLabel('month', '2026-03-15')).toBe('March 2026');
  });

  it('lays German weeks out from Monday, with German names and month titles', async () => {
    await activateLocale('de');
    expect(monthWeeks('2026-03-15')[0]?.[0]).toBe('2026-02-23');
    // Abbreviations differ between ICU versions ("Mo" or "Mo."): the first and last days.
    expect(weekdayNames()[0]).toMatch(/^Mo/);
    expect(weekdayNames()[6]).toMatch(/^So/);
    expect(periodLabel('month', '2026-03-15')).toBe('März 2026');
    expect(longDate('2026-03-02')).toBe('Montag, 2. März');
  });
});

describe('the calendar’s address', () => {
  it('reads a view, a date and an assignee, and falls back on anything else', () => {
    const read = (query: string) => calendarStateOf(new URLSearchParams(query), defaults);
    expect(read('view=week&date=2026-05-04&assignee=me')).toEqual({
      view: 'week',
      date: '2026-05-04',
      assignee: 'me',
    });
    expect(read('view=year&date=2026-02-30&assignee=bob')).toEqual({ ...defaults, assignee: 'all' });
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    expect(read(`assignee=${id}`).assignee).toBe(id);
  });

  it('writes the assignee only when it narrows', () => {
    expect(paramsOf({ view: 'agenda', date: '2026-03-02', assignee: 'all' }).toString()).toBe(
      'view=agenda&date=2026-03-02',
    );
    expect(paramsOf({ view: 'agenda', date: '2026-03-02', assignee: 'unassigned' }).get('assignee')).toBe(
      'unassigned',
    );
  });
});
