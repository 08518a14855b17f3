import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import {
  IMPORT_HEADER_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MESSAGES,
  type TImportEncoding,
} from '@mqr/contracts';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { checkHeaders, csvRecords, detectDelimiter, readStart, receiveCsv } from './csv-file.ts';
import { decodeBytesText, EncodingSniffer } from './file-encoding.ts';

/** The encoding the sniffer tells for a whole file. */
async function sniffed(bytes: Buffer) {
  const sniffer = new EncodingSniffer();
  for await (const chunk of chunksOf(bytes)) sniffer.push(chunk);
  return sniffer.encoding(true);
}

/** The chunks of a text or bytes, as a network or a file gives them. */
async function* chunksOf(data: string | Buffer, size = 16 * 1024): AsyncGenerator<Buffer> {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data);
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function all(data: string | Buffer, delimiter: string, encoding?: TImportEncoding) {
  const records: string[][] = [];
  for await (const record of csvRecords(chunksOf(data, 7), delimiter, encoding)) records.push(record.cells);
  return records;
}

const peerFile = (name: string) => readFileSync(new URL(`../../test/peer-files/${name}`, import.meta.url));

/** A destination that keeps what it is given. */
function collector() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

describe('receiveCsv', () => {
  it('copies the file as it came and answers its delimiter and header row', async () => {
    const csv = '\uFEFFName;Room\r\nPump;B\r\n';
    const out = collector();
    expect(await receiveCsv(chunksOf(csv, 3), out.stream)).toEqual({
      encoding: 'utf-8',
      delimiter: ';',
      headers: ['Name', 'Room'],
      rawHeaders: ['Name', 'Room'],
    });
    expect(out.bytes().toString()).toBe(csv);
  });

  it.each([
    [Buffer.alloc(0), IMPORT_MESSAGES.empty],
    [Buffer.from(' \r\n '), IMPORT_MESSAGES.empty],
    [Buffer.from('\r\n\r\n'), IMPORT_MESSAGES.empty],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00]), IMPORT_MESSAGES.binary],
    [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), IMPORT_MESSAGES.binary],
  ])('refuses a bad file with a clear message (%#)', async (bytes, message) => {
    await expect(receiveCsv(chunksOf(bytes), collector().stream)).rejects.toThrow(message);
  });

  it.each([
    [
      'Windows-1252 with semicolons, as Excel on Windows saves "CSV"',
      'Name;Größe;Straße\r\nPumpe für Kühlwasser;12,5;Müllerstraße\r\nLüfter;3;Hauptstraße\r\n',
      'windows-1252',
      ';',
    ],
    [
      'UTF-16 LE with its byte order mark and tabs, as Excel saves "Unicode text"',
      'Name\tGröße\r\nPumpe\t12,5\r\n',
      'utf-16le',
      '\t',
    ],
    ['UTF-16 BE with its byte order mark', 'Name,Größe\r\nPumpe,1\r\n', 'utf-16be', ','],
  ] as const)('detects and reads %s', async (_, text, encoding, delimiter) => {
    const bytes = iconv.encode(text, encoding, { addBOM: encoding !== 'windows-1252' });
    const out = collector();
    const start = await receiveCsv(chunksOf(bytes, 5), out.stream);
    expect(start).toMatchObject({ encoding, delimiter, headers: text.split('\r\n')[0]?.split(delimiter) });
    expect(out.bytes().equals(bytes)).toBe(true);
  });

  it("detects Mac Roman in Snipe-IT's sample with an old Mac's CR line ends, and reads its rows", async () => {
    const bytes = peerFile('snipeit-assets-sample-BAD.csv');
    // Its header names "Category" and "Company" twice: refused, once its encoding was told.
    await expect(receiveCsv(chunksOf(bytes), collector().stream)).rejects.toThrow(
      IMPORT_MESSAGES.duplicateHeader('Category'),
    );
    expect(await sniffed(bytes)).toBe('macintosh');
    const records = await all(bytes, ',', 'macintosh');
    expect(records).toHaveLength(201);
    const cities = records.map((cells) => decodeBytesText(cells[11] ?? '', 'macintosh'));
    expect(cities).toContain('Goz BÃ©Ã¯da');
  });

  it('reads a file whose first 256 KB are ASCII in the encoding its later bytes tell', async () => {
    const ascii = `Name,Note\r\n${'Pump,checked\r\n'.repeat(30_000)}`;
    const bytes = Buffer.concat([Buffer.from(ascii), iconv.encode('Café,Größe\r\n', 'windows-1252')]);
    expect(bytes.length).toBeGreaterThan(IMPORT_HEADER_MAX_BYTES);
    const start = await receiveCsv(chunksOf(bytes), collector().stream);
    expect(start).toMatchObject({ encoding: 'windows-1252', headers: ['Name', 'Note'] });
  });

  it('reads a character split between two chunks', async () => {
    const start = await receiveCsv(chunksOf('Café,Größe\r\n1,2\r\n', 4), collector().stream);
    expect(start.headers).toEqual(['Café', 'Größe']);
  });

  it('refuses 10,000 columns from the start of the file, without reading the rest', async () => {
    const header = Array.from({ length: 10_000 }, (_, i) => `Column ${i + 1}`).join(',');
    let chunksRead = 0;
    async function* hugeFile() {
      for await (const chunk of chunksOf(`${header}\r\n`)) {
        chunksRead += 1;
        yield chunk;
      }
      // 40 MB of rows that must never be read.
      const row = Buffer.from(`${'x,'.repeat(9_999)}x\r\n`);
      for (let i = 0; i < 2000; i++) {
        chunksRead += 1;
        yield row;
      }
    }
    await expect(receiveCsv(hugeFile(), collector().stream)).rejects.toThrow(IMPORT_MESSAGES.tooManyColumns);
    expect(chunksRead).toBeLessThan(100);
  });

  it('refuses a header row that does not end within its first megabyte', async () => {
    const names = Array.from({ length: 400 }, () => 'n'.repeat(3000)).join(',');
    await expect(receiveCsv(chunksOf(`${names}\r\nA\r\n`), collector().stream)).rejects.toThrow(
      IMPORT_MESSAGES.headerTooLong,
    );
  });

  it('lets `accept` refuse the start', async () => {
    const refusal = new Error('not this kind');
    await expect(
      receiveCsv(chunksOf('Name\r\nA\r\n'), collector().stream, () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
  });
});

