import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresUser } from './failover-cluster.ts';
import { freePort } from './server-process.ts';

/**
 * A PostgreSQL primary and its streaming replica on loopback ports, for tests and the bench (ADR 141):
 * the primary made with `initdb` and started with `pg_ctl`, the replica copied from it with
 * `pg_basebackup -R` (a hot standby following the primary), both in a temporary folder, from the
 * PostgreSQL binaries of Debian's postgresql-15 (PG_BIN). PostgreSQL refuses to run as root, so under
 * root each program runs as the `postgres` user (runuser). Nothing of the machine's own server is used.
 */

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const PROGRAMS = ['initdb', 'pg_ctl', 'pg_basebackup'];

/** Why the pair cannot be started here, or undefined when it can. */
export function replicaPairMissing(): string | undefined {
  const missing = PROGRAMS.filter((program) => !existsSync(path.join(PG_BIN, program)));
  return missing.length > 0 ? `no ${missing.join(', ')} in ${PG_BIN} (set PG_BIN)` : undefined;
}

export interface PairNode {
  name: 'primary' | 'replica';
  port: number;
  pgdata: string;
}

/**
 * The servers' settings: loopback only, sockets in the pair's folder, no fsync (a test's data), and on
 * the replica hot_standby_feedback, so that the primary's vacuum does not cancel a long read on it.
 */
function serverOptions(node: PairNode, socketDir: string): string {
  const settings = [
    `-p ${node.port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${socketDir}'`,
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    '-c hot_standby_feedback=on',
  ];
  return settings.join(' ');
}

export class ReplicaPair {
  readonly dir: string;
  readonly primary: PairNode;
  readonly replica: PairNode;
  private readonly asRoot = process.getuid?.() === 0;
  private readonly log: string[] = [];

  private constructor(dir: string, primaryPort: number, replicaPort: number) {
    this.dir = dir;
    this.primary = { name: 'primary', port: primaryPort, pgdata: path.join(dir, 'primary') };
    this.replica = { name: 'replica', port: replicaPort, pgdata: path.join(dir, 'replica') };
  }

  /** Makes the primary, starts it, copies the replica from it and starts that; resolves when it streams. */
  static async start(): Promise<ReplicaPair> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mqr-replica-'));
    if (process.getuid?.() === 0) chownSync(dir, ...postgresUser());
    const pair = new ReplicaPair(dir, await freePort(), await freePort());
    try {
      await pair.run('initdb', ['-D', pair.primary.pgdata, '-U', 'postgres', '--auth=trust', '--no-sync']);
      await pair.startNode(pair.primary);
      await pair.run('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(pair.primary.port),
        '-U',
        'postgres',
        '-D',
        pair.replica.pgdata,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '--no-sync',
      ]);
      await pair.startNode(pair.replica);
      await pair.waitFor('the replica streams from the primary', async () => {
        const { rows } = await pair.query(
          pair.primary,
          'postgres',
          'select count(*)::int as n from pg_stat_replication',
        );
        return rows[0]?.n === 1;
      });
    } catch (error) {
      await pair.stop();
      throw error;
    }
    return pair;
  }

  /** The connection string of `database` on `node`, as `user`. */
  url(node: PairNode, database: string, user = 'postgres'): string {
    return `postgres://${user}@127.0.0.1:${node.port}/${database}`;
  }

  /** What the programs printed and the servers logged, for a failed test's message. */
  output(): string {
    return this.log.join('').slice(-20_000);
  }

  /** One statement on `node` as the superuser, on a connection of its own. */
  async query<R extends pg.QueryResultRow>(
    node: PairNode,
    database: string,
    text: string,
    values?: unknown[],
  ) {
    const client = new pg.Client({
      connectionString: this.url(node, database),
      connectionTimeoutMillis: 2000,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      return await client.query<R>(text, values);
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** Stops the replica: `immediate` is the machine going away (no clean shutdown). */
  async stopReplica(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    await this.run('pg_ctl', ['stop', '-D', this.replica.pgdata, '-m', mode, '-w']);
  }

  async startReplica(): Promise<void> {
    await this.startNode(this.replica);
  }

  /** The replica stops applying the primary's changes (it still receives them): it falls behind. */
  async pauseReplay(): Promise<void> {
    await this.query(this.replica, 'postgres', 'select pg_wal_replay_pause()');
    await this.waitFor('replay paused', async () => {
      const { rows } = await this.query<{ state: string }>(
        this.replica,
        'postgres',
        'select pg_get_wal_replay_pause_state() as state',
      );
      return rows[0]?.state === 'paused';
    });
  }

  async resumeReplay(): Promise<void> {
    await this.query(this.replica, 'postgres', 'select pg_wal_replay_resume()');
  }

  /** Resolves once the replica has replayed everything the primary had written when this was called. */
  async caughtUp(): Promise<void> {
    const { rows } = await this.query<{ lsn: string }>(
      this.primary,
      'postgres',
      'select pg_current_wal_insert_lsn()::text as lsn',
    );
    const target = rows[0]!.lsn;
    await this.waitFor(`the replica replays up to ${target}`, async () => {
      const answer = await this.query<{ done: boolean }>(
        this.replica,
        'postgres',
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
        [target],
      );
      return answer.rows[0]?.done === true;
    });
  }

  /** Polls `check` every 200 ms until true; throws with the servers' output after `timeoutMs`. */
  async waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
    const started = Date.now();
    for (;;) {
      try {
        if (await check()) return;
      } catch {
        // Not up yet: asked again.
      }
      if (Date.now() - started > timeoutMs)
        throw new Error(`${what}: not within ${timeoutMs} ms\n${this.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Stops both servers at once and removes the folder; safe whatever state they are in. */
  async stop(): Promise<void> {
    for (const node of [this.replica, this.primary]) {
      if (!existsSync(path.join(node.pgdata, 'postmaster.pid'))) continue;
      await this.run('pg_ctl', ['stop', '-D', node.pgdata, '-m', 'immediate', '-w']).catch(() => {});
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async startNode(node: PairNode): Promise<void> {
    await this.run('pg_ctl', [
      'start',
      '-D',
      node.pgdata,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(this.dir, `${node.name}.log`),
      '-o',
      serverOptions(node, this.dir),
    ]);
  }

  /** Runs a PostgreSQL program to its end (as postgres under root); throws with its output when it fails. */
  private async run(program: string, args: string[]): Promise<void> {
    const line = [path.join(PG_BIN, program), ...args];
    const [command, argv] = this.asRoot
      ? ['runuser', ['-u', 'postgres', '--', ...line]]
      : [line[0]!, line.slice(1)];
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: this.dir });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    this.log.push(`$ ${program} ${args.join(' ')}\n${out}`);
    if (code !== 0)
      throw new Error(`${program} ${args.join(' ')} failed (${code}):\n${out}\n${this.serverLogs()}`);
  }

  private serverLogs(): string {
    const logs = ['primary', 'replica'].map((name) => path.join(this.dir, `${name}.log`)).filter(existsSync);
    return logs.map((file) => spawnSync('tail', ['-n', '30', file], { encoding: 'utf8' }).stdout).join('\n');
  }
}
