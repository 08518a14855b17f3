import { v7 as uuidv7 } from 'uuid';

/** A segment of a key: letters, digits, dot, underscore, hyphen; never "." or "..". */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,128}$/;

/** A new key for an upload of this organization: `{organizationId}/{uuidv7}`. */
export function newUploadKey(organizationId: string): string {
  return `${organizationId}/${uuidv7()}`;
}

/** True when the key is made of safe segments (so it can never leave the storage root). */
export function isSafeObjectKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length >= 2 && segments.length <= 4 && segments.every((s) => SEGMENT.test(s));
}

/** True when the key lies under the organization's prefix. */
export function keyBelongsTo(key: string, organizationId: string): boolean {
  return isSafeObjectKey(key) && key.startsWith(`${organizationId}/`);
}
