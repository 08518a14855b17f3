import { Socket } from 'node:net';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the Redis-backed tests run: when Redis answers at TEST_REDIS_URL, and always in CI
 * (where `.ci/run` starts Redis, so an unreachable one is a failure rather than a skip).
 */
export async function shouldRunRedisTests(): Promise<boolean> {
  if (process.env.CI === 'true' || process.env.CI === '1') return true;
  const reachable = await isReachable(TEST_REDIS_URL, 6379);
  if (!reachable) console.warn(`Redis tests skipped: no Redis at ${TEST_REDIS_URL} (set TEST_REDIS_URL).`);
  return reachable;
}

/** Whether something accepts connections at the URL's host and port (within half a second). */
export function isReachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || defaultPort), hostname, () => done(true));
  });
}
