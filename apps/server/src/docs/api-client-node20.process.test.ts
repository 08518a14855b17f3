import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpSession } from '#server/test/http-session.ts';
import type { ScriptRun } from '#server/test/run-script.ts';
import { killServerProcesses, startServerProcess } from '#server/test/server-process.ts';

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));
const ADMIN = { email: 'admin@example.com', password: 'api-client-admin-password' };

/** The PATH a shell has: without the node_modules/.bin folders npm puts first for its scripts. */
const shellPath = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((dir) => dir && !dir.includes(`node_modules${path.sep}.bin`));

/** The machine's Node.js 20 with the npm beside it (the README's minimum), if there is one. */
async function findNode20(): Promise<{ bin: string } | undefined> {
  for (const dir of new Set([...shellPath, '/usr/bin', '/usr/local/bin'])) {
    const node = path.join(dir, 'node');
    if (!existsSync(node) || !existsSync(path.join(dir, 'npm'))) continue;
    const { stdout } = await promisify(execFile)(node, ['--version']).catch(() => ({ stdout: '' }));
    if (stdout.startsWith('v20.')) return { bin: dir };
  }
  return undefined;
}

/** Runs `npm …` in the repository as a user's shell does, with Node.js 20 first on the PATH. */
function npm(bin: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(path.join(bin, 'npm'), args, {
      cwd: REPOSITORY,
      env: { PATH: [bin, ...shellPath].join(path.delimiter), HOME: os.homedir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const node20 = await findNode20();

describe('the typed API client’s documented command (docs/product/api-tokens.md#typed-client)', () => {
  afterAll(() => killServerProcesses());

  it.runIf(node20)(
    'records an event when run with the npm of Node.js 20, as the README promises',
    {
      timeout: 120_000,
    },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-api-client-'));
      const server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: ADMIN.password });
      try {
        const browser = new HttpSession();
        await browser.signIn(server.url, ADMIN.email, ADMIN.password);
        const asset = await browser.expect(201, server.url, 'POST', '/api/assets', {
          body: { name: 'Compressor 7' },
        });
        const token = await browser.expect(201, server.url, 'POST', '/api/api-tokens', {
          body: { name: 'Example script', scope: 'write', expiresInDays: 1 },
        });

        const run = await npm(node20!.bin, ['run', 'api:example', '--', 'Compressor 7', 'Filter replaced'], {
          MQR_URL: server.url,
          MQR_TOKEN: token.secret,
        });
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        const eventId = /Recorded event (\S+)\./.exec(run.stdout)?.[1];
        const page = await browser.expect(200, server.url, 'GET', `/api/assets/${asset.id}/events`);
        expect(page.events.map((e: { id: string; title: string }) => [e.id, e.title])).toEqual([
          [eventId, 'Filter replaced'],
        ]);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
  if (!node20) {
    it.skip('records an event when run with the npm of Node.js 20 (no Node.js 20 with npm on the PATH, /usr/bin or /usr/local/bin)', () => {});
  }
});
