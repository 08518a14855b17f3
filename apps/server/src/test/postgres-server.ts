import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PG_BIN } from './failover-cluster.ts';
import { freePort } from './server-process.ts';

/**
 * A PostgreSQL server of a test's own (the resilience tests, ADR 139/140): `initdb` in a temporary
 * folder and `postgres` on a free loopback port, nothing of the machine's own server. Durability is
 * traded for speed (fsync off): the database lives as long as the test. Under root it runs as the
 * `postgres` user (PostgreSQL refuses root), as the failover cluster does.
 */
export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:{port}/postgres */
  url: string;
  port: number;
  /** What it printed, for a failed test's message. */
  output(): string;
  stop(): Promise<void>;
}

/** Why the server cannot be started here, or undefined when it can. */
export function testPostgresMissing(): string | undefined {
  for (const program of ['initdb', 'postgres']) {
    if (!existsSync(path.join(PG_BIN, program))) return `no ${program} in ${PG_BIN} (set PG_AUTOCTL_PG_BIN)`;
  }
  return undefined;
}

export async function startTestPostgres(settings: Record<string, string> = {}): Promise<TestPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mqr-postgres-'));
  if (asRoot) chownSync(dir, ...postgresUser());
  const pgdata = path.join(dir, 'data');
  const command = (program: string, args: string[]): [string, string[]] => {
    const line = [path.join(PG_BIN, program), ...args];
    return asRoot ? ['runuser', ['-u', 'postgres', '--', ...line]] : [line[0]!, line.slice(1)];
  };
  const [init, initArgs] = command('initdb', ['-D', pgdata, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const made = spawnSync(init, initArgs, { encoding: 'utf8' });
  if (made.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${made.stdout}${made.stderr}`);
  }
  const port = await freePort();
  const options = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '200',
    ...settings,
  };
  const [run, runArgs] = command('postgres', [
    '-D',
    pgdata,
    '-p',
    String(port),
    ...Object.entries(options).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]);
  const child: ChildProcess = spawn(run, runArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error(`PostgreSQL did not start:\n${out}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { url, port, output: () => out, stop };
}

/** The uid and gid of the `postgres` user, which owns the server's files when the tests run as root. */
function postgresUser(): [number, number] {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return [id('-u'), id('-g')];
}
