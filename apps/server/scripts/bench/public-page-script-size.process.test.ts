import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '@mqr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from './build-web.ts';
import {
  measureScripts,
  PUBLIC_PAGE_SCRIPT_BUDGET_KB,
  readFromDist,
  type ScriptSize,
} from './script-size.ts';

// The issue "a million assets": the page every QR scan opens loads at most 120 KB of JavaScript (gzip),
// its language's catalog counted (ADR 120), and not the app's router, schemas or catalogs (ADR 032).
describe('the public asset page of a fresh build', () => {
  let outDir: string;
  let size: ScriptSize;
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-web-build-'));
    await buildWeb(outDir);
    size = await measureScripts('/public-asset.html', readFromDist(outDir));
  }, 240_000);
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('downloads its own catalog, one per language, never the app’s', () => {
    expect(size.catalogs.map(({ catalog, locale }) => `${catalog}.${locale}`).sort()).toEqual(
      [...LANGUAGES, 'pseudo', 'pseudo-ar'].map((locale) => `public.${locale}`).sort(),
    );
  });

  it(`loads at most ${PUBLIC_PAGE_SCRIPT_BUDGET_KB} KB of JavaScript, gzip, with its heaviest language's catalog`, () => {
    const files = [...size.files, ...size.catalogs]
      .map((file) => `${(file.gzipBytes / 1024).toFixed(1)} KB ${file.url}`)
      .join('\n');
    expect(size.heaviestLanguage, files).not.toBeNull();
    expect(size.gzipKb, files).toBeGreaterThan(size.staticGzipKb);
    expect(size.gzipKb, files).toBeLessThanOrEqual(PUBLIC_PAGE_SCRIPT_BUDGET_KB);
  });

  it('loads far less than the app does', async () => {
    const app = await measureScripts('/index.html', readFromDist(outDir));
    expect(size.gzipKb).toBeLessThan(app.gzipKb * 0.7);
  });
});
