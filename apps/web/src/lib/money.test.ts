import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { formatMinutes, formatMoney, parseMinutes, parseMoney, parseQuantity } from './money.ts';

describe('money', () => {
  const before = i18n.locale;
  afterEach(() => i18n.activate(before));

  it('formats minor units in the currency and the active language', () => {
    i18n.activate('de');
    expect(formatMoney(123_450, 'EUR').replace(/\s/g, ' ')).toBe('1.234,50 €');
    i18n.activate('en');
    expect(formatMoney(123_450, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
  });

  it('reads amounts typed either way, refusing negatives and extra decimals', () => {
    expect(parseMoney('12.50', 'EUR')).toBe(1250);
    expect(parseMoney('12,5', 'EUR')).toBe(1250);
    expect(parseMoney('1 234,56', 'EUR')).toBe(123_456);
    expect(parseMoney('1,234.56', 'USD')).toBe(123_456);
    expect(parseMoney('7', 'EUR')).toBe(700);
    expect(parseMoney('1500', 'JPY')).toBe(1500);
    expect(parseMoney('1.5', 'JPY')).toBeNull();
    expect(parseMoney('-3', 'EUR')).toBeNull();
    expect(parseMoney('1.234', 'EUR')).toBe(123_400);
    expect(parseMoney('abc', 'EUR')).toBeNull();
  });

  it('reads quantities and times', () => {
    expect(parseQuantity('2,5')).toBe(2.5);
    expect(parseQuantity('-1')).toBeNull();
    expect(parseQuantity('1.2345')).toBeNull();
    expect(parseMinutes('90')).toBe(90);
    expect(parseMinutes('1:30')).toBe(90);
    expect(parseMinutes('2h')).toBe(120);
    expect(parseMinutes('1:75')).toBeNull();
    expect(parseMinutes('-5')).toBeNull();
    expect(formatMinutes(90)).toBe('1:30');
  });
});
