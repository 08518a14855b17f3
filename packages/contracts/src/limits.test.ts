import { describe, expect, it } from 'vitest';
import {
  boundedInt,
  INPUT_MESSAGES,
  INT4_MAX,
  INT4_MIN,
  instant,
  isStorableText,
  MAX_PAGE,
  storableText,
  ZPageNumber,
} from './limits.ts';

describe('storableText', () => {
  it('refuses NUL and unpaired surrogates, keeps pairs, marks and emoji', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\udbff']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'Pump 3', '🛠️👩🏽‍🔧', '\u202eevil', 'שלום', '\t\n', '\u0001']) {
      expect(isStorableText(good), JSON.stringify(good)).toBe(true);
    }
  });

  it('says what is wrong once, before the other rules', () => {
    const schema = storableText().trim().min(1, { message: 'Required.' });
    const result = schema.safeParse('\u0000');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([INPUT_MESSAGES.unstorableText]);
    expect(schema.parse('  ok  ')).toBe('ok');
  });
});

describe('boundedInt', () => {
  it('accepts the int4 range and refuses one past either end, fractions and non-numbers', () => {
    const schema = boundedInt(INT4_MIN, INT4_MAX);
    expect(schema.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(schema.parse(INT4_MIN)).toBe(INT4_MIN);
    for (const bad of [INT4_MAX + 1, INT4_MIN - 1, 1.5, '3', Number.POSITIVE_INFINITY]) {
      const result = schema.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INPUT_MESSAGES.wholeNumberBetween(INT4_MIN, INT4_MAX));
    }
  });
});

describe('instant', () => {
  const schema = instant('Use an ISO 8601 date and time.');

  it('accepts 1900..9999 in UTC, whatever the offset', () => {
    expect(schema.safeParse('1900-01-01T00:00:00Z').success).toBe(true);
    expect(schema.safeParse('9999-12-31T23:59:59.999Z').success).toBe(true);
    expect(schema.safeParse('2026-11-22T10:00:00+05:30').success).toBe(true);
  });

  it('refuses instants outside the range with the range, and malformed text with its own message only', () => {
    for (const outside of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59.999Z', '9999-12-31T23:00:00-05:00']) {
      expect(schema.safeParse(outside).error?.issues.map((issue) => issue.message)).toEqual([
        INPUT_MESSAGES.instantOutOfRange,
      ]);
    }
    expect(schema.safeParse('yesterday').error?.issues.map((issue) => issue.message)).toEqual([
      'Use an ISO 8601 date and time.',
    ]);
  });
});

describe('ZPageNumber', () => {
  it('coerces query text to a page from 1 to MAX_PAGE, 1 by default', () => {
    expect(ZPageNumber.parse(undefined)).toBe(1);
    expect(ZPageNumber.parse('7')).toBe(7);
    expect(ZPageNumber.parse(String(MAX_PAGE))).toBe(MAX_PAGE);
    for (const bad of ['0', String(MAX_PAGE + 1), '1e20', 'abc', '2.5']) {
      expect(ZPageNumber.safeParse(bad).success, bad).toBe(false);
    }
  });
});
