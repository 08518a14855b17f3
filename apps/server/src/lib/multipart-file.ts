import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
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
 * route's size limit): over it answers `tooLarge`, without the file `missing`.
 */
export async function readMultipartFile(
  request: FastifyRequest,
  field: string,
  errors: FileUploadErrors,
): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw errors.missing();
  try {
    const part = await request.file();
    if (part?.fieldname !== field) {
      part?.file.resume();
      throw errors.missing();
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw errors.tooLarge();
    return { fileName: part.filename, bytes };
  } catch (error) {
    throw uploadError(error, errors);
  }
}

/**
 * Hands the file of a multipart request's `field` to `receive` as a stream, as it arrives (the scope
 * registers @fastify/multipart with the route's size limit), and answers what `receive` made of it:
 * over the limit answers `tooLarge` (whatever `receive` thought of the cut file), without the file
 * `missing`. After a refusal the rest of the body is read and dropped, so the client, still sending,
 * gets the answer on a connection that stays usable.
 */
export async function receiveMultipartFile<T>(
  request: FastifyRequest,
  field: string,
  errors: FileUploadErrors,
  receive: (file: Readable) => Promise<T>,
): Promise<{ fileName: string; received: T }> {
  if (!request.isMultipart()) throw errors.missing();
  let truncated = () => false;
  try {
    const part = await request.file();
    if (part?.fieldname !== field) {
      part?.file.resume();
      throw errors.missing();
    }
    truncated = () => part.file.truncated;
    const received = await receive(part.file);
    if (truncated()) throw errors.tooLarge();
    return { fileName: part.filename, received };
  } catch (error) {
    if (!request.raw.readableEnded) request.raw.resume();
    throw truncated() ? errors.tooLarge() : uploadError(error, errors);
  }
}
