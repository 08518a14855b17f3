import { crc32, deflateSync } from 'node:zlib';

// Images for the checklists' tests and benchmark, made without an image library: PNGs from a
// function of their pixels, a small JPEG photo, and that photo padded to a phone photo's size.

/** One PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** An RGBA PNG of `width`×`height` whose pixel at (x, y) is `pixel(x, y)` as 0xRRGGBBAA. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) row.writeUInt32BE(pixel(x, y) >>> 0, 1 + x * 4);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 64×48 JPEG photo (a yellow box on blue), as a phone's camera sends one. */
export const JPEG_PHOTO = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAwAEADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDNooor6I8wKKKKACiiigAooooAK63+xtP/AOff/wAfb/GuSrvK+V4nxFaj7L2U3G/Ns2u3Y9PLqcJ83Mr7fqUP7G0//n3/APH2/wAaP7G0/wD59/8Ax9v8av0V8p/aOM/5+y/8Cf8Amen9Xpfyr7kYmq6ZZ2+nSyww7XXGDuJ7getc9XW65/yCJ/8AgP8A6EK5KvteG61SthZSqScnzPd36I8fMIRhVSiraf5hRRRX0BwhXW/2zp//AD8f+ON/hXJUV5uY5XRx/L7Vtct9rdbd0+x0UMTOhfl6nW/2zp//AD8f+ON/hR/bOn/8/H/jjf4VyVFeb/qtg/5pfev8jo/tKr2X4/5nQ6rqdncadLFDNudsYG0juD6Vz1FFevgMBTwNN06bbTd9fl5LsctevKtLmkFFFFdpif/Z',
  'base64',
);

/**
 * The JPEG photo padded to about `megabytes` MB with application segments (APP15, skipped by every
 * reader): what a phone's photo weighs to read, store and embed, without a JPEG encoder.
 */
export function paddedJpeg(megabytes: number, seed = 1): Buffer {
  const segments: Buffer[] = [];
  let state = seed >>> 0;
  const segmentBytes = 65_533;
  for (let size = 0; size < megabytes * 1024 * 1024; size += segmentBytes + 4) {
    const segment = Buffer.alloc(segmentBytes + 4);
    segment.writeUInt16BE(0xffef, 0);
    segment.writeUInt16BE(segmentBytes + 2, 2);
    for (let i = 4; i + 4 <= segment.length; i += 4) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      segment.writeUInt32BE(state, i);
    }
    segments.push(segment);
  }
  return Buffer.concat([JPEG_PHOTO.subarray(0, 2), ...segments, JPEG_PHOTO.subarray(2)]);
}
