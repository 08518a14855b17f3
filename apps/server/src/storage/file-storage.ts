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

/** Where uploaded files live. Only `storage/` knows the drivers; everything else uses this. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** The URL the browser PUTs the bytes to, with the target's Content-Type (relative for local). */
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
