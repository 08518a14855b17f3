import { describe, expect, it } from 'vitest';
import { parseReading } from './meter-format.ts';

describe('a typed reading', () => {
  it('reads English: a decimal point, commas as thousands', () => {
    expect(parseReading('12345', '.')).toBe(12345);
    expect(parseReading('12,345', '.')).toBe(12345);
    expect(parseReading('1,234,567.5', '.')).toBe(1234567.5);
    expect(parseReading('12.5', '.')).toBe(12.5);
    // One comma not before three digits can only be a decimal one.
    expect(parseReading('12,5', '.')).toBe(12.5);
  });

  it('reads German, French or Spanish: a decimal comma, points or spaces as thousands', () => {
    expect(parseReading('12.345', ',')).toBe(12345);
    expect(parseReading(' 12 345,5 ', ',')).toBe(12345.5);
    expect(parseReading('12\u202f345', ',')).toBe(12345);
    expect(parseReading('12,5', ',')).toBe(12.5);
    expect(parseReading('12.5', ',')).toBe(12.5);
  });

  it('is no number when empty, negative or not a number', () => {
    expect(parseReading('', '.')).toBeNull();
    expect(parseReading('-5', '.')).toBeNull();
    expect(parseReading('12h', '.')).toBeNull();
    expect(parseReading('1,2,3.4.5', '.')).toBeNull();
  });
});
