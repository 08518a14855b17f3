import { describe, expect, it } from 'vitest';
import { localDate } from './due-dates.ts';

describe('localDate', () => {
  it('gives the calendar date in the time zone, on either side of its midnight', () => {
    expect(localDate(new Date('2026-11-26T04:59:59Z'), 'America/New_York')).toBe('2026-11-25');
    expect(localDate(new Date('2026-11-26T05:00:00Z'), 'America/New_York')).toBe('2026-11-26');
    expect(localDate(new Date('2026-11-26T05:00:00Z'), 'UTC')).toBe('2026-11-26');
  });

  it('answers each minute of each zone anew, whatever was asked before', () => {
    // Kolkata is 5:30 ahead: its midnight falls on a half hour of UTC.
    expect(localDate(new Date('2026-11-26T18:29:30Z'), 'Asia/Kolkata')).toBe('2026-11-26');
    expect(localDate(new Date('2026-11-26T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-11-26');
    expect(localDate(new Date('2026-11-26T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-27');
    expect(localDate(new Date('2026-11-26T18:29:00Z'), 'Asia/Kolkata')).toBe('2026-11-26');
    expect(localDate(new Date('2020-02-29T12:00:00Z'), 'Asia/Kolkata')).toBe('2020-02-29');
  });

  it('refuses a name that is not a time zone', () => {
    expect(() => localDate(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});
