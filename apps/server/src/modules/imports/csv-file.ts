import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  IMPORT_HEADER_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_SAID,
  type Said,
  type TImportEncoding,
} from '@mqr/contracts';
import iconv from 'iconv-lite';
import { AppError } from '#server/lib/app-error.ts';
import { fromSpreadsheetSafe, startsLikeFormula } from '#server/lib/spreadsheet-safe.ts';
import {
  bytesAsText,
  decodeBytesText,
  EncodingSniffer,
  isUtf16,
  utf16Decoder,
  withoutUtf8Bom,
} from './file-encoding.ts';

/** The delimiters an import recognises, the first winning a tie. */
const DELIMITERS = [',', ';', '\t'] as const;
/** Lines read to tell the delimiter, within the file's first SNIFF_BYTES. */
const SNIFF_LINES = 20;
const SNIFF_BYTES = 16 * 1024;
/** Bytes csv-parse reads at a time: the event loop has a turn between two (ADR 088). */
const PARSE_CHUNK_BYTES = 64 * 1024;

const refuse = (message: string | Said) => new AppError('VALIDATION', message);

/** What the start of a CSV file tells: its encoding, delimiter and header row, checked. */
export interface CsvStart {
  encoding: TImportEncoding;
  delimiter: string;
  headers: string[];
  /** The header row as bytes (bytesAsText) when the file is read byte by byte; null for UTF-16. */
  rawHeaders: string[] | null;
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
    if (startsLikeFormula(cell)) throw refuse(IMPORT_SAID.formulaHeader(index + 1, cell));
    const header = fromSpreadsheetSafe(cell).trim();
    if (header === '') throw refuse(IMPORT_SAID.blankHeader(index + 1));
    const key = header.toLowerCase();
    if (seen.has(key)) throw refuse(IMPORT_SAID.duplicateHeader(header));
    seen.add(key);
    return header;
  });
}

/** The text up to its last line break, LF or an old Mac's CR ('' without one). */
const wholeLines = (text: string) =>
  text.slice(0, Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);

/** The most cells a line would have, split by any of the delimiters. */
const mostCells = (line: string) => Math.max(...DELIMITERS.map((delimiter) => line.split(delimiter).length));

/**
 * The delimiter and the header row's cells (not checked yet) of a file from its start (`complete`:
 * the whole file, else its first IMPORT_HEADER_MAX_BYTES). The delimiter is told from the first
 * lines of its first SNIFF_BYTES; the header row must end within the start. A start that is cut is
 * read up to its last line break, and one without any is refused without being parsed.
 */
export async function readStart(
  text: string,
  complete: boolean,
): Promise<{ delimiter: string; cells: string[] }> {
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
  const [cells] = records;
  if (!cells) throw refuse(complete ? IMPORT_MESSAGES.empty : IMPORT_MESSAGES.headerTooLong);
  return { delimiter, cells };
}

/** The start of a file in an encoding, its header row checked (readStart, checkHeaders). */
async function startIn(bytes: Buffer, complete: boolean, encoding: TImportEncoding): Promise<CsvStart> {
  if (isUtf16(encoding)) {
    // Whole characters only: a cut start ends on an even byte.
    const whole = complete ? bytes : bytes.subarray(0, bytes.length - (bytes.length % 2));
    const { delimiter, cells } = await readStart(iconv.decode(whole, encoding), complete);
    return { encoding, delimiter, headers: checkHeaders(cells), rawHeaders: null };
  }
  const { delimiter, cells } = await readStart(bytesAsText(withoutUtf8Bom(bytes)), complete);
  return { encoding, delimiter, headers: headersIn(cells, encoding), rawHeaders: cells };
}

/** The checked header row of a file read byte by byte, in an encoding. */
export function headersIn(rawHeaders: string[], encoding: TImportEncoding): string[] {
  return checkHeaders(rawHeaders.map((cell) => decodeBytesText(cell, encoding)));
}

