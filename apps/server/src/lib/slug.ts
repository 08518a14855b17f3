import { randomInt } from 'node:crypto';

export const SLUG_BASE_MAX_LENGTH = 60;
export const SLUG_SUFFIX_LENGTH = 6;
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The readable part of a slug: lower case ASCII letters, digits and single hyphens; `fallback` when nothing is left. */
export function slugBase(name: string, fallback = 'asset'): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_BASE_MAX_LENGTH)
    .replace(/-+$/g, '');
  return base || fallback;
}

export function randomSlugSuffix(length = SLUG_SUFFIX_LENGTH): string {
  let suffix = '';
  for (let i = 0; i < length; i++) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return suffix;
}

/** `{base}-{6 random [a-z0-9]}`, e.g. "boiler-room-pump-k3x9qa". Matches the contracts' SLUG_PATTERN. */
export function generateSlug(name: string, fallback = 'asset'): string {
  return `${slugBase(name, fallback)}-${randomSlugSuffix()}`;
}
