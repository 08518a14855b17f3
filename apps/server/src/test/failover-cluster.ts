import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL cluster that fails over, for tests (ADR 132): a pg_auto_failover monitor and two data
 * nodes (a primary and a synchronous standby, replication quorum) on loopback ports, in a temporary
 * folder, run by `pg_autoctl` from Debian's postgresql-15-auto-failover. PostgreSQL refuses to run as
 * root, so under root each command runs as the `postgres` user (runuser). Each node runs in a process
 * group of its own: killing the group is the machine dying (its keeper with it, so nothing restarts it).
 */

/** Where pg_ctl and the other PostgreSQL programs of the version pg_auto_failover was built for are. */
export const PG_BIN = process.env.PG_AUTOCTL_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why the cluster cannot be started here, or undefined when it can. */
export function failoverClusterMissing(): string | undefined {
  if (spawnSync('pg_autoctl', ['version'], { stdio: 'ignore' }).status !== 0) {
    return 'pg_autoctl is not installed (apt-get install postgresql-15-auto-failover)';
  }
  if (!existsSync(path.join(PG_BIN, 'pg_ctl'))) return `no pg_ctl in ${PG_BIN} (set PG_AUTOCTL_PG_BIN)`;
  return undefined;
}

export interface ClusterNode {
  name: string;
  port: number;
  pgdata: string;
  /** The running `pg_autoctl run` (its process group), when running. */
  process?: ChildProcess;
}

type NodeState = { name: string; port: number; reported: string; goal: string };

/**
 * The monitor's settings, shorter than the defaults so that a dead primary is replaced in seconds: it
 * is declared unhealthy after 3 s without a report and a failed health check, and the standby promoted
 * 5 s after that. The nodes' network_partition_timeout (3 s) stays below primary_demote_timeout, as it
 * must: a primary cut off from the monitor and the standby demotes itself before the standby is promoted.
 */
const MONITOR_SETTINGS: Record<string, number> = {
  'pgautofailover.health_check_period': 1000,
  'pgautofailover.health_check_timeout': 1000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 3000,
  'pgautofailover.primary_demote_timeout': 5000,
};
const NETWORK_PARTITION_TIMEOUT_SECONDS = 3;

export class FailoverCluster {
  readonly dir: string;
  readonly monitor: ClusterNode;
  readonly nodes: [ClusterNode, ClusterNode];
  private readonly asRoot = process.getuid?.() === 0;
  private readonly log: string[] = [];

