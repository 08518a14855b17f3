import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlScripts, measureScripts, readFromDist, staticImports } from './script-size.ts';

// Chunks as Vite writes them (minified): static imports first, lazy ones as import() calls.
const ENTRY =
  'import{a as e}from"./shared-1.js";import"./side-2.js";export{b}from"./reexport-3.js";' +
  'const t=()=>import("./lazy-4.js");const m="import { x } from \\"react-router/dom\\"";e(t,m);';
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
      'assets/lazy-4.js': 'x'.repeat(50_000),
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
    expect(size.gzipKb).toBe(Math.round((total / 1024) * 10) / 10);
    expect(size.gzipKb).toBeLessThan(1); // the 50 KB lazy chunk is not counted
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