describe('readStart', () => {
  it('reads a start cut in the middle of a row up to its last line break', async () => {
    const text = `Name;Room\r\n${'Pump;B\r\n'.repeat(5)}Pump;"cut here`;
    expect(await readStart(text, false)).toEqual({ delimiter: ';', cells: ['Name', 'Room'] });
    expect(IMPORT_HEADER_MAX_BYTES).toBeGreaterThan(text.length);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['Name,Room\r\nA,1\r\nB,2', ','],
    ['Name;Room;Note\r\nA;1;x, y\r\nB;2;z', ';'],
    ['Name\tRoom\r\nA\t1', '\t'],
    ['"Name;with;semicolons",Room\r\n"a;b;c",1', ','],
    ['Name\r\nA', ','],
  ])('finds the delimiter of %j', async (text, delimiter) => {
    expect(await detectDelimiter(text)).toBe(delimiter);
  });
});

describe('checkHeaders', () => {
  it('trims the names and refuses a blank or repeated one', () => {
    expect(checkHeaders([' Name ', 'Room'])).toEqual(['Name', 'Room']);
    expect(() => checkHeaders(['Name', ' '])).toThrow(IMPORT_MESSAGES.blankHeader(2));
    expect(() => checkHeaders(['Name', 'NAME'])).toThrow(IMPORT_MESSAGES.duplicateHeader('NAME'));
  });

  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tTab', '\rReturn'])(
    'refuses a name a spreadsheet would run as a formula, naming the column: %j',
    (name) => {
      expect(() => checkHeaders(['Name', name])).toThrow(IMPORT_MESSAGES.formulaHeader(2, name));
    },
  );

  it('takes a name our export quoted as its text, and a plain number as a name', () => {
    expect(checkHeaders(['Name', "'=Total", '-5'])).toEqual(['Name', '=Total', '-5']);
  });

  it(`refuses more than ${IMPORT_MAX_COLUMNS} columns`, () => {
    const names = (count: number) => Array.from({ length: count }, (_, i) => `c${i}`);
    expect(checkHeaders(names(IMPORT_MAX_COLUMNS))).toHaveLength(IMPORT_MAX_COLUMNS);
    expect(() => checkHeaders(names(IMPORT_MAX_COLUMNS + 1))).toThrow(IMPORT_MESSAGES.tooManyColumns);
  });
});

