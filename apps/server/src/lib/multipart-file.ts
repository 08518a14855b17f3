import { createHash } from 'node:crypto';
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
  await fingerprintStreamedBody(request, () => contentDigest(field, file));
  return file;
}

/** Bytes hashed between two turns of the event loop (about a millisecond's work). */
const HASH_SLICE = 512 * 1024;

/**
 * What the form held: the field, the file name and a SHA-256 of the bytes, hashed in place (no
 * second copy) a slice at a time, letting other requests run in between (an import is up to 50 MB).
 */
async function contentDigest(field: string, file: { fileName: string; bytes: Buffer }): Promise<string> {
  const hash = createHash('sha256');
  for (let start = 0; start < file.bytes.length; start += HASH_SLICE) {
    hash.update(file.bytes.subarray(start, start + HASH_SLICE));
    await setImmediate();
  }
  return JSON.stringify({ field, fileName: file.fileName, sha256: hash.digest('hex') });
}
