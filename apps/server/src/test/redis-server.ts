import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { isReachable } from './redis.ts';
import { freePort } from './server-process.ts';

/**
 * A redis-server of a test's own on a free loopback port (the resilience tests, ADR 139), never the
 * machine's 6379: it can be stopped (killed, as a crashed or unreachable Redis) and started again on
 * the same port, empty (no persistence), as a Redis restarted without its data.
 */
export interface TestRedis {
  /** redis://127.0.0.1:{port} */
  url: string;
  port: number;
  /** Redis goes away: killed, nothing listens on its port. */
  stop(): Promise<void>;
  /** Redis comes back on the same port (empty); nothing happens while it runs. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Why redis-server cannot be started here, or undefined when it can. */
export function testRedisMissing(): string | undefined {
  const found = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return found.status === 0 ? undefined : 'redis-server is not installed (apt-get install redis-server)';
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await isReachable(url, port))) {
      if (started.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  const restart = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    await start();
  };
  await start();
  return { url, port, stop, restart, close: stop };
}
