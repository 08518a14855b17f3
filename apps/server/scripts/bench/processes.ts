// Child processes the benchmark measures: the real server, started as users start it, and the bare reference.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startEnvironment, startNodeFlags } from '#server/test/start-command.ts';

export interface RunningProcess {
  url: string;
  pid: number;
  /** Resident memory in MB (Linux /proc), or null where it cannot be read. */
  residentMb(): Promise<number | null>;
  stop(): Promise<void>;
}

const SERVER_ENTRY = fileURLToPath(new URL('../../main.js', import.meta.url));

// `npm start`'s process settings: the resilience tests start their servers with them too.
export { startEnvironment, startNodeFlags };

const BARE_ENTRY = fileURLToPath(new URL('./bare-reference.ts', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function residentMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The process exited with ${child.exitCode} before answering.`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Nothing answered at ${url} within ${timeoutMs / 1000} s.`);
}

async function start(
  entry: string,
  env: Record<string, string>,
  readyPath: string,
  nodeFlags: string[] = [],
): Promise<RunningProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}${readyPath}`, child, 120_000);
  return {
    url,
    pid: child.pid!,
    residentMb: () => residentMb(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The app as `npm start` runs it (without building the web app), on the given database settings.
 * All the load comes from one address here, so the public pages' per-address limit is lifted.
 */
export function startServer(env: Record<string, string>): Promise<RunningProcess> {
  return start(
    SERVER_ENTRY,
    { ...startEnvironment(), LOG_LEVEL: 'warn', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000', ...env },
    '/readyz',
    // BENCH_SERVER_NODE_FLAGS adds node flags to the server's (e.g. --cpu-prof to profile a row).
    [...startNodeFlags(), ...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean)],
  );
}

/** A plain node:http + pg server answering the asset detail's SQL (see bare-reference.ts). */
export function startBareReference(env: Record<string, string>): Promise<RunningProcess> {
  return start(BARE_ENTRY, env, '/ready');
}
