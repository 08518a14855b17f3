import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.ts';
import { contentDispositionHeader } from './content-disposition.ts';
import type { DownloadOptions, FileDownload, FileStorage, UploadTarget } from './file-storage.ts';

/** How long a presigned GET (the redirect of the files route) stays valid. */
export const S3_DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/** The SDK client for the settings: explicit keys when both are set, else the SDK's default chain. */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Since 3.729 the SDK adds a CRC32 of the (empty) body to presigned PUTs by default, which the
    // browser's real bytes then fail; checksums only where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph...). Browsers PUT to presigned URLs with the
 * Content-Type pinned in the signature and download through presigned GETs. A presigned PUT cannot
 * cap the size: the save-time check (modules/uploads/attachments.ts) refuses oversized objects.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3';
  readonly bucket: string;
  readonly #client: S3Client;

  constructor(config: S3Config, client: S3Client = createS3Client(config)) {
    this.bucket = config.bucket;
    this.#client = client;
  }

  async createUploadUrl(target: UploadTarget): Promise<string> {
    const expiresIn = Math.max(1, Math.floor((target.expiresAt.getTime() - Date.now()) / 1000));
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: target.objectKey,
      ContentType: target.contentType,
    });
    // content-type is a signed header: a PUT with another type does not match the signature.
    return getSignedUrl(this.#client, command, { expiresIn, signableHeaders: new Set(['content-type']) });
  }

  async put(objectKey: string, body: Buffer, contentType: string): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: body, ContentType: contentType }),
    );
  }

  async stat(objectKey: string): Promise<{ size: number } | undefined> {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** A presigned GET with the stored type and disposition; the object's existence is not checked (its URL answers 404). */
  async download(objectKey: string, options: DownloadOptions): Promise<FileDownload> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: objectKey,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDispositionHeader(options.disposition, options.fileName),
      ResponseCacheControl: 'private, max-age=300',
    });
    const url = await getSignedUrl(this.#client, command, { expiresIn: S3_DOWNLOAD_URL_TTL_SECONDS });
    return { kind: 'redirect', url };
  }

  async delete(objectKey: string): Promise<void> {
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
  }

  /** Closes the SDK's connections. */
  close(): void {
    this.#client.destroy();
  }
}
