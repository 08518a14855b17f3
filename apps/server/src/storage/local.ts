import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DownloadOptions, FileDownload, FileStorage, UploadTarget } from './file-storage.ts';
import { isSafeObjectKey } from './object-keys.ts';

export interface LocalStorageOptions {
  /** DATA_DIR/files. */
  rootDir: string;
  /** The signed URL of the server's own upload route for a target. */
  uploadUrlFor: (target: UploadTarget) => string;
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
    return `${this.pathOf(objectKey)}.${process.pid}.${Date.now()}.partial`;
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
