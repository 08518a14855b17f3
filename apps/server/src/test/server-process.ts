import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The server as `npm start` runs it (ADR 070). */
export const SERVER_SCRIPT = fileURLToPath(new URL('../../main.js', import.meta.url));
const STARTED = 'Maintenance QR is running at';

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A `node apps/server/main.js` started by a test, with its output kept. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:{port} */
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Every server started, so a test's afterAll can kill what a failed test left running. */
const children = new Set<ChildProcess>();

export interface ServerProcessOptions {
  /** The port to listen on (a free one by default). */
  port?: number;
  /**
   * With `npm start`'s process settings (glibc's malloc settings, NODE_OPTIONS and the V8 flags of
   * ADR 100, 112), as production runs it: the tests that judge its memory.
   */
  asStarted?: { env: Record<string, string>; nodeFlags: string[] };
}

/**
 * Starts the real server with `env` (and PATH), on `port` (a free one by default) at 127.0.0.1, and
 * waits until it says it is running; throws with its output when it exits or takes over a minute.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [...(options.asStarted?.nodeFlags ?? []), SERVER_SCRIPT], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.asStarted?.env,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!out.includes(STARTED)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Kills (SIGKILL) every server a test started that is still running. */
export function killServerProcesses(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
}
