import {
  type Said,
  type TPresignResponse,
  UPLOAD_MESSAGES,
  UPLOAD_SAID,
  type ZPresignBody,
} from '@mqr/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { asOrganization } from '#server/db/scope.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { mediaTypeOf } from '#server/storage/content-disposition.ts';
import type { FileStorage, UploadTarget } from '#server/storage/file-storage.ts';
import { isSafeObjectKey, newUploadKey } from '#server/storage/object-keys.ts';
import type { SignedUploadQuery, UploadSigner } from '#server/storage/upload-signature.ts';
import { findPendingUploads, insertPendingUpload } from './queries.ts';

export const BYTES_PER_MB = 1024 * 1024;
/** How long a presigned upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

export function tooLargeMessage(maxBytes: number): Said {
  return UPLOAD_SAID.tooLarge(Math.round(maxBytes / BYTES_PER_MB));
}

/**
 * Issues an upload for the user's organization: a new key under its prefix, a pending row (so the
 * save can check the key was issued here, and the sweep can remove it if never attached) and the
 * URL to PUT the bytes to with the Content-Type pinned.
 */
export async function presignUpload(
  db: Db,
  storage: FileStorage,
  actor: AuthUser,
  body: z.output<typeof ZPresignBody>,
  options: { maxUploadMb: number; now?: Date },
): Promise<TPresignResponse> {
  const now = options.now ?? new Date();
  const target: UploadTarget = {
    objectKey: newUploadKey(actor.organizationId),
    contentType: body.contentType,
    maxBytes: options.maxUploadMb * BYTES_PER_MB,
    expiresAt: new Date(now.getTime() + UPLOAD_URL_TTL_MS),
  };
  // In a transaction: with an Idempotency-Key, the key commits with the row (ADR 054).
  await db.transaction((tx) =>
    insertPendingUpload(tx, {
      objectKey: target.objectKey,
      organizationId: actor.organizationId,
      userId: actor.id,
      fileName: body.fileName,
      contentType: target.contentType,
      maxBytes: target.maxBytes,
    }),
  );
  const uploadUrl = await storage.createUploadUrl(target);
  return {
    uploadUrl,
    objectKey: target.objectKey,
    expiresAt: target.expiresAt.toISOString(),
    maxBytes: target.maxBytes,
  };
}

/** Why the local upload route refuses a PUT, as the HTTP answer. */
export interface UploadRefusal {
  status: 403 | 409 | 413 | 415;
  /** One of the contracts' messages, or one said with its values (its id travels, ADR 113). */
  message: string | Said;
}

/** What a PUT to the local upload route brings. */
export interface LocalUploadRequest {
  objectKey: string;
  query: SignedUploadQuery;
  contentType: string | undefined;
  contentLength: string | undefined;
}

function sameContentType(a: string, b: string): boolean {
  const normalize = (value: string) =>
    value
      .trim()
      .toLowerCase()
      .replace(/\s*;\s*/g, ';');
  return mediaTypeOf(a) === mediaTypeOf(b) && normalize(a) === normalize(b);
}

/**
 * Checks a PUT to the local driver before any byte is read: the signature (403), the Content-Type
 * pinned in it (415), that the key is still a pending upload, so an attached file cannot be
 * overwritten (409), and a declared Content-Length within the limit (413).
 */
export async function checkLocalUpload(
  db: DbOrTx,
  signer: UploadSigner,
  upload: LocalUploadRequest,
  now = new Date(),
): Promise<{ ok: true; target: UploadTarget } | { ok: false; refusal: UploadRefusal }> {
  const refuse = (status: UploadRefusal['status'], message: string | Said) =>
    ({ ok: false, refusal: { status, message } }) as const;
  if (!isSafeObjectKey(upload.objectKey)) return refuse(403, UPLOAD_MESSAGES.invalidSignature);
  const check = signer.verify(upload.objectKey, upload.query, now);
  if (!check.ok) return refuse(403, UPLOAD_MESSAGES[check.reason]);
  const { target } = check;
  if (!upload.contentType || !sameContentType(upload.contentType, target.contentType)) {
    return refuse(415, UPLOAD_MESSAGES.wrongContentType);
  }
  const organizationId = target.objectKey.split('/')[0]!;
  const [pending] = isUuid(organizationId)
    ? // The signed key names the organization (a route without a user; ADR 066).
      await asOrganization(organizationId, () => findPendingUploads(db, organizationId, [target.objectKey]))
    : [];
  if (!pending) return refuse(409, UPLOAD_MESSAGES.notPending);
  const maxBytes = Math.min(target.maxBytes, pending.maxBytes);
  if (upload.contentLength !== undefined && Number(upload.contentLength) > maxBytes) {
    return refuse(413, tooLargeMessage(maxBytes));
  }
  return { ok: true, target: { ...target, maxBytes } };
}
