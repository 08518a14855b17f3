import { TextDecoder } from 'node:util';
import { IMPORT_ENCODINGS, type TImportEncoding } from '@mqr/contracts';
import iconv from 'iconv-lite';

/**
 * Bytes chardet reads to tell a single-byte encoding, from the first that is not ASCII: enough for
 * its statistics, and a few milliseconds of the event loop (64 KB took 33 ms).
 */
const DETECT_BYTES = 16 * 1024;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const BOMS: [Buffer, TImportEncoding][] = [
  [UTF8_BOM, 'utf-8'],
  [Buffer.from([0xff, 0xfe]), 'utf-16le'],
  [Buffer.from([0xfe, 0xff]), 'utf-16be'],
];

/** chardet's names of encodings the import reads under another name (ISO-8859-1 as browsers read it). */
const CHARDET_NAMES: Record<string, TImportEncoding> = {
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-7': 'windows-1253',
  'ISO-8859-9': 'windows-1254',
};
const KNOWN = new Set<string>(IMPORT_ENCODINGS);

/** A character past ASCII: U+0080 and above. */
const NOT_ASCII = /[\u0080-\uffff]/;

/** A text of the file's bytes, one character per byte (how cells read byte by byte are kept). */
export const bytesAsText = (bytes: Buffer) => bytes.toString('latin1');

/** True for UTF-16, which the import reads as text (its cells are not kept as bytes). */
export const isUtf16 = (encoding: TImportEncoding) => encoding.startsWith('utf-16');

/** The encoding a byte order mark at the start of a file names, if any. */
export function encodingOfBom(start: Uint8Array): TImportEncoding | undefined {
  return BOMS.find(([bom]) => Buffer.from(start.subarray(0, bom.length)).equals(bom))?.[1];
}

/** The bytes after a UTF-8 byte order mark (all of them without one). */
export function withoutUtf8Bom(start: Buffer): Buffer {
  return encodingOfBom(start) === 'utf-8' ? start.subarray(UTF8_BOM.length) : start;
}

/**
 * The encoding of text that is not UTF-8: Mac Roman for a file whose lines end with a bare carriage
 * return (what Excel for Mac writes as "CSV (Macintosh)", and older Snipe-IT samples are; chardet
 * has no model of Mac Roman), else chardet's most likely one among those the import reads, else
 * Windows-1252, what Excel writes in the Americas and Western Europe. On a few lines chardet's
 * statistics are close calls between Latin encodings (a German register came out Czech or Turkish
 * about once in 150, though its ä, ö, ü and ß are the same bytes in all three): when the sample
 * reads the same in Windows-1252, Windows-1252 it is. The check shows the encoding read and lets
 * the administrator choose another (ADR 094).
 */
export async function detectSingleByte(sample: Uint8Array, bareCarriageReturns: boolean) {
  if (bareCarriageReturns) return 'macintosh';
  // Loaded for the first file that is not UTF-8, not with the server (idle memory, ADR 033).
  const { analyse } = await import('chardet');
  const first = analyse(sample)
    .map((match) => CHARDET_NAMES[match.name] ?? match.name.toLowerCase())
    .find((name) => KNOWN.has(name) && !isUtf16(name as TImportEncoding) && name !== 'utf-8') as
    | TImportEncoding
    | undefined;
  if (!first) return 'windows-1252';
  const bytes = Buffer.from(sample);
  return iconv.decode(bytes, first) === iconv.decode(bytes, 'windows-1252') ? 'windows-1252' : first;
}

/**
 * Watches the bytes of an upload as they arrive and tells its encoding: the one its byte order mark
 * names; else UTF-8 while every byte so far is UTF-8; else the single-byte encoding of the first
 * DETECT_BYTES from the first byte that is not ASCII (detectSingleByte). Binary data (a NUL byte
 * outside UTF-16) is told apart too.
 */
export class EncodingSniffer {
  #head = Buffer.alloc(0);
  #utf8 = new TextDecoder('utf-8', { fatal: true });
  #validUtf8 = true;
  #sample: Buffer[] = [];
  #sampleBytes = 0;
  #lineFeeds = false;
  #carriageReturns = false;
  #nul = false;

  push(chunk: Buffer): void {
    if (this.#head.length < 4) this.#head = Buffer.concat([this.#head, chunk.subarray(0, 4)]).subarray(0, 4);
    if (chunk.includes(0)) this.#nul = true;
    if (this.#validUtf8) {
      try {
        this.#utf8.decode(chunk, { stream: true });
      } catch {
        this.#validUtf8 = false;
      }
    }
    if (this.#sampleBytes < DETECT_BYTES && NOT_ASCII.test(bytesAsText(chunk))) {
      const piece = chunk.subarray(0, DETECT_BYTES - this.#sampleBytes);
      this.#sample.push(piece);
      this.#sampleBytes += piece.length;
    }
    this.#lineFeeds ||= chunk.includes(0x0a);
    this.#carriageReturns ||= !this.#lineFeeds && chunk.includes(0x0d);
  }

  /** Whether the bytes so far are binary data: a NUL byte in a file that is not UTF-16. */
  get binary(): boolean {
    const bom = encodingOfBom(this.#head);
    return this.#nul && !(bom && isUtf16(bom));
  }

  /** The encoding the bytes so far tell (`complete`: they are the whole file, so it must end well). */
  async encoding(complete: boolean): Promise<TImportEncoding> {
    const bom = encodingOfBom(this.#head);
    if (bom && bom !== 'utf-8') return bom;
    if (this.#validUtf8 && complete) {
      try {
        this.#utf8.decode();
      } catch {
        this.#validUtf8 = false;
      }
    }
    if (this.#validUtf8) return 'utf-8';
    return detectSingleByte(Buffer.concat(this.#sample), this.#carriageReturns && !this.#lineFeeds);
  }
}

/**
 * Reads text kept as bytes (bytesAsText) in an encoding; text that is ASCII reads the same in all of
 * them. A byte sequence the encoding does not have reads as U+FFFD.
 */
export function decodeBytesText(text: string, encoding: TImportEncoding): string {
  return NOT_ASCII.test(text) ? iconv.decode(Buffer.from(text, 'latin1'), encoding) : text;
}

/** A stream that decodes UTF-16 (its byte order mark left out) into text. */
export const utf16Decoder = (encoding: TImportEncoding) => iconv.decodeStream(encoding);
