import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverEnvironment } from './environment.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A server a spec started itself, on its own empty database. */
export interface ServerProcess {
  baseURL: string;
  /** Stops it (SIGTERM, as a process manager would) and removes its data. */
  stop(): Promise<void>;
}

/**
 * Starts the built server (`npm run build` first, as `npm run test:e2e` does) on `port` with the
 * end-to-end environment plus `env`, in a data directory of its own, and waits until it is ready.
 * For a spec that needs a setting the shared server does not have (a mail server, for one).
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  { timeoutMs = 120_000 } = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mqr-e2e-second-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, ...serverEnvironment(port, dataDir), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await isReady(baseURL))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(
        `The second server on port ${port} did not start (exit code ${child.exitCode}):\n${stderr}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseURL, stop };
}

async function isReady(baseURL: string): Promise<boolean> {
  try {
    return (await fetch(`${baseURL}/readyz`)).ok;
  } catch {
    return false;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
