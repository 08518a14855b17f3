import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import { fingerprintStreamedBody } from '#server/plugins/idempotency.ts';
import { AppError } from './app-error.ts';

/** What a route answers when its file is missing or over its size limit. */
export interface FileUploadErrors {
  missing: () => AppError;
  tooLarge: () => AppError;
}

/** The multipart errors of an upload, as the API's errors. */
function uploadError(error: unknown, errors: FileUploadErrors): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return errors.tooLarge();
  // Fastify's own limit errors (too many parts or files...) carry safe messages and a 4xx status.
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  // A body busboy cannot read (no boundary, cut short...) holds no file.
  return errors.missing();
}

/**
 * Reads the file of a multipart request's `field` (the scope registers @fastify/multipart with the
 * route's size limit): over it answers `tooLarge`, without the file `missing`. With an
 * Idempotency-Key, a digest of the field, the file name and its bytes is the body's part of the
 * request's fingerprint (the key sent again with another file answers 422, ADR 086).
 */
export async function readMultipartFile(
  request: FastifyRequest,
  field: string,
  errors: FileUploadErrors,
): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw errors.missing();
  let file: { fileName: string; bytes: Buffer };
  try {
    const part = await request.file();
    if (part?.fieldname !== field) {
      part?.file.resume();
      throw errors.missing();
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw errors.tooLarge();
    file = { fileName: part.filename, bytes };
  } catch (error) {
    throw uploadError(error, errors);
  }
  await fingerprintStreamedBody(request, () => contentDigest(field, file.fileName, slices(file.bytes)));
  return file;
}

/** Bytes hashed between two turns of the event loop (about a millisecond's work). */
const HASH_SLICE = 512 * 1024;

/** A buffer in slices, hashed in place (no second copy). */
function* slices(bytes: Buffer): Iterable<Buffer> {
  for (let start = 0; start < bytes.length; start += HASH_SLICE)
    yield bytes.subarray(start, start + HASH_SLICE);
}

/**
 * What the form held: the field, the file name and a SHA-256 of the bytes, hashed a piece at a time,
 * letting other requests run in between (an import is up to 50 MB).
 */
async function contentDigest(
  field: string,
  fileName: string,
  pieces: Iterable<Buffer> | AsyncIterable<Buffer>,
): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of pieces) {
    hash.update(piece);
    await setImmediate();
  }
  return JSON.stringify({ field, fileName, sha256: hash.digest('hex') });
}

/**
 * Hands the file of a multipart request's `field` to `receive` as a stream, as it arrives (the scope
 * registers @fastify/multipart with the route's size limit), and answers what `receive` made of it:
 * over the limit answers `tooLarge` (whatever `receive` thought of the cut file), without the file
 * `missing`. After a refusal the rest of the body is read and dropped, so the client, still sending,
 * gets the answer on a connection that stays usable. With an Idempotency-Key, the bytes `receive` kept
 * are read again through `kept` for the request's fingerprint, as readMultipartFile's are (ADR 086).
 */
export async function receiveMultipartFile<T>(
  request: FastifyRequest,
  field: string,
  errors: FileUploadErrors,
  receive: (file: Readable) => Promise<T>,
  kept: () => AsyncIterable<Buffer>,
): Promise<{ fileName: string; received: T }> {
  if (!request.isMultipart()) throw errors.missing();
  let truncated = () => false;
  let file: { fileName: string; received: T };
  try {
    const part = await request.file();
    if (part?.fieldname !== field) {
      part?.file.resume();
      throw errors.missing();
    }
    truncated = () => part.file.truncated;
    const received = await receive(part.file);
    if (truncated()) throw errors.tooLarge();
    file = { fileName: part.filename, received };
  } catch (error) {
    if (!request.raw.readableEnded) request.raw.resume();
    throw truncated() ? errors.tooLarge() : uploadError(error, errors);
  }
  await fingerprintStreamedBody(request, () => contentDigest(field, file.fileName, kept()));
  return file;
}
