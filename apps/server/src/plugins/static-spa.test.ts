import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { NOT_BUILT_MESSAGE } from './static-spa.ts';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-abc123.js"></script></body></html>';
const PUBLIC_ASSET =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/public-asset-def456.js"></script></body></html>';

describe('static SPA', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'mqr-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'public-asset.html'), PUBLIC_ASSET);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The build's compressed twin of a bundle.
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    // The public page's catalogs as the build names them (ADR 120).
    await writeFile(path.join(dist, 'assets', 'catalog-public.en.Ab1_c-2.js'), 'export const messages = {}');
    await writeFile(path.join(dist, 'assets', 'catalog-public.fr.Zz9.js'), 'export const messages = {}');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the compressed twin of a bundle to a browser that accepts it, the plain file otherwise', async () => {
    const compressed = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves other files without a long cache', async () => {
    const res = await t.app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers index.html (not cached) for the root and any client-side route', async () => {
    for (const url of ['/', '/assets', '/login', '/assets/123/edit?tab=events', '/scan', '/about/a/b']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });

  it('answers the public asset page its lean public-asset.html (not cached), with its query', async () => {
    for (const url of ['/a/org/slug', '/a/org/slug?utm_source=label', '/a/org/slug/', '/a/x']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toBe(PUBLIC_ASSET);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
    // A location's public page too.
    const room = await t.app.inject('/l/org/boiler-room?utm_source=label');
    expect(room.body).toBe(PUBLIC_ASSET);
    expect(room.headers.link).toBe(
      '</public/orgs/org/locations/boiler-room>; rel=preload; as=fetch; crossorigin, ' +
        '</assets/catalog-public.en.Ab1_c-2.js>; rel=modulepreload',
    );
    // A reporter's status page too, its report preloaded.
    const status = await t.app.inject('/r/Zm9v-YmFy_9');
    expect(status.body).toBe(PUBLIC_ASSET);
    expect(status.headers.link).toBe(
      '</public/requests/Zm9v-YmFy_9>; rel=preload; as=fetch; crossorigin, ' +
        '</assets/catalog-public.en.Ab1_c-2.js>; rel=modulepreload',
    );
    // Nothing preloaded for what the page does not read as a token.
    expect((await t.app.inject('/r/a%2Fb')).headers.link).toBeUndefined();
    // Not a public page: the app.
    for (const url of ['/a', '/l', '/r', '/requests', '/locations/x', '/assets/a/b', '/about']) {
      expect((await t.app.inject(url)).body, url).toBe(INDEX);
    }
  });

  it('has the browser preload the asset and its QR code while the page script downloads', async () => {
    const res = await t.app.inject('/a/0a1b-org/boiler-2?utm_source=label');
    expect(res.headers.link).toBe(
      '</public/orgs/0a1b-org/assets/boiler-2>; rel=preload; as=fetch; crossorigin, ' +
        '</public/orgs/0a1b-org/assets/boiler-2/qr.png>; rel=preload; as=image, ' +
        '</assets/catalog-public.en.Ab1_c-2.js>; rel=modulepreload',
    );
    // Encoded as the page encodes what it reads; nothing for what the page does not read as an asset.
    expect((await t.app.inject('/a/org/caf%C3%A9/')).headers.link).toContain(
      '</public/orgs/org/assets/caf%C3%A9>',
    );
    for (const url of ['/a/x', '/a/org/slug/more', '/a/org/%E0%A4%A', '/login']) {
      expect((await t.app.inject(url)).headers.link, url).toBeUndefined();
    }
  });

  it('has the browser download the catalog of the language the page will pick beside its script', async () => {
    const french = await t.app.inject({
      url: '/l/org/room-5',
      headers: { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.8' },
    });
    expect(french.headers.link).toContain('</assets/catalog-public.fr.Zz9.js>; rel=modulepreload');
    expect(french.headers.link).not.toContain('catalog-public.en');
    // A language we speak whose catalog this build lacks: no catalog preloaded, the page's data still is.
    const german = await t.app.inject({ url: '/a/org/slug', headers: { 'accept-language': 'de' } });
    expect(german.headers.link).not.toContain('catalog-public');
    expect(german.headers.link).toContain('</public/orgs/org/assets/slug>');
    // One we do not speak: English, as the page falls back.
    const other = await t.app.inject({ url: '/a/org/slug', headers: { 'accept-language': 'ja, zz;q=0.5' } });
    expect(other.headers.link).toContain('catalog-public.en.Ab1_c-2.js');
  });

  it('answers index.html for the public asset page of a build without the lean entry', async () => {
    const oldDist = await mkdtemp(path.join(os.tmpdir(), 'mqr-dist-'));
    await writeFile(path.join(oldDist, 'index.html'), INDEX);
    const old = await buildTestApp({ webDistDir: oldDist });
    try {
      const res = await old.app.inject('/a/org/slug');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers.link).toBeUndefined();
    } finally {
      await old.close();
      await rm(oldDist, { recursive: true, force: true });
    }
  });

  it('never answers index.html for API paths or missing files', async () => {
    for (const url of ['/api/unknown', '/api', '/public/nothing', '/assets/missing-123.js', '/robots.txt']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
    }
  });

  it('answers a hint to build when the web app is not built', async () => {
    const unbuilt = await buildTestApp();
    try {
      const res = await unbuilt.app.inject('/login');
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(NOT_BUILT_MESSAGE);
      expect(res.body).toMatch(/npm run build/);
      expect((await unbuilt.app.inject('/api/unknown')).json().code).toBe('NOT_FOUND');
    } finally {
      await unbuilt.close();
    }
  });
});
