import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromSpreadsheetSafe, spreadsheetSafe } from './spreadsheet-safe.ts';

describe('spreadsheetSafe', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ["'=already", "''=already"],
  ])('neutralises %j', (value, cell) => {
    expect(spreadsheetSafe(value)).toBe(cell);
  });

  it.each(['Pump 7', '-5', '-0.25', '12', "it's fine", "'quoted", ''])('leaves %j as it is', (value) => {
    expect(spreadsheetSafe(value)).toBe(value);
  });

  it('is undone by fromSpreadsheetSafe for any text', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(fromSpreadsheetSafe(spreadsheetSafe(value))).toBe(value);
      }),
    );
  });
});
