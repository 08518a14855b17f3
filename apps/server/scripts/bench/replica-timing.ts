// The read replica's row of `npm run bench -- --resilience` (issue 37 §2, ADR 141): the public asset
// page read from a streaming replica, idle and while the primary is busy with imports, beside the same
// page read from the primary. A primary and its replica are started here (test/replica-pair.ts), the
// data set seeded on the primary, and three servers started: one reading from the replica, one
// reading from the primary, and one that runs the imports (another instance, as in production: the
// imports' own CPU is not the measured server's). With two cores or more, each half stands for a host
// (cores.ts): the primary and the importing instance on the first, the replica, the servers measured
// and this process (the page's load) on the second, as the goal is meant for a replica on a machine of
// its own.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '#server/db/client.ts';
import { ReplicaPair } from '#server/test/replica-pair.ts';
import { allCores, pinProcess, pinProcessTree, postmasterPid, twoHosts } from './cores.ts';
import { prepareDataset } from './dataset.ts';
import { prepareImportOrganization, timeImport } from './import-timing.ts';
import { type LoadResult, runAlternating } from './load.ts';
import { type RunningProcess, startServer } from './processes.ts';
import { loadAverage, type Report } from './report.ts';

/** The goal of issue 37: the public page's p95 on the replica while the primary imports, as a ratio of idle. */
export const REPLICA_BUSY_WITHIN_IDLE = 1.2;

export interface ReplicaTimingSettings {
  quick: boolean;
}

const DATABASE = 'mqr_bench_replica';
const ROUNDS = 2;
/** Imports running at once while the busy rows are measured (an organization's share of heavy work). */
const IMPORTS_AT_ONCE = 2;
const SIZE = {
  full: { assets: 20_000, importRows: 20_000, seconds: 10 },
  quick: { assets: 1000, importRows: 500, seconds: 2 },
};

/**
 * A register of `rows` assets whose slugs no earlier round used, in the assets' own columns only: the
 * imports running at once would each make the same new custom fields, and all but one fail.
 */