describe('csvRecords', () => {
  it('reads quoted delimiters, quotes and line breaks, and skips blank lines', async () => {
    expect(await all('Name,Note\r\n"Pump, big","say ""hi""\nthere"\r\n\r\nFan,\r\n', ',')).toEqual([
      ['Name', 'Note'],
      ['Pump, big', 'say "hi"\nthere'],
      ['Fan', ''],
    ]);
  });

  it('takes a byte order mark off', async () => {
    expect(await all('\uFEFFName\r\nA', ',')).toEqual([['Name'], ['A']]);
  });

  it('skips rows of empty cells as Excel writes them, and numbers rows as a spreadsheet does', async () => {
    const rows: { sheetRow: number; cells: string[] }[] = [];
    const text = 'Name,Room\r\n,\r\nPump,"B\r\n2"\r\n\r\n , \r\nFan,C\r\n,,\r\n';
    for await (const record of csvRecords(chunksOf(text, 4), ',')) rows.push(record);
    expect(rows).toEqual([
      { sheetRow: 1, cells: ['Name', 'Room'] },
      { sheetRow: 3, cells: ['Pump', 'B\r\n2'] },
      { sheetRow: 6, cells: ['Fan', 'C'] },
    ]);
  });

  it("reads an old Mac's CR line ends", async () => {
    expect(await all('Name,Room\rPump,B\rFan,C\r', ',')).toEqual([
      ['Name', 'Room'],
      ['Pump', 'B'],
      ['Fan', 'C'],
    ]);
  });

  it('keeps the cells of a single-byte file as its bytes, and decodes UTF-16', async () => {
    const cp1252 = iconv.encode('Name;Größe\r\nPumpe;12,5\r\n', 'windows-1252');
    const [, cells] = await all(cp1252, ';', 'windows-1252');
    expect(cells?.map((cell) => decodeBytesText(cell, 'windows-1252'))).toEqual(['Pumpe', '12,5']);
    expect(
      (await all(cp1252, ';', 'windows-1252'))[0]?.map((cell) => decodeBytesText(cell, 'windows-1252')),
    ).toEqual(['Name', 'Größe']);
    const utf16 = iconv.encode('Name\tGröße\r\nPumpe\t12,5\r\n', 'utf-16le', { addBOM: true });
    expect(await all(utf16, '\t', 'utf-16le')).toEqual([
      ['Name', 'Größe'],
      ['Pumpe', '12,5'],
    ]);
  });

  it('says at which line the file stops being CSV', async () => {
    await expect(all('Name\r\nA\r\n"B\r\n', ',')).rejects.toThrow(
      /^The file cannot be read as CSV at line \d+: /,
    );
  });

  it('leaves the event loop free while it reads a big file', async () => {
    // 4 MB in one chunk, as a file read whole would come: a timer set once parsing has begun fires
    // before the last row is read (read whole at once, the rows would all come before it).
    const big = Buffer.from(
      `Name,Note\r\n${'Pump,checked and logged by the night shift\r\n'.repeat(95_000)}`,
    );
    let timerFired = false;
    let firedBeforeTheEnd = false;
    let rows = 0;
    for await (const _ of csvRecords([big], ',', 'utf-8')) {
      rows += 1;
      if (rows === 1) {
        setTimeout(() => {
          timerFired = true;
        }, 0);
      } else if (timerFired) firedBeforeTheEnd = true;
    }
    expect(rows).toBe(95_001);
    expect(firedBeforeTheEnd).toBe(true);
  });
});
