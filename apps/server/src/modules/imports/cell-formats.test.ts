import { describe, expect, it } from 'vitest';
import { dateIn, FormatSniffer, numberIn } from './cell-formats.ts';

describe('numberIn', () => {
  it.each([
    ['1234.56', 'point', '1234.56'],
    ['1,234.56', 'point', '1234.56'],
    ['-5', 'point', '-5'],
    ['+5', 'point', '5'],
    ['12.345,67', 'comma', '12345.67'],
    ['1 234,5', 'comma', '1234.5'],
    ['1\u00a0234', 'comma', '1234'],
    ['-0,5', 'comma', '-0.5'],
    ['1234', 'comma', '1234'],
  ] as const)('reads %j with a decimal %s as %s', (text, format, number) => {
    expect(numberIn(text, format)).toBe(number);
  });

  it.each([
    ['12,5', 'point'],
    ['1,23,4', 'point'],
    ['1.234.5', 'comma'],
    ['1,234.56', 'comma'],
    ['12 Euro', 'comma'],
    ['', 'point'],
  ] as const)('refuses %j with a decimal %s', (text, format) => {
    expect(numberIn(text, format)).toBeUndefined();
  });
});

describe('dateIn', () => {
  it.each([
    ['2021-03-15', 'YMD', '2021-03-15'],
    ['2021-03-15T10:00:00Z', 'DMY', '2021-03-15'],
    ['2021/3/5', 'MDY', '2021-03-05'],
    ['15.03.2021', 'DMY', '2021-03-15'],
    ['15/03/2021 14:30', 'DMY', '2021-03-15'],
    ['03/15/2021', 'MDY', '2021-03-15'],
    ['1/23/23', 'MDY', '2023-01-23'],
    ['4/5/96', 'MDY', '1996-04-05'],
  ] as const)('reads %j in the order %s as %s', (text, order, iso) => {
    expect(dateIn(text, order)?.iso).toBe(iso);
  });

  it.each([
    ['15.03.2021', 'YMD'],
    ['15.03.2021', 'MDY'],
    ['31.02.2021', 'DMY'],
    ['1/2/345', 'MDY'],
    ['March 5', 'DMY'],
  ] as const)('refuses %j in the order %s', (text, order) => {
    expect(dateIn(text, order)).toBeUndefined();
  });
});

describe('FormatSniffer', () => {
  const guessed = (cells: string[]) => {
    const sniffer = new FormatSniffer();
    for (const cell of cells) sniffer.see(cell);
    return sniffer.guesses();
  };

  it('asks nothing of plain numbers and dates', () => {
    expect(guessed(['Pump', '1234.56', '2266.13', '2021-03-15', '-5', '3271901481'])).toEqual({
      numberFormat: null,
      dateOrder: null,
    });
  });

  it('guesses European numbers and dates', () => {
    expect(guessed(['12.345,67', '99,00', '15.03.2021', '01.02.2020'])).toEqual({
      numberFormat: 'comma',
      dateOrder: 'DMY',
    });
  });

  it("guesses Snipe-IT's American dates, and asks about numbers that could be either", () => {
    expect(guessed(['1/23/23', '4/5/16', '1,500', '2266.13'])).toEqual({
      numberFormat: 'point',
      dateOrder: 'MDY',
    });
  });
});
