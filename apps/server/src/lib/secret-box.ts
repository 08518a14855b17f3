import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Seals short texts so only this server (its JWT_SECRET) can read them, and tells a changed one. */
export interface SecretBox {
  /** `v1.{iv}.{ciphertext}.{tag}`, base64url: AES-256-GCM with a fresh 96-bit IV. */
  seal(text: string): string;
  /** The text, or undefined for anything this box did not seal (tampered, another key, malformed). */
  open(sealed: string): string | undefined;
}

const VERSION = 'v1';

/**
 * A box keyed by HKDF-SHA256 of the server's secret and a purpose: each purpose (the client secrets
 * of single sign-on, its sign-in attempts) has its own key, so one can never be passed off as the other.
 */
export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'maintenance-qr', purpose, 32));
  return {
    seal(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [VERSION, iv, data, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, data, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || data === undefined || !tag || rest.length > 0) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: 16,
        });
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
  };
}
