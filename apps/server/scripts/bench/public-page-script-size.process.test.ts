import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  measureScripts,
  PUBLIC_PAGE_SCRIPT_BUDGET_KB,
  readFromDist,
  type ScriptSize,
} from './script-size.ts';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const VITE = path.join(REPO, 'node_modules', 'vite', 'bin', 'vite.js');
const WEB = path.join(REPO, 'apps', 'web');

/** Builds the web app as `npm run build` does, into `outDir`. */
function buildWeb(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: WEB,
        // Vitest runs with NODE_ENV=test, which would build React's development bundles.
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}:\n${stderr}`)),
    );
  });
}

// The issue "a million assets": the page every QR scan opens loads at most 120 KB of JavaScript (gzip),
// and not the app's router or schemas (ADR 032).
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

  it(`loads at most ${PUBLIC_PAGE_SCRIPT_BUDGET_KB} KB of JavaScript, gzip`, () => {
    const files = size.files.map((file) => `${(file.gzipBytes / 1024).toFixed(1)} KB ${file.url}`).join('\n');
    expect(size.gzipKb, files).toBeLessThanOrEqual(PUBLIC_PAGE_SCRIPT_BUDGET_KB);
  });

  it('loads far less than the app does', async () => {
    const app = await measureScripts('/index.html', readFromDist(outDir));
    expect(size.gzipKb).toBeLessThan(app.gzipKb * 0.7);
  });
});
