import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClusterNode, FailoverCluster, failoverClusterMissing } from '../test/failover-cluster.ts';
import { HttpSession } from '../test/http-session.ts';
import { killServerProcesses, type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { createTestAppRole, TEST_APP_ROLE } from '../test/test-database.ts';
import type { Exchange, Write, WriteLoadMessage, WriteLoadSettings } from '../test/write-load.ts';

/**
 * The primary dies under load (ADR 132): a pg_auto_failover cluster (a monitor, a primary and a
 * synchronous standby, started here), two `main.js` processes given both hosts, and writes with
 * Idempotency-Keys from a process of their own that retries 503s and lost connections. The primary's
 * machine is killed; then it rejoins as the standby; then the new primary is killed and the first
 * takes over again. Each time: the standby takes over within 30 s, no request sent after that gets a
 * 5xx, every write ends acknowledged, and each acknowledged write is in the database exactly once.
 * Run by `npm run test:resilience` (scripts/test-resilience.ts).
 */
const missing = failoverClusterMissing();
const ADMIN = { email: 'admin@example.com', password: `admin-password-${randomBytes(4).toString('hex')}` };
const DATABASE = 'mqr';
/** The monitor's port; the nodes take the next two (RESILIENCE_PG_PORT, else a free range is not guessed). */
const PG_PORT = Number(process.env.RESILIENCE_PG_PORT ?? 5440);
const APP_PORTS = (process.env.RESILIENCE_APP_PORTS ?? '').split(',').filter(Boolean).map(Number);
const FAILOVER_LIMIT_MS = 30_000;
const WRITE_LOAD = fileURLToPath(new URL('../test/write-load.ts', import.meta.url));

interface Load {
  child: ChildProcess;
  /** The writes that ended so far. */
  writes(): Write[];
  acknowledged(): number;
  /** Starts no more writes, waits for those under way; every write. */
  stop(): Promise<Write[]>;
}

interface Phase {
  name: string;
  killedAt: number;
  /** When the standby took writes (the monitor promoted it and it left the read-only waits). */
  promotedAt: number;
  /** When both servers had acknowledged a write on the new primary. */
  servingAt: number;
}

describe.skipIf(missing !== undefined)('PostgreSQL failover under load (pg_auto_failover)', () => {
  let cluster: FailoverCluster;
  let servers: ServerProcess[] = [];
  let dataDirs: string[] = [];
  let load: Load | undefined;
  const phases: Phase[] = [];

  beforeAll(async () => {
    cluster = new FailoverCluster(PG_PORT);
    try {
      await cluster.start();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    const admin = new pg.Client({ connectionString: cluster.nodeUrl(cluster.nodes[0], 'postgres') });
    await admin.connect();
    try {
      await admin.query(`create database ${DATABASE}`);
      await createTestAppRole(admin);
    } finally {
      await admin.end();
    }
    const shared = {
      DATABASE_URL: cluster.url(DATABASE),
      // As production is advised to run: queries as a role that owns nothing (ADR 066), on the same host list.
      DATABASE_APP_URL: cluster.url(DATABASE, TEST_APP_ROLE),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    dataDirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'mqr-failover-app-'))));
    servers = [];
    for (const [i, dir] of dataDirs.entries()) {
      const port = APP_PORTS[i];
      servers.push(await startServerProcess({ ...shared, DATA_DIR: dir }, port ? { port } : {}));
    }
  }, 240_000);

  afterAll(async () => {
    load?.child.kill('SIGKILL');
    // The servers' warnings (503s with their causes) help read a failure.
    if (process.env.RESILIENCE_LOG_DIR) {
      for (const [i, server] of servers.entries()) {
        await writeFile(path.join(process.env.RESILIENCE_LOG_DIR, `server-${i}.log`), server.output());
      }
      await writeFile(path.join(process.env.RESILIENCE_LOG_DIR, 'cluster.log'), cluster?.output() ?? '');
    }
    killServerProcesses();
    await cluster?.stop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    if (phases.length > 0) console.log(`Failover figures: ${JSON.stringify(phases.map(figures))}`);
  });

  /** Starts the load process; resolves once it runs. */
  async function startLoad(token: string): Promise<Load> {
    const child = fork(WRITE_LOAD, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const settings: WriteLoadSettings = {
      urls: servers.map((s) => s.url),
      token,
      workers: 4,
      prefix: `failover-${randomBytes(3).toString('hex')}`,
    };
    const writes: Write[] = [];
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    child.on('message', (message: WriteLoadMessage) => {
      if (message === 'started') return;
      if ('write' in message) writes.push(message.write);
      else done();
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the load process exited (${code})`)));
      child.send(settings);
    });
    return {
      child,
      writes: () => writes,
      acknowledged: () => writes.filter((w) => w.id).length,
      stop: async () => {
        child.send('stop');
        await finished;
        return writes;
      },
    };
  }

  /** Kills the primary's machine; resolves with the phase's times once both servers write on the other. */
  async function failOver(
    name: string,
    from: ClusterNode,
    to: ClusterNode,
    writes: () => Write[],
  ): Promise<Phase> {
    const killedAt = Date.now();
    cluster.kill(from);
    await cluster.waitFor(
      `${to.name} takes writes`,
      () => cluster.isWritable(to),
      FAILOVER_LIMIT_MS + 30_000,
    );
    const promotedAt = Date.now();
    // Served again: each server acknowledged a write sent after the standby was promoted.
    await cluster.waitFor(
      'both servers acknowledge writes',
      async () =>
        servers.every((server) =>
          writes().some((w) =>
            w.exchanges.some((e) => e.url === server.url && e.status === 201 && e.sentAt >= promotedAt),
          ),
        ),
      FAILOVER_LIMIT_MS + 30_000,
    );
    const phase = { name, killedAt, promotedAt, servingAt: Date.now() };
    phases.push(phase);
    return phase;
  }

  it('fails over twice under writes, the killed primary rejoining between: nothing lost, nothing twice, no 5xx once served', async () => {
    const session = new HttpSession();
    await session.signIn(servers[0]!.url, ADMIN.email, ADMIN.password);
    const running = await startLoad(session.token!);
    load = running;
    await waitForMoreWrites(running, 20);

    const [node1, node2] = cluster.nodes;
    const first = await failOver('node1 killed', node1, node2, running.writes);
    await waitForMoreWrites(running, 20);
    // The old primary rejoins: it is rewound and follows node2 as its synchronous standby.
    cluster.restart(node1);
    await cluster.waitFor('node1 rejoins as the synchronous standby', () => cluster.isSyncPrimary(node2));
    await waitForMoreWrites(running, 20);
    const second = await failOver('node2 killed after node1 rejoined', node2, node1, running.writes);
    await waitForMoreWrites(running, 20);
    cluster.restart(node2);
    await cluster.waitFor('node2 rejoins as the synchronous standby', () => cluster.isSyncPrimary(node1));
    await waitForMoreWrites(running, 10);
    const writes = await running.stop();
    load = undefined;

    for (const phase of [first, second]) {
      expect(phase.promotedAt - phase.killedAt, phase.name).toBeLessThan(FAILOVER_LIMIT_MS);
      expect(phase.servingAt - phase.killedAt, phase.name).toBeLessThan(FAILOVER_LIMIT_MS);
    }
    // Every write ended acknowledged (its retries went through), never with another answer.
    const unacknowledged = writes.filter((w) => !w.id);
    expect(unacknowledged.map((w) => w.exchanges)).toEqual([]);
    const exchanges = writes.flatMap((w) => w.exchanges);
    // 503 (with Retry-After) and lost connections are what a failover may answer; never a 500.
    expect(exchanges.filter((e) => e.status !== 201 && e.status !== 503 && e.status !== 0)).toEqual([]);
    // Only a request under way while the primary was down may have failed (503 or no answer): none
    // sent after the standby was promoted, none between the failovers or during the rejoins.
    const duringFailover = (e: Exchange) =>
      [first, second].some((p) => e.answeredAt >= p.killedAt && e.sentAt < p.promotedAt);
    expect(exchanges.filter((e) => e.status !== 201 && !duringFailover(e))).toEqual([]);

    // Each acknowledged write is there once, with the id it was acknowledged with, on both nodes
    // (the primary and the standby that rejoined last).
    const names = writes.map((w) => w.name);
    for (const node of cluster.nodes) {
      const client = new pg.Client({ connectionString: cluster.nodeUrl(node, DATABASE) });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string; ids: string[] }>(
          'select name, array_agg(id::text) as ids from assets where name = any($1) group by name',
          [names],
        );
        const stored = new Map(rows.map((r) => [r.name, r.ids]));
        const wrong = writes.filter((w) => stored.get(w.name)?.join() !== w.id);
        expect(
          wrong.map((w) => ({ name: w.name, id: w.id, stored: stored.get(w.name) })),
          node.name,
        ).toEqual([]);
      } finally {
        await client.end();
      }
    }
    const retried = writes.filter((w) => w.exchanges.length > 1).length;
    console.log(
      `Failover under load: ${writes.length} writes acknowledged (${retried} after retries), ${exchanges.filter((e) => e.status === 503).length} answers 503, ${exchanges.filter((e) => e.status === 0).length} lost connections`,
    );
  }, 300_000);

  /** Waits until `more` writes more than now were acknowledged. */
  async function waitForMoreWrites(load: Load, more: number): Promise<void> {
    const count = load.acknowledged() + more;
    await cluster.waitFor(`${count} writes acknowledged`, async () => load.acknowledged() >= count, 60_000);
  }
});

function figures(phase: Phase) {
  return {
    phase: phase.name,
    promotedAfterMs: phase.promotedAt - phase.killedAt,
    servingAfterMs: phase.servingAt - phase.killedAt,
  };
}
