/// <reference lib="webworker" />
// The service worker (ADR 055): the app's files precached, its pages served from them offline, the
// public asset pages' data kept once visited. The API (/api) is never cached here: a signed-in
// user's answers are kept by the app itself, per user, in IndexedDB (features/offline).
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths the server answers itself, never with a page. */
const SERVER_PATHS = /^\/(api|public|healthz|readyz)(\/|$)/;
/** The public asset page: its own lean entry (ADR 032). */
const PUBLIC_ASSET_PAGE = /^\/a\//;

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/public-asset.html'), { allowlist: [PUBLIC_ASSET_PAGE] }),
);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [SERVER_PATHS, PUBLIC_ASSET_PAGE],
  }),
);

// What a public asset page reads (the asset, its history, QR code, files, the organization's logo):
// fresh from the network, the last copy when there is none (or it takes too long).
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/public/'),
  new NetworkFirst({
    cacheName: 'mqr-public-pages',
    networkTimeoutSeconds: 6,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// A new version waits until the user chooses "Reload" (the app posts this message then).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
