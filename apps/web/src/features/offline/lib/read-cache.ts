import type { TReadCache } from '#web/lib/api-client.ts';
import { offlineDb, type TStoredRead } from './offline-db.ts';

/** Assets whose pages (with their events and QR code) stay readable offline, the most recently opened. */
export const RECENT_ASSETS_KEPT = 30;

const ASSET_PAGE = /^\/api\/assets\/([^/?]+)$/;
/** The signed-in answers kept for reading offline: the session, the fields, pending tasks, assets opened. */
const KEPT = [
  /^\/api\/auth\/(me|organization)$/,
  /^\/api\/client-config$/,
  /^\/api\/fields\?/,
  /^\/api\/tasks\/pending(\?|$)/,
  /^\/api\/assets\/[^/?]+(\/qr\.png|\/events\?.*)?$/,
];

/** Marks an answer read from this device rather than the server (with when it was kept). */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';

export function isKept(url: string): boolean {
  return KEPT.some((pattern) => pattern.test(url));
}

async function store(read: TStoredRead): Promise<void> {
  const db = await offlineDb();
  await db.put('reads', read);
  if (ASSET_PAGE.test(read.url)) await forgetOldAssets(read.owner);
}

/** Keeps the RECENT_ASSETS_KEPT assets opened last; the others' pages, events and QR codes go. */
async function forgetOldAssets(owner: string): Promise<void> {
  const db = await offlineDb();
  const reads = await db.getAllFromIndex('reads', 'owner', owner);
  const pages = reads.filter((read) => ASSET_PAGE.test(read.url)).sort((a, b) => b.storedAt - a.storedAt);
  const dropped = pages.slice(RECENT_ASSETS_KEPT).map((read) => read.url);
  if (dropped.length === 0) return;
  const tx = db.transaction('reads', 'readwrite');
  for (const read of reads) {
    if (dropped.some((url) => read.url === url || read.url.startsWith(`${url}/`))) {
      await tx.store.delete([owner, read.url]);
    }
  }
  await tx.done;
}

/** The address a scanned code names for an asset page's answer (`{organizationId}/{slug}`). */
function assetAddressOf(url: string, body: ArrayBuffer): string | undefined {
  if (!ASSET_PAGE.test(url)) return undefined;
  try {
    const asset = JSON.parse(new TextDecoder().decode(body)) as { organizationId?: unknown; slug?: unknown };
    return typeof asset.organizationId === 'string' && typeof asset.slug === 'string'
      ? `${asset.organizationId}/${asset.slug}`
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The API client's read cache for the user `owner()` names (ADR 055): their answers only, in
 * IndexedDB, answered back when the network fails, with OFFLINE_COPY_HEADER. Nothing is kept or
 * answered while signed out.
 */
export function createReadCache(owner: () => string | null): TReadCache {
  return {
    keep(url, response) {
      const who = owner();
      if (!who || !isKept(url)) return;
      void (async () => {
        const body = await response.arrayBuffer();
        await store({
          owner: who,
          url,
          status: response.status,
          headers: [...response.headers.entries()],
          body,
          storedAt: Date.now(),
          assetAddress: assetAddressOf(url, body),
        });
      })().catch(() => {
        // Storage full or unavailable: the app works online as before.
      });
    },
    async match(url) {
      const who = owner();
      if (!who || !isKept(url)) return undefined;
      try {
        const read = await (await offlineDb()).get('reads', [who, url]);
        if (!read) return undefined;
        const headers = new Headers(read.headers);
        headers.set(OFFLINE_COPY_HEADER, new Date(read.storedAt).toISOString());
        return new Response(read.body, { status: read.status, headers });
      } catch {
        return undefined;
      }
    },
  };
}

/** The asset page kept for a scanned code's organization and slug: its asset id, if any. */
export async function findKeptAsset(
  owner: string,
  organizationId: string,
  slug: string,
): Promise<string | null> {
  const db = await offlineDb();
  const read = await db.getFromIndex('reads', 'address', [owner, `${organizationId}/${slug}`]);
  return read ? (ASSET_PAGE.exec(read.url)?.[1] ?? null) : null;
}

/** The asset's name as its kept page says, for the outbox screen. */
export async function keptAssetName(owner: string, assetId: string): Promise<string | null> {
  const read = await (await offlineDb()).get('reads', [owner, `/api/assets/${encodeURIComponent(assetId)}`]);
  if (!read) return null;
  try {
    const asset = JSON.parse(new TextDecoder().decode(read.body)) as { name?: unknown };
    return typeof asset.name === 'string' ? asset.name : null;
  } catch {
    return null;
  }
}

/** Deletes the kept reads of every user but `owner` (another user signed in on this device). */
export async function forgetOtherUsersReads(owner: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('reads', 'readwrite');
  let cursor = await tx.store.openCursor();
  while (cursor) {
    if (cursor.value.owner !== owner) await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}
