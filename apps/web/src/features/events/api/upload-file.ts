import { XSRF_COOKIE, XSRF_HEADER } from '@mqr/contracts';
import { readCookie, TRY_LATER_STATUSES } from '#web/lib/api-client.ts';

/** Why an upload did not finish: the HTTP status (0 when the request never got an answer). */
export class UploadError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(status ? `Upload failed (${status}).` : 'Upload failed.');
    this.name = 'UploadError';
    this.status = status;
  }

  /** No answer (the file storage cannot be reached), or one that says to try later (ADR 140). */
  get isTryLater(): boolean {
    return this.status === 0 || TRY_LATER_STATUSES.has(this.status);
  }
}

export type TUploadOptions = {
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Tests pass a fake; the browser's XMLHttpRequest otherwise. */
  createRequest?: () => XMLHttpRequest;
};

function isSameOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

/**
 * PUTs a file's bytes to a pre-signed upload URL with XMLHttpRequest (fetch cannot report upload
 * progress). The Content-Type header must be the one the URL was signed for. The local driver's
 * URLs are on this origin and go through the XSRF check like every other non-GET call; S3 URLs get
 * the Content-Type alone (the signature is the credential, no bearer token either way).
 */
export function uploadFile(
  uploadUrl: string,
  file: Blob,
  contentType: string,
  { onProgress, signal, createRequest = () => new XMLHttpRequest() }: TUploadOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = createRequest();
    xhr.open('PUT', uploadUrl);
    xhr.setRequestHeader('Content-Type', contentType);
    if (isSameOrigin(uploadUrl)) {
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(new UploadError(xhr.status));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(0));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(file);
  });
}
