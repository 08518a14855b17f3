import { isValidDate, type TImportDateOrder, type TImportNumberFormat } from '@mqr/contracts';

/** How a file writes numbers and dates (ADR 094). */
export interface CellFormats {
  numberFormat: TImportNumberFormat;
  dateOrder: TImportDateOrder;
}

/** A file that says nothing else: 1234.56 and 2021-03-15, as our exports write them. */
export const PLAIN_FORMATS: CellFormats = { numberFormat: 'point', dateOrder: 'YMD' };

/** A number with its thousands grouped or not, and decimals: `1,234.56`, `1234.56` with a point. */
const NUMBER: Record<TImportNumberFormat, RegExp> = {
  point: /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/,
  // Groups by a point, a space or a no-break space (French, Swiss), as spreadsheets write them.
  comma: /^([+-]?)(\d{1,3}(?:[. \u00a0\u202f]\d{3})+|\d+)(?:,(\d+))?$/,
};

/** A number cell as a Number field stores it (`-1234.5`), or undefined when it is not one in the format. */
export function numberIn(text: string, format: TImportNumberFormat): string | undefined {
  const match = NUMBER[format].exec(text);
  if (!match) return undefined;
  const [, sign = '', whole = '', decimals] = match;
  const digits = whole.replace(/\D/g, '');
  return `${sign === '-' ? '-' : ''}${digits}${decimals === undefined ? '' : `.${decimals}`}`;
}

/** A date of three numbers: `15.03.2021`, `3/15/21`, `2021/03/15`; any time after it is left to the caller. */
const DATE = /^(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})(?=$|[ T])/;

/** A year of two digits as spreadsheets read it: 00 to 29 in this century, 30 to 99 in the last. */
const fullYear = (year: string) => {
  if (year.length === 4) return year;
  if (year.length !== 2) return undefined;
  return `${Number(year) < 30 ? '20' : '19'}${year}`;
};
const pad = (part: string) => part.padStart(2, '0');

/**
 * The ISO date (YYYY-MM-DD) a cell's date part names in an order, and its length in the cell, or
 * undefined. A date that starts with a year of four digits is read year first whatever the order.
 */
export function dateIn(text: string, order: TImportDateOrder): { iso: string; length: number } | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [whole, first = '', , second = '', third = ''] = match;
  let parts: [string | undefined, string, string];
  if (first.length === 4) parts = [first, second, third];
  else if (order === 'DMY') parts = [fullYear(third), second, first];
  else if (order === 'MDY') parts = [fullYear(third), first, second];
  else return undefined;
  const [year, month, day] = parts;
  if (!year || month.length > 2 || day.length > 2) return undefined;
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  return isValidDate(iso) ? { iso, length: whole.length } : undefined;
}

/**
 * Guesses how a file writes numbers and dates from its cells (each `see`n once), for the check to
 * ask when the file holds numbers or dates that are not plain. A number or date that tells its
 * format (`12.345,67`, `1,234.56`, `15.03.2021`, `3/15/2021`) votes for it; one that could be
 * either (`1.234`, `03/04/2021`) only makes the question worth asking.
 */
export class FormatSniffer {
  #numbers = { point: 0, comma: 0, either: 0 };
  #dates = { DMY: 0, MDY: 0, either: 0, dotted: 0 };

  see(cell: string): void {
    const text = cell.trim();
    if (!/^[+-]?\d/.test(text)) return;
    this.#seeNumber(text);
    this.#seeDate(text);
  }

  #seeNumber(text: string): void {
    const numbers = this.#numbers;
    if (/^[+-]?\d{1,3}[.,]\d{3}$/.test(text)) numbers.either += 1;
    else if (/^[+-]?\d{1,3}(\.\d{3})+(,\d+)?$|^[+-]?\d+,\d+$/.test(text)) numbers.comma += 1;
    else if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$|^[+-]?\d+\.\d+$/.test(text)) numbers.point += 1;
  }

  #seeDate(text: string): void {
    const match = DATE.exec(text);
    if (!match || match[1]?.length === 4) return;
    const dates = this.#dates;
    const first = Number(match[1]);
    const second = Number(match[3]);
    if (match[2] === '.') dates.dotted += 1;
    if (first > 12 && second <= 12) dates.DMY += 1;
    else if (second > 12 && first <= 12) dates.MDY += 1;
    else dates.either += 1;
  }

  /**
   * The formats to ask about, each guessed (the one more cells tell; for dates that tell nothing,
   * day first when they are written with points, as in German, else month first), or null when the
   * file's numbers or dates are all plain.
   */
  guesses(): { numberFormat: TImportNumberFormat | null; dateOrder: TImportDateOrder | null } {
    const numbers = this.#numbers;
    const dates = this.#dates;
    const asksNumbers = numbers.comma > 0 || numbers.either > 0;
    const asksDates = dates.DMY + dates.MDY + dates.either > 0;
    let dateOrder: TImportDateOrder = dates.dotted > 0 ? 'DMY' : 'MDY';
    if (dates.DMY !== dates.MDY) dateOrder = dates.DMY > dates.MDY ? 'DMY' : 'MDY';
    return {
      numberFormat: asksNumbers ? (numbers.comma > numbers.point ? 'comma' : 'point') : null,
      dateOrder: asksDates ? dateOrder : null,
    };
  }
}
