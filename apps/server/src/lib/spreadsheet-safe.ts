import { NUMBER_PATTERN } from '@mqr/contracts';

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP, CSV injection). */
const FORMULA_CHARACTER = /^[=+\-@\t\r]/;
/** The same after any leading quotes: such a cell gets one more quote. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** True for a cell a spreadsheet would run as a formula: one spreadsheetSafe quotes, not quoted yet. */
export function startsLikeFormula(value: string): boolean {
  return !NUMBER_PATTERN.test(value) && FORMULA_CHARACTER.test(value);
}

/**
 * A cell a spreadsheet shows as text, never runs: a value that starts like a formula gets a leading
 * `'`, as OWASP recommends. Values that already start with quotes before such a character get one
 * more, so the import can take exactly one off and give back the stored text (ADR 042). A plain
 * number (`-5`, `-0.5`) is not a formula and stays as it is.
 */
export function spreadsheetSafe(value: string): string {
  if (NUMBER_PATTERN.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The stored text of a cell that spreadsheetSafe wrote: the inverse, for the import. */
export function fromSpreadsheetSafe(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
