import type { Readable } from 'node:stream';

/** An upload the server has authorised: the key, its pinned content type, size limit and expiry. */
export interface UploadTarget {
  objectKey: string;
  contentType: string;
  maxBytes: number;
  expiresAt: Date;
}

/** How a file reaches a browser. */
export interface DownloadOptions {
  fileName: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
}

/** Either the bytes (local disk) or a short-lived URL to send the browser to (S3 presigned GET). */
export type FileDownload =
  | { kind: 'stream'; body: Readable; size: number }
  | { kind: 'redirect'; url: string };

/**
 * The storage cannot be reached (no answer, a timeout, or a server error after the driver's own
 * retries): a 503 with Retry-After for the request (ADR 140), never a 500. `operation` says what the
 * request wanted: to store a file (an upload, a save naming one) or to read one (a download).
 */
export class StorageUnavailableError extends Error {
  readonly operation: 'store' | 'read';

  constructor(operation: 'store' | 'read', cause: unknown) {
    super(`The file storage cannot be reached (${operation}).`, { cause });
    this.name = 'StorageUnavailableError';
    this.operation = operation;
  }
}

/** Where uploaded files live. Only `storage/` knows the drivers; everything else uses this. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * The URL the browser PUTs the bytes to, with the target's Content-Type (relative for local).
   * S3 asks the service first, so that an upload is refused while it cannot take one.
   */
  createUploadUrl(target: UploadTarget): Promise<string>;
  /** Stores bytes written by the server itself (logos, tests). */
  put(objectKey: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored size, or undefined when there is no such object. */
  stat(objectKey: string): Promise<{ size: number } | undefined>;
  /** How to deliver the object, or undefined when there is no such object. */
  download(objectKey: string, options: DownloadOptions): Promise<FileDownload | undefined>;
  /** Removes the object; nothing happens when it does not exist. */
  delete(objectKey: string): Promise<void>;
  /** Releases connections (S3 client sockets); called when the app closes. */
  close?(): void;
}
