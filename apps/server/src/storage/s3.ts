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
import {
  type DownloadOptions,
  type FileDownload,
  type FileStorage,
  StorageUnavailableError,
  type UploadTarget,
} from './file-storage.ts';

/** How long a presigned GET (the redirect of the files route) stays valid. */
export const S3_DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/** How long connecting to S3 may take, and a request may go without a byte, before it counts as unreachable. */
export const S3_CONNECTION_TIMEOUT_MS = 2000;
export const S3_REQUEST_TIMEOUT_MS = 20_000;

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/** Errors of a request that got no answer: refused, cut, timed out, a name that does not resolve. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * True when S3 could not be reached or failed on its side (after the SDK's own retries): no answer,
 * a timeout, or a 5xx (S3's 503 SlowDown, 500 InternalError). A 4xx is an answer about the request.
 */
export function isS3Unavailable(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 0) >= 500;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) ||
    error.name === 'TimeoutError' ||
    error.name === 'RequestTimeout'
  );
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
    // An S3 that does not answer fails the request within seconds (ADR 140) instead of holding it.
    requestHandler: { connectionTimeout: S3_CONNECTION_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
  });
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph...). Browsers PUT to presigned URLs with the
 * Content-Type pinned in the signature and download through presigned GETs. A presigned PUT cannot
 * cap the size: the save-time check (modules/uploads/attachments.ts) refuses oversized objects.
 * While S3 cannot be reached, every operation throws StorageUnavailableError (ADR 140): an upload URL
 * is not handed out (the service is asked about the new key first), a download is not redirected to
 * an object that cannot be fetched (the object is looked up first, so a missing one is a 404).
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
    // The new key is not there: any answer of S3 (404, or 403 without the right to list) says it
    // can take the upload; no answer says it cannot.
    await this.stat(target.objectKey, 'store').catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) throw error;
    });
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
    await this.#client
      .send(
        new PutObjectCommand({ Bucket: this.bucket, Key: objectKey, Body: body, ContentType: contentType }),
      )
      .catch(unavailableAs('store'));
  }

  /** `operation`: what the request wants the answer for (a save checks an upload: 'store'). */
  async stat(
    objectKey: string,
    operation: 'store' | 'read' = 'store',
  ): Promise<{ size: number } | undefined> {
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      return unavailableAs(operation)(error);
    }
  }

  /**
   * A presigned GET with the stored type and disposition, once S3 has said the object is there:
   * undefined when it is not (404), StorageUnavailableError while S3 cannot be reached (503).
   */
  async download(objectKey: string, options: DownloadOptions): Promise<FileDownload | undefined> {
    if (!(await this.stat(objectKey, 'read'))) return undefined;
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
    await this.#client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }))
      .catch(unavailableAs('store'));
  }

  /** Closes the SDK's connections. */
  close(): void {
    this.#client.destroy();
  }
}

/** Rethrows an error of S3, as StorageUnavailableError when S3 could not be reached. */
function unavailableAs(operation: 'store' | 'read') {
  return (error: unknown): never => {
    throw isS3Unavailable(error) ? new StorageUnavailableError(operation, error) : error;
  };
}