  /** `basePort`: the monitor's port; the nodes take the next two. */
  constructor(basePort: number) {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'mqr-failover-'));
    if (this.asRoot) chownSync(this.dir, ...postgresUser());
    const node = (name: string, port: number): ClusterNode => ({
      name,
      port,
      pgdata: path.join(this.dir, name),
    });
    this.monitor = node('monitor', basePort);
    this.nodes = [node('node1', basePort + 1), node('node2', basePort + 2)];
  }

  /** The connection string of `database` with both nodes, as the app is given it. */
  url(database: string, user = 'postgres'): string {
    const hosts = this.nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
    return `postgres://${user}@${hosts}/${database}?target_session_attrs=read-write`;
  }

  /** The connection string of one node. */
  nodeUrl(node: ClusterNode, database: string): string {
    return `postgres://postgres@127.0.0.1:${node.port}/${database}`;
  }

  /** What pg_autoctl printed, for a failed test's message. */
  output(): string {
    return this.log.join('').slice(-20_000);
  }

  /** Creates and starts the monitor, then the primary, then the standby; resolves when both are in sync. */
  async start(): Promise<void> {
    const common = ['--hostname', '127.0.0.1', '--listen', '127.0.0.1', '--auth', 'trust', '--no-ssl'];
    await this.autoctl([
      'create',
      'monitor',
      '--pgdata',
      this.monitor.pgdata,
      '--pgport',
      String(this.monitor.port),
      ...common,
    ]);
    this.monitor.process = this.run(this.monitor);
    await this.waitFor('the monitor answers', async () => {
      await this.monitorQuery('select 1');
      return true;
    });
    for (const [name, value] of Object.entries(MONITOR_SETTINGS)) {
      await this.monitorQuery(`alter system set ${name} = ${value}`);
    }
    await this.monitorQuery('select pg_reload_conf()');
    const monitorUri = `postgres://autoctl_node@127.0.0.1:${this.monitor.port}/pg_auto_failover?sslmode=disable`;
    for (const node of this.nodes) {
      // prettier-ignore
      await this.autoctl([
        'create',
        'postgres',
        '--pgdata',
        node.pgdata,
        '--pgport',
        String(node.port),
        '--name',
        node.name,
        '--monitor',
        monitorUri,
        ...common,
      ]);
      await this.autoctl([
        'config',
        'set',
        '--pgdata',
        node.pgdata,
        'timeout.network_partition_timeout',
        String(NETWORK_PARTITION_TIMEOUT_SECONDS),
      ]);
      node.process = this.run(node);
      const goal = node === this.nodes[0] ? 'single' : 'secondary';
      await this.waitFor(`${node.name} is ${goal}`, async () => (await this.state(node))?.reported === goal);
    }
    await this.waitFor('node1 is the primary with a synchronous standby', async () =>
      this.isSyncPrimary(this.nodes[0]),
    );
  }

  /** The nodes' states as the monitor has them. */
  async states(): Promise<NodeState[]> {
    const { rows } = await this.monitorQuery<NodeState>(
      'select nodename as name, nodeport as port, reportedstate::text as reported, goalstate::text as goal from pgautofailover.node order by nodeid',
    );
    return rows;
  }

  async state(node: ClusterNode): Promise<NodeState | undefined> {
    return (await this.states()).find((s) => s.name === node.name);
  }

  /** True when `node` is the primary and its standby is in sync (writes wait for it again). */
  async isSyncPrimary(node: ClusterNode): Promise<boolean> {
    const states = await this.states();
    const primary = states.find((s) => s.name === node.name);
    const other = states.find((s) => s.name !== node.name);
    return primary?.reported === 'primary' && primary.goal === 'primary' && other?.reported === 'secondary';
  }

  /** True when `node` takes writes: promoted and out of pg_auto_failover's read-only waits. */
  async isWritable(node: ClusterNode): Promise<boolean> {
    const client = new pg.Client({
      connectionString: this.nodeUrl(node, 'postgres'),
      connectionTimeoutMillis: 1000,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ writable: boolean }>(
        "select not pg_is_in_recovery() and current_setting('transaction_read_only') = 'off' as writable",
      );
      return rows[0]?.writable === true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** The machine of `node` dies: its keeper and PostgreSQL get SIGKILL at once. */
  kill(node: ClusterNode): void {
    const child = node.process;
    if (!child?.pid) throw new Error(`${node.name} is not running`);
    process.kill(-child.pid, 'SIGKILL');
    node.process = undefined;
  }

  /** Starts `node` again: its keeper rejoins it to the cluster (as a standby, rewound if it must be). */
  restart(node: ClusterNode): void {
    node.process = this.run(node);
  }

  /** Polls `check` every 200 ms until true; throws with the cluster's output after `timeoutMs`. */
  async waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<number> {
    const started = Date.now();
    for (;;) {
      try {
        if (await check()) return Date.now() - started;
      } catch {
        // Not up yet: polled again.
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(`${what}: not within ${timeoutMs} ms\n${this.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Kills every process of the cluster and removes its folder; safe to call whatever state it is in. */
  async stop(): Promise<void> {
    for (const node of [...this.nodes, this.monitor]) {
      const pid = node.process?.pid;
      if (pid === undefined) continue;
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
      node.process = undefined;
    }
    // PostgreSQL's children notice their postmaster's death within moments; then the files can go.
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async monitorQuery<R extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<R>> {
    const client = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${this.monitor.port}/pg_auto_failover`,
      connectionTimeoutMillis: 2000,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      return await client.query<R>(text);
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** The command line of `pg_autoctl args`, as the postgres user under root, with its own config folders. */
  private command(args: string[]): [string, string[]] {
    const env = [
      `PATH=${PG_BIN}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      `HOME=${this.dir}`,
      `XDG_CONFIG_HOME=${path.join(this.dir, 'config')}`,
      `XDG_DATA_HOME=${path.join(this.dir, 'data')}`,
      `PG_CONFIG=${path.join(PG_BIN, 'pg_config')}`,
    ];
    const line = ['env', ...env, 'pg_autoctl', ...args];
    return this.asRoot ? ['runuser', ['-u', 'postgres', '--', ...line]] : [line[0]!, line.slice(1)];
  }

  /** Runs a pg_autoctl command to its end; throws with its output when it fails. */
  private async autoctl(args: string[]): Promise<void> {
    const [command, argv] = this.command(args);
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    this.log.push(`$ pg_autoctl ${args.join(' ')}\n${out}`);
    if (code !== 0) throw new Error(`pg_autoctl ${args.join(' ')} failed (${code}):\n${out}`);
  }

  /** `pg_autoctl run` for `node` in a process group of its own. */
  private run(node: ClusterNode): ChildProcess {
    const [command, argv] = this.command(['run', '--pgdata', node.pgdata]);
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const keep = (d: Buffer) => {
      this.log.push(`[${node.name}] ${d}`);
      if (this.log.length > 2000) this.log.splice(0, 1000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    return child;
  }
}

/** The uid and gid of the `postgres` user, which owns the cluster's files when the tests run as root. */
export function postgresUser(): [number, number] {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return [id('-u'), id('-g')];
}
