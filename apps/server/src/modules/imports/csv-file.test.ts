import { IMPORT_MESSAGES } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { checkHeaders, csvRecords, csvText, detectDelimiter } from './csv-file.ts';

async function all(text: string, delimiter: string) {
  const records: string[][] = [];
  for await (const record of csvRecords(text, delimiter)) records.push(record);
  return records;
}

describe('csvText', () => {
  it('takes a byte order mark off', () => {
    expect(csvText(Buffer.from('\uFEFFName\r\nA'))).toBe('Name\r\nA');
  });

  it.each([
    [Buffer.alloc(0), IMPORT_MESSAGES.empty],
    [Buffer.from(' \r\n '), IMPORT_MESSAGES.empty],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00]), IMPORT_MESSAGES.binary],
    [Buffer.from([0x43, 0x61, 0x66, 0xe9]), IMPORT_MESSAGES.encoding],
  ])('refuses a bad file with a clear message (%#)', (bytes, message) => {
    expect(() => csvText(bytes)).toThrow(message);
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
});

describe('csvRecords', () => {
  it('reads quoted delimiters, quotes and line breaks, and skips blank lines', async () => {
    expect(await all('Name,Note\r\n"Pump, big","say ""hi""\nthere"\r\n\r\nFan,\r\n', ',')).toEqual([
      ['Name', 'Note'],
      ['Pump, big', 'say "hi"\nthere'],
      ['Fan', ''],
    ]);
  });

  it('says at which line the file stops being CSV', async () => {
    await expect(all('Name\r\nA\r\n"B\r\n', ',')).rejects.toThrow(
      /^The file cannot be read as CSV at line \d+: /,
    );
  });
});