function registerOf(rows: number, round: string): string {
  const lines = ['Slug,Name,Description'];
  for (let i = 1; i <= rows; i++)
    lines.push(`r${round}-pump-${i},Pump ${round} ${i},Imported while the replica is read`);
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Imports one register after another on `server` until `stop` is set; answers the rows imported. A
 * failed import sets `stop` (the load then ends) and is thrown.
 */
async function importWhile(server: RunningProcess, rows: number, stop: { now: boolean }): Promise<number> {
  let imported = 0;
  try {
    while (!stop.now) {
      const timing = await timeImport(server, registerOf(rows, randomBytes(4).toString('hex')), {
        kind: 'assets',
      });
      imported += timing.created;
    }
  } catch (error) {
    stop.now = true;
    throw error;
  }
  return imported;
}

/** The replica's lag as `server` measures it (db_replica_lag_seconds), sampled every second while `stop` is unset. */
async function sampleLag(server: RunningProcess, token: string, stop: { now: boolean }): Promise<number> {
  let most = 0;
  while (!stop.now) {
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const line = (await metrics.text()).split('\n').find((l) => l.startsWith('db_replica_lag_seconds '));
    if (line) most = Math.max(most, Number(line.split(' ')[1]));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return most;
}

const describe = (result: LoadResult) =>
  `p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.requestsPerSecond.toFixed(0)} req/s, ${result.errors} errors`;

/**
 * The rows: the public page at 8 connections on the replica's server and on the primary's, in
 * alternating rounds, idle and then while imports run; the replica's busy p95 judged against its idle
 * p95 (REPLICA_BUSY_WITHIN_IDLE), the primary's shown beside it.
 */
export async function judgeReplicaUnderImports(
  settings: ReplicaTimingSettings,
  report: Report,
): Promise<void> {
  const size = settings.quick ? SIZE.quick : SIZE.full;
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'mqr-bench-replica-'));
  const pair = await ReplicaPair.start();
  const servers: RunningProcess[] = [];
  const hosts = twoHosts();
  try {
    if (hosts) {
      pinProcessTree(postmasterPid(pair.primary.pgdata), hosts.first);
      pinProcessTree(postmasterPid(pair.replica.pgdata), hosts.second);
    }
    await pair.query(pair.primary, 'postgres', `create database ${DATABASE}`);
    const databaseUrl = pair.url(pair.primary, DATABASE);
    // No statement deadline for the seed (ADR 147), as the command-line tasks.
    const database = await openDatabase({ databaseUrl, queryDeadlineMillis: 0 });
    let organizationId: string;
    let slug: string;
    try {
      await database.migrate();
      const { small } = await prepareDataset(
        database.db,
        { bigAssets: 0, bigEvents: 0, smallOrganizations: 1, smallAssets: size.assets, longHistory: 0 },
        (message) => report.write(`  ${message}\n`),
      );
      await prepareImportOrganization(database.db);
      organizationId = small.organizationId;
      slug = small.sample.slug;
    } finally {
      await database.close();
    }
    await pair.caughtUp();

    const token = randomBytes(16).toString('hex');
    const dataDir = (name: string) => path.join(scratch, name);
    const onReplica = await startServer({
      DATABASE_URL: databaseUrl,
      DATABASE_READ_URL: pair.url(pair.replica, DATABASE),
      DATA_DIR: dataDir('replica'),
      METRICS_TOKEN: token,
    });
    servers.push(onReplica);
    const onPrimary = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir('primary') });
    servers.push(onPrimary);
    const importer = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir('importer') });
    servers.push(importer);
    if (hosts) {
      pinProcessTree(importer.pid, hosts.first);
      for (const server of [onReplica, onPrimary]) pinProcessTree(server.pid, hosts.second);
      // This process alone: the servers it started keep their own cores.
      pinProcess(process.pid, hosts.second);
    }

    const page = `/public/orgs/${organizationId}/assets/${slug}`;
    const loads = [onReplica, onPrimary].map((server) => ({
      url: `${server.url}${page}`,
      headers: {},
      connections: 8,
    }));
    const roundSeconds = Math.max(1, Math.round(size.seconds / ROUNDS));
    for (const load of loads) await runAlternating([load], 1, 1);
    const [idleReplica, idlePrimary] = await runAlternating(loads, ROUNDS, roundSeconds);

    const stop = { now: false };
    const imports = Promise.allSettled(
      Array.from({ length: IMPORTS_AT_ONCE }, () => importWhile(importer, size.importRows, stop)),
    );
    const lag = sampleLag(onReplica, token, stop).catch(() => Number.NaN);
    // The first import's upload and check read the file; its commit writes: measured once it writes.
    await new Promise((resolve) => setTimeout(resolve, settings.quick ? 1000 : 5000));
    let busy: LoadResult[];
    try {
      busy = await runAlternating(loads, ROUNDS, roundSeconds);
    } finally {
      stop.now = true;
    }
    const [outcomes, mostLag] = await Promise.all([imports, lag]);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const imported = outcomes.reduce(
      (sum, outcome) => sum + (outcome.status === 'fulfilled' ? outcome.value : 0),
      0,
    );
    const [busyReplica, busyPrimary] = busy;

    report.write(
      `\nread replica (a streaming standby on this machine, ${hosts ? `cores ${hosts.first} for the primary and the importing instance, ${hosts.second} for the replica, the servers measured and the load` : 'every process on the one core'}; the public asset page at 8 connections, ${ROUNDS} alternating rounds of ${roundSeconds} s; ${size.assets.toLocaleString('en-US')} assets; load average ${loadAverage()})\n`,
    );
    report.write(`  idle, on the replica:                 ${describe(idleReplica!)}\n`);
    report.write(`  idle, on the primary:                 ${describe(idlePrimary!)}\n`);
    report.write(
      `  primary importing (${IMPORTS_AT_ONCE} imports of ${size.importRows.toLocaleString('en-US')} rows at once on another instance, ${imported.toLocaleString('en-US')} assets written; the replica at most ${mostLag.toFixed(1)} s behind):\n`,
    );
    report.write(`    on the replica:                     ${describe(busyReplica!)}\n`);
    report.write(`    on the primary:                     ${describe(busyPrimary!)}\n`);
    const ratio = busyReplica!.p95 / Math.max(idleReplica!.p95, 1);
    report.write(
      `  on the primary while importing / idle: ${(busyPrimary!.p95 / Math.max(idlePrimary!.p95, 1)).toFixed(2)}× (shown)\n`,
    );
    report.goal(
      `  on the replica while the primary imports / idle: ${busyReplica!.p95.toFixed(1)} / ${idleReplica!.p95.toFixed(1)} ms = ${ratio.toFixed(2)}×, goal <= ${REPLICA_BUSY_WITHIN_IDLE}×`,
      ratio <= REPLICA_BUSY_WITHIN_IDLE && busyReplica!.errors === 0,
    );
  } finally {
    // The rows after this one run on every core again.
    if (hosts) pinProcess(process.pid, allCores());
    await Promise.all(servers.map((server) => server.stop()));
    await pair.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}
