import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { TextDecoder } from 'node:util';
import {
  IMPORT_HEADER_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
} from '@mqr/contracts';
import { AppError } from '#server/lib/app-error.ts';
import { fromSpreadsheetSafe, startsLikeFormula } from '../exports/spreadsheet-safe.ts';

/** The delimiters an import recognises, the first winning a tie. */
const DELIMITERS = [',', ';', '\t'] as const;
/** Lines read to tell the delimiter, within the file's first SNIFF_BYTES. */
const SNIFF_LINES = 20;
const SNIFF_BYTES = 16 * 1024;
/** Bytes csv-parse reads at a time: the event loop has a turn between two (ADR 088). */
const PARSE_CHUNK_BYTES = 64 * 1024;

const refuse = (message: string) => new AppError('VALIDATION', message);

/** What the start of a CSV file tells: its delimiter and its header row, checked. */
export interface CsvStart {
  delimiter: string;
  headers: string[];
}

/**
 * The delimiter of the start of a CSV text: of comma, semicolon and tab, the one that splits the
 * first lines into the same number of columns as the header most often, with the most columns. Read
 * by csv-parse itself, so quoted delimiters do not count.
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

/**
 * The header row, checked: at most IMPORT_MAX_COLUMNS columns, none named like a spreadsheet
 * formula (the exports' rule; a name our export quoted, `'=x`, is the text `=x`), every column
 * named, no name twice (case-insensitive). Answers the names, trimmed.
 */
export function checkHeaders(headers: string[]): string[] {
  if (headers.length > IMPORT_MAX_COLUMNS) throw refuse(IMPORT_MESSAGES.tooManyColumns);
  const seen = new Set<string>();
  return headers.map((cell, index) => {
    if (startsLikeFormula(cell)) throw refuse(IMPORT_MESSAGES.formulaHeader(index + 1, cell));
    const header = fromSpreadsheetSafe(cell).trim();
    if (header === '') throw refuse(IMPORT_MESSAGES.blankHeader(index + 1));
    const key = header.toLowerCase();
    if (seen.has(key)) throw refuse(IMPORT_MESSAGES.duplicateHeader(header));
    seen.add(key);
    return header;
  });
}

/** The text up to its last line break ('' without one). */
const wholeLines = (text: string) => text.slice(0, text.lastIndexOf('\n') + 1);

/** The most cells a line would have, split by any of the delimiters. */
const mostCells = (line: string) => Math.max(...DELIMITERS.map((delimiter) => line.split(delimiter).length));

/**
 * The delimiter and the checked header row of a file from its start (`complete`: the whole file,
 * else its first IMPORT_HEADER_MAX_BYTES). The delimiter is told from the first lines of its first
 * SNIFF_BYTES; the header row must end within the start. A start that is cut is read up to its last
 * line break, and one without any is refused without being parsed.
 */
export async function readStart(text: string, complete: boolean): Promise<CsvStart> {
  if (complete && text.trim() === '') throw refuse(IMPORT_MESSAGES.empty);
  const lines = complete ? text : wholeLines(text);
  if (lines === '') {
    throw refuse(
      mostCells(text) > IMPORT_MAX_COLUMNS ? IMPORT_MESSAGES.tooManyColumns : IMPORT_MESSAGES.headerTooLong,
    );
  }
  const sniffed = lines.slice(0, SNIFF_BYTES);
  const delimiter = await detectDelimiter(
    sniffed.length < lines.length ? wholeLines(sniffed) || sniffed : sniffed,
  );
  const { CsvError } = await import('csv-parse');
  const { parse: parseSync } = await import('csv-parse/sync');
  let records: string[][];
  try {
    records = parseSync(lines, { delimiter, to: 1, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // A quoted name running past the cut: a header row longer than the start.
    throw complete ? unreadable(error) : refuse(IMPORT_MESSAGES.headerTooLong);
  }
  const [headers] = records;
  if (!headers) throw refuse(complete ? IMPORT_MESSAGES.empty : IMPORT_MESSAGES.headerTooLong);
  return { delimiter, headers: checkHeaders(headers) };
}

/** The text of a chunk of UTF-8 (`stream`: more follows); refuses bytes that are not UTF-8. */
function decoded(decoder: TextDecoder, chunk: Uint8Array | undefined, stream: boolean): string {
  try {
    return decoder.decode(chunk, { stream });
  } catch {
    throw refuse(IMPORT_MESSAGES.encoding);
  }
}

/**
 * Copies an uploaded CSV from `source` to `destination` as it arrives, checking it on the way: no
 * NUL byte (binary: an .xlsx, an image), UTF-8 throughout (a byte order mark is fine), and, as soon
 * as its first IMPORT_HEADER_MAX_BYTES are in (or the whole file, when shorter), its delimiter and
 * header row, which `accept` may refuse too. A refusal stops the upload there: a file with 10,000
 * columns is refused from its first 256 KB, not after it was read whole. Answers the start.
 */
export async function receiveCsv(
  source: AsyncIterable<Buffer>,
  destination: Writable,
  accept: (start: CsvStart) => void = () => {},
): Promise<CsvStart> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let startText = '';
  let startBytes = 0;
  let start: CsvStart | undefined;
  const inspect = async (complete: boolean) => {
    start = await readStart(startText, complete);
    startText = '';
    accept(start);
  };
  await pipeline(
    source,
    async function* check(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        if (chunk.includes(0)) throw refuse(IMPORT_MESSAGES.binary);
        const text = decoded(decoder, chunk, true);
        if (!start) {
          startText += text;
          startBytes += chunk.length;
          if (startBytes >= IMPORT_HEADER_MAX_BYTES) await inspect(false);
        }
        yield chunk;
      }
      const rest = decoded(decoder, undefined, false);
      if (!start) {
        startText += rest;
        await inspect(true);
      }
    },
    destination,
  );
  if (!start) throw refuse(IMPORT_MESSAGES.empty);
  return start;
}

/** The bytes of `source` in pieces of at most PARSE_CHUNK_BYTES, each after a turn of the event loop. */
async function* inTurns(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    for (let offset = 0; offset < chunk.length; offset += PARSE_CHUNK_BYTES) {
      await nextTurn();
      yield chunk.subarray(offset, offset + PARSE_CHUNK_BYTES);
    }
  }
}

function unreadable(error: Error & { lines?: number }): AppError {
  return refuse(IMPORT_MESSAGES.unreadable(error.lines ?? 0, error.message.replace(/^[A-Za-z_]+: /, '')));
}

/**
 * The records of a CSV file's bytes, header first, as csv-parse reads them (a byte order mark taken
 * off; quoted fields may hold the delimiter and line breaks), streamed: a piece of the file at a
 * time, read as the records are taken, with a turn of the event loop between two pieces, so a file
 * of 50 MB never holds other requests up. Blank lines are skipped; a short row is padded with empty
 * cells when it is read. More than IMPORT_MAX_ROWS data rows, or text that is not CSV, is refused
 * with where.
 */
export async function* csvRecords(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  delimiter: string,
): AsyncGenerator<string[]> {
  const { CsvError, parse } = await import('csv-parse');
  const parser = parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true });
  // Its failures reach the loop below through the parser; stopping early closes the source.
  pipeline(Readable.from(inTurns(source)), parser).catch(() => {});
  let count = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (count > IMPORT_MAX_ROWS) throw refuse(IMPORT_MESSAGES.tooManyRows);
      count += 1;
      yield record;
    }
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(error);
    throw error;
  }
  if (count === 0) throw refuse(IMPORT_MESSAGES.empty);
}
