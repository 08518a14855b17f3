import type { FastifyReply } from 'fastify';
import { contentDispositionHeader, mediaTypeOf } from '../storage/content-disposition.ts';
import type { FileDownload } from '../storage/file-storage.ts';

/** A stored object on its way to a browser: the type and name it is served with, and how storage hands it over. */
export interface StoredFile {
  contentType: string;
  fileName: string;
  disposition: 'inline' | 'attachment';
  download: FileDownload;
}

/** The Cache-Control of the two answers: the bytes, and the redirect to a short-lived storage URL. */
export interface StoredFileCaching {
  bytes: string;
  /** The presigned URL lives 5 minutes: the redirect itself is cached for less. */
  redirect: string;
}

/**
 * The Content-Security-Policy of a served file: nothing loads, nothing runs (sandbox), as if the
 * file were opened from another origin. PDF goes without `sandbox`, which stops Chromium's PDF viewer.
 */
export function fileContentSecurityPolicy(contentType: string): string {
  const base = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
  if (mediaTypeOf(contentType) === 'application/pdf')
    return `${base}; object-src 'self'; frame-ancestors 'self'`;
  return `${base}; frame-ancestors 'self'; sandbox`;
}

/**
 * Answers a stored object (attachments, logos): a redirect to its short-lived storage URL (S3), or its
 * bytes (local storage) with their type, length, disposition and the file CSP. Never sniffed.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile, caching: StoredFileCaching) {
  reply.header('X-Content-Type-Options', 'nosniff');
  const { download } = file;
  if (download.kind === 'redirect') {
    return reply.header('Cache-Control', caching.redirect).redirect(download.url, 302);
  }
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(download.size))
    .header('Content-Disposition', contentDispositionHeader(file.disposition, file.fileName))
    .header('Content-Security-Policy', fileContentSecurityPolicy(file.contentType))
    .header('Cache-Control', caching.bytes)
    .send(download.body);
}
