import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const VITE = path.join(REPO, 'node_modules', 'vite', 'bin', 'vite.js');
const WEB = path.join(REPO, 'apps', 'web');

/** Builds the web app as `npm run build` does, into `outDir` (the process tests' own build). */
export function buildWeb(outDir: string): Promise<void> {
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
