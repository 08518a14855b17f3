import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { negotiateLanguage, type TLanguage } from '@mqr/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publicAssetApiUrl, publicAssetQrCodeUrl } from '#server/lib/public-urls.ts';

/** Paths the SPA never answers: the API, public API, health checks. */
const SERVER_PREFIXES = ['/api', '/public', '/healthz', '/readyz'];

export const NOT_BUILT_MESSAGE =
  'The web app is not built. Run `npm run build`, then restart the server (the API works meanwhile).';

function isServerPath(url: string): boolean {
  return SERVER_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));
}

/** A request for a file (last segment has an extension) that does not exist must 404, not get the SPA. */
function looksLikeFile(pathname: string): boolean {
  const last = pathname.split('/').pop() ?? '';
  return /\.[a-z0-9]{1,8}$/i.test(last);
}

/**
 * The public pages' own lean entry (ADR 032): what a QR scan opens, an asset's (/a/...) or a
 * location's (/l/...), and a reporter's status page (/r/{token}, docs/product/requests.md).
 */
const PUBLIC_PAGE_PREFIXES = ['/a/', '/l/', '/r/'];
const PUBLIC_ASSET_HTML = 'public-asset.html';
/** /a/{organizationId}/{slug}, read as the page reads it (apps/web/src/app/public-asset-app.tsx). */
const PUBLIC_ASSET_PAGE = /^\/a\/([^/]+)\/([^/]+)\/?$/;
/** /l/{organizationId}/{slug}, a location's public page, read the same way. */
const PUBLIC_LOCATION_PAGE = /^\/l\/([^/]+)\/([^/]+)\/?$/;

/** /r/{token}, a reporter's status page, read as the page reads it. */
const PUBLIC_REQUEST_PAGE = /^\/r\/([A-Za-z0-9_-]+)\/?$/;

/** The organization and slug of a public page's path, encoded as the page encodes them; null otherwise. */
function publicPageParams(
  pattern: RegExp,
  pathname: string,
): { organizationId: string; slug: string } | null {
  const match = pattern.exec(pathname);
  if (!match) return null;
  try {
    return {
      organizationId: encodeURIComponent(decodeURIComponent(match[1]!)),
      slug: encodeURIComponent(decodeURIComponent(match[2]!)),
    };
  } catch {
    return null;
  }
}

/**
 * What a public page will ask for as soon as its script runs: the asset and its QR code (the page's
 * largest image), or the location. Preloaded while the script downloads instead of after it (ADR 032).
 */
function publicPagePreloads(pathname: string): string | null {
  const request = PUBLIC_REQUEST_PAGE.exec(pathname);
  if (request) return `</public/requests/${request[1]}>; rel=preload; as=fetch; crossorigin`;
  const location = publicPageParams(PUBLIC_LOCATION_PAGE, pathname);
  if (location) {
    return `</public/orgs/${location.organizationId}/locations/${location.slug}>; rel=preload; as=fetch; crossorigin`;
  }
  const asset = publicPageParams(PUBLIC_ASSET_PAGE, pathname);
  if (!asset) return null;
  const { organizationId, slug } = asset;
  return [
    `<${publicAssetApiUrl(organizationId, slug)}>; rel=preload; as=fetch; crossorigin`,
    `<${publicAssetQrCodeUrl(organizationId, slug)}>; rel=preload; as=image`,
  ].join(', ');
}

/** A public catalog's file as the build names it (apps/web/vite.config.ts, ADR 120): `catalog-public.<locale>.<hash>.js`. */
const PUBLIC_CATALOG_FILE = /^catalog-public\.([\w-]+)\.[\w-]+\.js$/;

/** The built public catalogs' files by language, read once at start (their names change with each build). */
function publicCatalogFiles(assetsDir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(assetsDir)) return files;
  for (const name of readdirSync(assetsDir)) {
    const locale = PUBLIC_CATALOG_FILE.exec(name)?.[1];
    if (locale) files.set(locale, name);
  }
  return files;
}

/**
 * The visitor's catalog, which the page's script would only ask for once it runs: downloaded beside
 * the script instead. The language is the one the page picks from the same preferences (ADR 110);
 * a visitor who chose another in the switcher downloads theirs as before (4 KB spent for nothing).
 */
function publicCatalogPreload(
  catalogs: Map<string, string>,
  acceptLanguage: string | undefined,
): string | null {
  const language: TLanguage = negotiateLanguage(acceptLanguage);
  const file = catalogs.get(language);
  return file ? `</assets/${file}>; rel=modulepreload` : null;
}

/**
 * Serves the built SPA: hashed `/assets/*` files cached for a year, the HTML pages never cached,
 * `/a/*` and `/l/*` (the public pages) answered by their lean `public-asset.html`, and any other GET that is
 * not an API path by `index.html` (client-side routing).
 */
async function staticSpa(app: FastifyInstance, options: { webDistDir: string }): Promise<void> {
  const root = path.resolve(options.webDistDir);
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  // A build from before the lean entry has none: the app answers /a/* then, as it did.
  const publicAssetHtml = existsSync(path.join(root, PUBLIC_ASSET_HTML)) ? PUBLIC_ASSET_HTML : 'index.html';
  const catalogs = publicCatalogFiles(path.join(root, 'assets'));
  if (built) {
    const assetsDir = path.join(root, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz twins (vite-plugin-compression2): sent to browsers that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.header(
          'Cache-Control',
          filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir: root }, 'The web app is not built (no index.html): run `npm run build`.');
  }

  const fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isServerPath(pathname) || looksLikeFile(pathname)) return reply.callNotFound();
    if (!built) return reply.code(404).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    reply.header('Cache-Control', 'no-cache');
    if (!PUBLIC_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      return reply.sendFile('index.html', root);
    }
    const pageData = publicAssetHtml === PUBLIC_ASSET_HTML ? publicPagePreloads(pathname) : null;
    if (pageData) {
      const catalog = publicCatalogPreload(catalogs, request.headers['accept-language']);
      reply.header('Link', catalog ? `${pageData}, ${catalog}` : pageData);
    }
    return reply.sendFile(publicAssetHtml, root);
  };
  app.get('/', { schema: { hide: true } }, fallback);
  app.get('/*', { schema: { hide: true } }, fallback);
}

export default fp(staticSpa, { name: 'mqr-static-spa', fastify: '5.x' });
