import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlScripts, lazyImports, measureScripts, readFromDist, staticImports } from './script-size.ts';

// Chunks as Vite writes them (minified): static imports first, lazy ones as import() calls, the
// language catalogs among them (apps/web/vite.config.ts names them).
const ENTRY =
  'import{a as e}from"./shared-1.js";import"./side-2.js";export{b}from"./reexport-3.js";' +
  'const t=()=>import("./lazy-4.js");const m="import { x } from \\"react-router/dom\\"";e(t,m);' +
  'const c={en:()=>import(`./catalog-public.en.Ab_1-x2Z.js`),de:()=>import("./catalog-public.de.Cd3.js"),' +
  "'pseudo-ar':()=>import('./catalog-public.pseudo-ar.Ef4.js')};";

/** A catalog's text with `count` different messages: its gzip size grows with them. */
function catalog(count: number): string {
  const messages = Array.from({ length: count }, (_, i) => [`m${i}`, [`${(i * 7919).toString(36)} ${i}`]]);
  return `var e=JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries(messages)))});export{e as messages};`;
}
const SHARED = 'import{c}from"./side-2.js";export const a=c;';
const HTML = `<!doctype html><html><head>
<script src="/theme-init.js"></script>
<script type="module" crossorigin src="/assets/entry.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared-1.js">
<link rel="stylesheet" crossorigin href="/assets/entry.css">
<script src="https://cdn.example.com/analytics.js"></script>
</head><body></body></html>`;

describe('the scripts a page loads', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'mqr-script-size-'));
    await mkdir(path.join(dist, 'assets'));
    const files: Record<string, string> = {
      'page.html': HTML,
      'theme-init.js': 'document.documentElement.dataset.theme="light";',
      'assets/entry.js': ENTRY,
      'assets/shared-1.js': SHARED,
      'assets/side-2.js': 'export const c=1;',
      'assets/reexport-3.js': 'export const b=2;',
      'assets/lazy-4.js': catalog(5000),
      'assets/catalog-public.en.Ab_1-x2Z.js': catalog(100),
      'assets/catalog-public.de.Cd3.js': `import{c}from"./side-2.js";${catalog(300)}`,
      // A pseudo-locale's, heavier still: for tests, never a visitor's language.
      'assets/catalog-public.pseudo-ar.Ef4.js': catalog(2000),
      'assets/entry.css': 'body{margin:0}',
    };
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dist, name), text);
  });
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it('reads the scripts and modulepreloads of the page, not its styles or other hosts', () => {
    expect(htmlScripts(HTML)).toEqual(['/theme-init.js', '/assets/entry.js', '/assets/shared-1.js']);
  });

  it('follows static imports and re-exports only: not import(), not text that looks like one', () => {
    expect(staticImports(ENTRY)).toEqual(['./shared-1.js', './side-2.js', './reexport-3.js']);
  });

  it('reads import() calls with quotes or backticks as lazy imports', () => {
    expect(lazyImports(ENTRY)).toEqual([
      './lazy-4.js',
      './catalog-public.en.Ab_1-x2Z.js',
      './catalog-public.de.Cd3.js',
      './catalog-public.pseudo-ar.Ef4.js',
    ]);
  });

  it('counts every file the page waits for once, at its gzip size', async () => {
    const size = await measureScripts('/page.html', readFromDist(dist));
    expect(size.files.map((file) => file.url)).toEqual([
      '/theme-init.js',
      '/assets/entry.js',
      '/assets/shared-1.js',
      '/assets/side-2.js',
      '/assets/reexport-3.js',
    ]);
    const entry = size.files[1]!;
    expect(entry.bytes).toBe(Buffer.byteLength(ENTRY));
    expect(entry.gzipBytes).toBe(gzipSync(ENTRY, { level: 9 }).length);
    const total = size.files.reduce((sum, file) => sum + file.gzipBytes, 0);
    expect(size.staticGzipKb).toBe(Math.round((total / 1024) * 10) / 10);
  });

  it('adds the heaviest catalog of a language the page imports, and no other lazy chunk', async () => {
    const size = await measureScripts('/page.html', readFromDist(dist));
    const gzip = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    expect(size.catalogs.map(({ catalog, locale, url }) => ({ catalog, locale, url }))).toEqual([
      { catalog: 'public', locale: 'en', url: '/assets/catalog-public.en.Ab_1-x2Z.js' },
      { catalog: 'public', locale: 'de', url: '/assets/catalog-public.de.Cd3.js' },
      { catalog: 'public', locale: 'pseudo-ar', url: '/assets/catalog-public.pseudo-ar.Ef4.js' },
    ]);
    // German's is the heaviest language's (side-2.js, which it imports, is the page's already).
    expect(size.catalogs[1]!.gzipBytes).toBe(gzip('assets/catalog-public.de.Cd3.js'));
    expect(size.catalogs[1]!.gzipBytes).toBeGreaterThan(size.catalogs[0]!.gzipBytes);
    expect(size.heaviestLanguage).toBe('de');
    const page = size.files.reduce((sum, file) => sum + file.gzipBytes, 0);
    expect(size.gzipKb).toBe(Math.round(((page + gzip('assets/catalog-public.de.Cd3.js')) / 1024) * 10) / 10);
    // Neither the pseudo-locale's heavier catalog nor the other lazy chunk, heavier still.
    expect(gzip('assets/catalog-public.pseudo-ar.Ef4.js')).toBeGreaterThan(size.catalogs[1]!.gzipBytes);
    expect(size.gzipKb).toBeLessThan(
      size.staticGzipKb + gzip('assets/catalog-public.pseudo-ar.Ef4.js') / 1024,
    );
  });

  it('counts what a catalog imports beyond the page’s scripts, and answers no language for a page without catalogs', async () => {
    await writeFile(path.join(dist, 'assets/extra-5.js'), catalog(400));
    await writeFile(
      path.join(dist, 'assets/catalog-messages.fr.Gh5.js'),
      `import"./extra-5.js";${catalog(10)}`,
    );
    await writeFile(path.join(dist, 'other.html'), '<script type="module" src="/assets/other.js"></script>');
    await writeFile(
      path.join(dist, 'assets/other.js'),
      'const f=()=>import("./catalog-messages.fr.Gh5.js");',
    );
    const size = await measureScripts('/other.html', readFromDist(dist));
    expect(size.catalogs[0]!.gzipBytes).toBe(
      gzipSync(readFileSync(path.join(dist, 'assets/catalog-messages.fr.Gh5.js')), { level: 9 }).length +
        gzipSync(readFileSync(path.join(dist, 'assets/extra-5.js')), { level: 9 }).length,
    );
    expect(size.heaviestLanguage).toBe('fr');

    await writeFile(path.join(dist, 'assets/other.js'), 'const f=()=>import("./lazy-4.js");');
    const bare = await measureScripts('/other.html', readFromDist(dist));
    expect(bare).toMatchObject({ catalogs: [], heaviestLanguage: null, gzipKb: bare.staticGzipKb });
  });

  it('fails on a page or a script that is missing, and never reads outside the folder', async () => {
    await expect(measureScripts('/nothing.html', readFromDist(dist))).rejects.toThrow(
      'No page at /nothing.html',
    );
    await writeFile(path.join(dist, 'broken.html'), '<script type="module" src="/assets/gone.js"></script>');
    await expect(measureScripts('/broken.html', readFromDist(dist))).rejects.toThrow(
      '/broken.html loads /assets/gone.js, which is missing.',
    );
    expect(await readFromDist(path.join(dist, 'assets'))('/../page.html')).toBeNull();
  });
});
