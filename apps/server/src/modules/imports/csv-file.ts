import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@mqr/contracts';
import { AppError } from '#server/lib/app-error.ts';

/** The delimiters an import recognises, the first winning a tie. */
const DELIMITERS = [',', ';', '\t'] as const;
/** Lines read to tell the delimiter. */
const SNIFF_LINES = 20;

const refuse = (message: string) => new AppError('VALIDATION', message);

/**
 * The text of an uploaded CSV: UTF-8, with or without a byte order mark. Refuses an empty file, a
 * binary one (a NUL byte: an .xlsx, an image) and one that is not valid UTF-8 (Latin-1 exports).
 */
export function csvText(bytes: Uint8Array): string {
  if (bytes.length === 0) throw refuse(IMPORT_MESSAGES.empty);
  if (bytes.includes(0)) throw refuse(IMPORT_MESSAGES.binary);
  let text: string;
  try {
    // Takes a leading byte order mark off by itself.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(IMPORT_MESSAGES.encoding);
  }
  if (text.trim() === '') throw refuse(IMPORT_MESSAGES.empty);
  return text;
}

/**
 * The delimiter of a CSV text: of comma, semicolon and tab, the one that splits the first lines into
 * the same number of columns as the header most often, with the most columns. Read by csv-parse
 * itself, so quoted delimiters do not count.
 */
export async function detectDelimiter(text: string): Promise<string> {
  // csv-parse loads with the first import, not with the server (idle memory, ADR 033).
  const { parse: parseSync } = await import('csv-parse/sync');
  let best: { delimiter: string; consistent: number; columns: number } | undefined;
  for (const delimiter of DELIMITERS) {
    let records: string[][];
    try {
      records = parseSync(text, {
        delimiter,
        to_line: SNIFF_LINES,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
      });
    } catch {
      continue;
    }
    const columns = records[0]?.length ?? 0;
    const consistent = records.filter((record) => record.length === columns).length;
    if (columns < 2) continue;
    if (!best || consistent > best.consistent || (consistent === best.consistent && columns > best.columns)) {
      best = { delimiter, consistent, columns };
    }
  }
  return best?.delimiter ?? ',';
}

/** The header row, checked: every column named, no name twice (case-insensitive). */
export function checkHeaders(headers: string[]): string[] {
  const trimmed = headers.map((header) => header.trim());
  const seen = new Set<string>();
  trimmed.forEach((header, index) => {
    if (header === '') throw refuse(IMPORT_MESSAGES.blankHeader(index + 1));
    const key = header.toLowerCase();
    if (seen.has(key)) throw refuse(IMPORT_MESSAGES.duplicateHeader(header));
    seen.add(key);
  });
  return trimmed;
}

/**
 * The records of a CSV text, header first, as csv-parse reads them (quoted fields may hold the
 * delimiter and line breaks). Blank lines are skipped; a short row is padded with empty cells when it
 * is read. More than IMPORT_MAX_ROWS data rows, or text that is not CSV, is refused with where.
 */
export async function* csvRecords(text: string, delimiter: string): AsyncGenerator<string[]> {
  const { CsvError, parse } = await import('csv-parse');
  const parser = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true });
  let count = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (count > IMPORT_MAX_ROWS) throw refuse(IMPORT_MESSAGES.tooManyRows);
      count += 1;
      yield record;
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as { lines?: number }).lines ?? 0;
      throw refuse(IMPORT_MESSAGES.unreadable(line, error.message.replace(/^[A-Za-z_]+: /, '')));
    }
    throw error;
  }
  if (count === 0) throw refuse(IMPORT_MESSAGES.empty);
}
