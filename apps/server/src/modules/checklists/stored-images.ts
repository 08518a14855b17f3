import type { Readable } from 'node:stream';
import type { FileStorage } from '#server/storage/file-storage.ts';

// The images of answers (photos, signatures), read from storage: their first bytes say what they
// are (never the name or the declared type), and the report reads them whole (ADRs 134, 135).

export type ImageKind = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes enough to tell a PNG or a JPEG, and a PNG's size (its IHDR chunk, right after the signature). */
const HEAD_BYTES = 32;
/** How long reading an object from S3 may take before it counts as unreadable. */
const FETCH_TIMEOUT_MS = 10_000;

/** PNG or JPEG by the bytes a file starts with; undefined for anything else. */
export function imageKindOf(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/** The stream's bytes up to `maxBytes` (then it stops reading and answers what it has: `head`) or undefined past it. */
async function readStream(body: Readable, maxBytes: number, head: boolean): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= maxBytes) {
      body.destroy();
      if (head) break;
      if (size > maxBytes) return undefined;
    }
  }
  const bytes = Buffer.concat(chunks);
  return head ? bytes.subarray(0, maxBytes) : bytes;
}

/**
 * An object's bytes as the file route would deliver them: from the local disk, or from its
 * short-lived storage URL (S3). `head`: only the first `maxBytes`; else the whole object, undefined
 * when it is larger. Undefined when there is no such object.
 */
export async function readStoredObject(
  storage: FileStorage,
  objectKey: string,
  maxBytes: number,
  options: { head?: boolean } = {},
): Promise<Uint8Array | undefined> {
  const download = await storage.download(objectKey, {
    fileName: 'image',
    contentType: 'application/octet-stream',
    disposition: 'attachment',
  });
  if (!download) return undefined;
  const head = options.head === true;
  if (download.kind === 'stream') return readStream(download.body, maxBytes, head);
  const response = await fetch(download.url, {
    headers: head ? { range: `bytes=0-${maxBytes - 1}` } : {},
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the storage URL answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (head) return bytes.subarray(0, maxBytes);
  return bytes.length <= maxBytes ? bytes : undefined;
}

/** A PNG's width and height from its IHDR chunk; undefined for anything else. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (imageKindOf(bytes) !== 'image/png' || bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** What a stored object is by its first bytes (PNG, JPEG), with a PNG's size; undefined for anything else. */
export async function storedImage(
  storage: FileStorage,
  objectKey: string,
): Promise<{ kind: ImageKind; size?: { width: number; height: number } | undefined } | undefined> {
  const head = await readStoredObject(storage, objectKey, HEAD_BYTES, { head: true });
  const kind = head ? imageKindOf(head) : undefined;
  if (!head || !kind) return undefined;
  return { kind, size: pngSize(head) };
}
