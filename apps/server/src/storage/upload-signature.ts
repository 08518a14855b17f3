import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadTarget } from './file-storage.ts';

/** The local driver's upload route; the object key follows it. */
export const LOCAL_UPLOAD_PATH = '/api/uploads/local';

export type UploadSignatureCheck =
  | { ok: true; target: UploadTarget }
  | { ok: false; reason: 'invalidSignature' | 'expired' };

/** Query parameters of a signed local upload URL. */
export interface SignedUploadQuery {
  contentType?: string | undefined;
  maxBytes?: string | undefined;
  expires?: string | undefined;
  signature?: string | undefined;
}

/** Signs and checks the local driver's upload URLs: key, content type, size limit and expiry are pinned. */
export class UploadSigner {
  readonly #key: Buffer;

  /** `secret` is the server's JWT secret; a derived key keeps the two uses apart. */
  constructor(secret: string) {
    this.#key = createHmac('sha256', secret).update('mqr-local-upload-url-v1').digest();
  }

  #sign(objectKey: string, contentType: string, maxBytes: number, expires: number): string {
    return createHmac('sha256', this.#key)
      .update(['PUT', objectKey, contentType, String(maxBytes), String(expires)].join('\n'))
      .digest('base64url');
  }

  /** The relative URL the browser PUTs the bytes to. */
  urlFor(target: UploadTarget): string {
    const expires = Math.floor(target.expiresAt.getTime() / 1000);
    const query = new URLSearchParams({
      contentType: target.contentType,
      maxBytes: String(target.maxBytes),
      expires: String(expires),
      signature: this.#sign(target.objectKey, target.contentType, target.maxBytes, expires),
    });
    return `${LOCAL_UPLOAD_PATH}/${target.objectKey}?${query.toString()}`;
  }

  /** Checks the signature first (so nothing unsigned is believed), then the expiry. */
  verify(objectKey: string, query: SignedUploadQuery, now = new Date()): UploadSignatureCheck {
    const { contentType, maxBytes, expires, signature } = query;
    if (!contentType || !maxBytes || !expires || !signature) return { ok: false, reason: 'invalidSignature' };
    if (!/^\d{1,15}$/.test(maxBytes) || !/^\d{1,12}$/.test(expires)) {
      return { ok: false, reason: 'invalidSignature' };
    }
    const expected = Buffer.from(this.#sign(objectKey, contentType, Number(maxBytes), Number(expires)));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return { ok: false, reason: 'invalidSignature' };
    }
    const expiresAt = new Date(Number(expires) * 1000);
    if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, target: { objectKey, contentType, maxBytes: Number(maxBytes), expiresAt } };
  }
}
