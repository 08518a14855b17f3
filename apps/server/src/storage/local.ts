import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DownloadOptions, FileDownload, FileStorage, UploadTarget } from './file-storage.ts';
import { isSafeObjectKey } from './object-keys.ts';

export interface LocalStorageOptions {
  /** DATA_DIR/files. */
  rootDir: string;
  /** The signed URL of the server's own upload route for a target. */
  uploadUrlFor: (target: UploadTarget) => string;
}

/** The body passed the size limit of the upload. */
export class UploadTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes.`);
    this.name = 'UploadTooLargeError';
    this.maxBytes = maxBytes;
  }
}

/** Files on the local disk under `rootDir`, one file per object key. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local';
  readonly rootDir: string;
  readonly #uploadUrlFor: LocalStorageOptions['uploadUrlFor'];

  constructor(options: LocalStorageOptions) {
    this.rootDir = path.resolve(options.rootDir);
    this.#uploadUrlFor = options.uploadUrlFor;
  }

  /** The file of a key; throws for a key that could leave the root. */
  pathOf(objectKey: string): string {
    if (!isSafeObjectKey(objectKey)) throw new Error(`Unsafe object key: ${objectKey}`);
    return path.join(this.rootDir, ...objectKey.split('/'));
  }

  /** A temporary file beside the key's file, renamed into place once complete. */
  tempPathOf(objectKey: string): string {
    return `${this.pathOf(objectKey)}.${process.pid}.${Date.now()}.${randomBytes(4).toString('hex')}.partial`;
  }

  async createUploadUrl(target: UploadTarget): Promise<string> {
    return this.#uploadUrlFor(target);
  }

  async put(objectKey: string, body: Buffer): Promise<void> {
    const file = this.pathOf(objectKey);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = this.tempPathOf(objectKey);
    await writeFile(temp, body);
    await rename(temp, file);
  }

  /**
   * Streams a request body into the key's file: written to a temporary file, counted as it comes
   * (UploadTooLargeError past `maxBytes`), renamed into place once complete. On any failure the
   * temporary file is removed and the existing file, if any, is left untouched. The body is not
   * destroyed on failure, so the caller can still answer.
   */
  async receive(objectKey: string, body: Readable, maxBytes: number): Promise<{ size: number }> {
    const file = this.pathOf(objectKey);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = this.tempPathOf(objectKey);
    let size = 0;
    try {
      await pipeline(
        body.iterator({ destroyOnReturn: false }),
        async function* countBytes(chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > maxBytes) throw new UploadTooLargeError(maxBytes);
            yield chunk;
          }
        },
        createWriteStream(temp, { flags: 'wx' }),
      );
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { size };
  }

  async stat(objectKey: string): Promise<{ size: number } | undefined> {
    try {
      const info = await stat(this.pathOf(objectKey));
      return info.isFile() ? { size: info.size } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async download(objectKey: string, _options: DownloadOptions): Promise<FileDownload | undefined> {
    const info = await this.stat(objectKey);
    if (!info) return undefined;
    return { kind: 'stream', body: createReadStream(this.pathOf(objectKey)), size: info.size };
  }

  async delete(objectKey: string): Promise<void> {
    await rm(this.pathOf(objectKey), { force: true });
  }
}
