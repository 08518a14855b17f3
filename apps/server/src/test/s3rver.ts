import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Config } from '../config.ts';

/** s3rver 3.7 ships no types: the part of its API used here. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface TestS3 {
  /** The app's S3 settings for it (path-style, s3rver's fixed keys). */
  s3: S3Config;
  /**
   * S3 goes away (an outage): nothing listens on its port; what it stores is kept. In the test's own
   * process (startTestS3) only once the requests under way are answered: with requests arriving all
   * the time, use startS3Process, whose process is killed.
   */
  stop(): Promise<void>;
  /** S3 comes back on the same port with what it stored. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The app's S3 settings for an s3rver on `port` (path-style, s3rver's fixed keys). */
function s3rverConfig(port: number, bucket: string): S3Config {
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}

/** The environment variables of a server process that stores its files there. */
export function s3Environment(s3: S3Config): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: s3.endpoint!,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey!,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** A real S3 endpoint inside the test (s3rver on 127.0.0.1, a folder of its own) with one bucket. */
export async function startTestS3(bucket = 'test-bucket'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'mqr-s3rver-'));
  const serve = async (port: number) => {
    const server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    return { server, address: await server.run() };
  };
  let { server, address } = await serve(0);
  const { port } = address;
  let running = true;
  return {
    s3: s3rverConfig(port, bucket),
    stop: async () => {
      if (!running) return;
      running = false;
      await server.close();
    },
    restart: async () => {
      if (running) return;
      ({ server } = await serve(port));
      running = true;
    },
    close: async () => {
      if (running) await server.close();
      running = false;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const S3RVER_MAIN = fileURLToPath(new URL('./s3rver-main.ts', import.meta.url));

/**
 * A real S3 endpoint as startTestS3's, in a process of its own: `stop` kills it (SIGKILL: the
 * connections under way are cut, as when S3 goes down), `restart` starts it again on the same port
 * with what it stored (the outages of ADR 140).
 */
export async function startS3Process(bucket = 'test-bucket'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'mqr-s3rver-'));
  const serve = async (port: number) => {
    const child = fork(S3RVER_MAIN, [String(port), directory, bucket], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const bound = await new Promise<number>((resolve, reject) => {
      child.once('message', (message: { port: number }) => resolve(message.port));
      child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
    });
    return { child, port: bound };
  };
  let { child, port } = await serve(0);
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  return {
    s3: s3rverConfig(port, bucket),
    stop,
    restart: async () => {
      if (running) return;
      ({ child, port } = await serve(port));
      running = true;
    },
    close: async () => {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
