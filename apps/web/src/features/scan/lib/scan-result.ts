import { findPublicAssetPath, findPublicLocationPath } from '@mqr/contracts';

export type TScanOutcome =
  | { kind: 'asset'; path: string; organizationId: string; slug: string }
  | { kind: 'location'; path: string }
  | { kind: 'other' };

/**
 * A scanned text holding `/a/{organizationId}/{slug}` opens that public page, one holding
 * `/l/{organizationId}/{slug}` that location's page (its staff page for its own staff); anything
 * else stays.
 */
export function interpretScan(text: string): TScanOutcome {
  const room = findPublicLocationPath(text);
  if (room) return { kind: 'location', path: `/l/${room.organizationId}/${encodeURIComponent(room.slug)}` };
  const found = findPublicAssetPath(text);
  return found
    ? {
        kind: 'asset',
        path: `/a/${found.organizationId}/${encodeURIComponent(found.slug)}`,
        organizationId: found.organizationId,
        slug: found.slug,
      }
    : { kind: 'other' };
}

/** Resolves or rejects with the promise, or rejects after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message = 'Timed out'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