/**
 * Copies an uploaded CSV from `source` to `destination` as it arrives, checking it on the way: no
 * NUL byte outside UTF-16 (binary: an .xlsx, an image), its encoding told as it arrives
 * (EncodingSniffer), and, as soon as its first IMPORT_HEADER_MAX_BYTES are in (or the whole file,
 * when shorter), its delimiter and header row in the encoding they tell, which `accept` may refuse
 * too. A refusal stops the upload there: a file with 10,000 columns is refused from its first
 * 256 KB, not after it was read whole. A file whose first bytes are ASCII may show another encoding
 * further on: its header row is then read again in that one. Answers the start.
 */
export async function receiveCsv(
  source: AsyncIterable<Buffer>,
  destination: Writable,
  accept: (start: CsvStart) => void = () => {},
): Promise<CsvStart> {
  const sniffer = new EncodingSniffer();
  let startChunks: Buffer[] = [];
  let startBytes = 0;
  let start: CsvStart | undefined;
  const inspect = async (complete: boolean) => {
    start = await startIn(Buffer.concat(startChunks), complete, await sniffer.encoding(complete));
    startChunks = [];
    accept(start);
  };
  await pipeline(
    source,
    async function* check(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        sniffer.push(chunk);
        if (sniffer.binary) throw refuse(IMPORT_MESSAGES.binary);
        if (!start) {
          startChunks.push(chunk);
          startBytes += chunk.length;
          if (startBytes >= IMPORT_HEADER_MAX_BYTES) await inspect(false);
        }
        yield chunk;
      }
      if (!start) await inspect(true);
    },
    destination,
  );
  if (!start) throw refuse(IMPORT_MESSAGES.empty);
  const received: CsvStart = start;
  const encoding = await sniffer.encoding(true);
  if (encoding === received.encoding || !received.rawHeaders) return received;
  const reread = { ...received, encoding, headers: headersIn(received.rawHeaders, encoding) };
  accept(reread);
  return reread;
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
  return refuse(IMPORT_SAID.unreadable(error.lines ?? 0, error.message.replace(/^[A-Za-z_]+: /, '')));
}

/** The bytes of `source` without a UTF-8 byte order mark at its start. */
async function* afterUtf8Bom(source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let head: Buffer | undefined = Buffer.alloc(0);
  for await (const chunk of source) {
    if (!head) {
      yield Buffer.from(chunk);
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < 3) continue;
    yield withoutUtf8Bom(head);
    head = undefined;
  }
  if (head && head.length > 0) yield withoutUtf8Bom(head);
}

/** A record of a file: its cells, and its row as a spreadsheet numbers it (the header is row 1). */
export interface CsvRecord {
  sheetRow: number;
  cells: string[];
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The records of a CSV file's bytes, header first, as csv-parse reads them (quoted fields may hold
 * the delimiter and line breaks), streamed: a piece of the file at a time, read as the records are
 * taken, with a turn of the event loop between two pieces, so a file of 50 MB never holds other
 * requests up. UTF-16 is decoded as it is read; any other encoding is read byte by byte
 * (bytesAsText: its cells are decoded when they are used, so that another encoding can be chosen),
 * a UTF-8 byte order mark left out. Blank lines and rows of empty cells (`,,`, as Excel writes
 * them) are skipped but counted in the rows' numbers; a short row is padded with empty cells when
 * it is read. More than IMPORT_MAX_ROWS data rows, or text that is not CSV, is refused with where.
 */
export async function* csvRecords(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  delimiter: string,
  encoding: TImportEncoding = 'utf-8',
): AsyncGenerator<CsvRecord> {
  const { CsvError, parse } = await import('csv-parse');
  const parser = parse({
    delimiter,
    relax_column_count: true,
    ...(isUtf16(encoding) ? {} : { encoding: 'latin1' }),
  });
  const bytes = Readable.from(inTurns(source));
  // Their failures reach the loop below through the parser; stopping early closes the source.
  if (isUtf16(encoding)) pipeline(bytes, utf16Decoder(encoding), parser).catch(() => {});
  else pipeline(Readable.from(afterUtf8Bom(bytes)), parser).catch(() => {});
  let count = 0;
  let sheetRow = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      sheetRow += 1;
      if (isBlank(cells)) continue;
      if (count > IMPORT_MAX_ROWS) throw refuse(IMPORT_MESSAGES.tooManyRows);
      count += 1;
      yield { sheetRow, cells };
    }
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(error);
    throw error;
  }
  if (count === 0) throw refuse(IMPORT_MESSAGES.empty);
}
