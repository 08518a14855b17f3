import { describe, expect, it } from 'vitest';
import { activateLocale } from '#web/lib/i18n.ts';
import { fieldValueText } from './field-value-text.ts';

// A custom value as the reader reads it (ADR 118); the tests speak English unless a catalog is loaded.
describe('fieldValueText', () => {
  it('writes a Boolean as Yes or No, a date as a medium date and a number with its decimals', () => {
    expect(fieldValueText('Boolean', 'true')).toBe('Yes');
    expect(fieldValueText('Boolean', 'false')).toBe('No');
    expect(fieldValueText('Date', '2026-03-01')).toBe('Mar 1, 2026');
    expect(fieldValueText('Number', '1234.50')).toBe('1,234.50');
    expect(fieldValueText('Number', '-7')).toBe('-7');
  });

  it('speaks the active language: German Ja and Nein, German dates and numbers', async () => {
    await activateLocale('de');
    expect(fieldValueText('Boolean', 'true')).toBe('Ja');
    expect(fieldValueText('Boolean', 'false')).toBe('Nein');
    expect(fieldValueText('Date', '2026-03-01')).toBe('01.03.2026');
    expect(fieldValueText('Number', '1234.5')).toBe('1.234,5');
  });

  it('leaves text, options and values that are not what their type stores as they are', () => {
    expect(fieldValueText('Text', '1234')).toBe('1234');
    expect(fieldValueText('Select', 'true')).toBe('true');
    expect(fieldValueText('Number', 'n/a')).toBe('n/a');
    expect(fieldValueText('Date', 'soon')).toBe('soon');
    // A value whose type is not known (an older server's, a copy kept offline before): a date-time shows its day.
    expect(fieldValueText(undefined, '2024-03-01T00:00:00.000Z')).toBe('2024-03-01');
  });
});
