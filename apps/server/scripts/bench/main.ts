// npm run bench: the speed a user behind a network sees. Seeds (or reuses) a data set with several tenants,
// starts the real server in its own process, loads it with autocannon from this one, compares the asset
// detail with a bare node:http + pg reference, and exits 1 when a goal is missed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/client.ts';
import { fail } from '../cli-database.ts';
import { BENCH_PASSWORD, type DatasetSize, prepareDataset, type Tenant } from './dataset.ts';
import { type LoadResult, runLoad } from './load.ts';
import { type RunningProcess, startBareReference, startServer } from './processes.ts';
import { scenariosFor } from './scenarios.ts';

const USAGE = `Usage: npm run bench -- [options]

  --assets N          assets of the big organization (default 1000000 on PostgreSQL, 100000 embedded)
  --events N          its maintenance events (default 3 per asset)
  --small N           small organizations beside it (default 20)
  --small-assets N    assets of each small one (default 10000 on PostgreSQL, 2000 embedded)
  --long-history N    events on one asset of the big organization (default 2000)
  --seconds N         load per scenario and connection count (default 10)
  --connections L     comma-separated connection counts (default 8,64; goals apply at 8)
  --data-dir DIR      the embedded database's DATA_DIR, kept for reruns (default .tmp/bench)
  --quick             a small data set and 1 s per scenario: checks that the benchmark runs (CI);
                      goals are shown, not enforced

BENCH_DATABASE_URL points it at a PostgreSQL database: empty, or holding this same data set (reused).`;

const GOALS = { bareRatio: 0.85, memoryMb: { postgres: 150, pglite: 250 } } as const;

function wholeNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 100_000_000) fail(`--${name} must be a whole number.`, 2);
  return n;
}

function options() {
  const { values } = parseArgs({
    options: {
      assets: { type: 'string' },
      events: { type: 'string' },
      small: { type: 'string' },
      'small-assets': { type: 'string' },
      'long-history': { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
      'data-dir': { type: 'string' },
      quick: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const quick = values.quick ?? false;
  const bigAssets = wholeNumber(values.assets, quick ? 2000 : databaseUrl ? 1_000_000 : 100_000, 'assets');
  const size: DatasetSize = {
    bigAssets,
    bigEvents: wholeNumber(values.events, bigAssets * 3, 'events'),
    smallOrganizations: wholeNumber(values.small, quick ? 3 : 20, 'small'),
    smallAssets: wholeNumber(
      values['small-assets'],
      quick ? 200 : databaseUrl ? 10_000 : 2000,
      'small-assets',
    ),
    longHistory: wholeNumber(values['long-history'], quick ? 200 : 2000, 'long-history'),
  };
  const connections = (values.connections ?? (quick ? '8' : '8,64'))
    .split(',')
    .map((c) => wholeNumber(c, 8, 'connections'));
  return {
    databaseUrl,
    quick,
    size,
    seconds: wholeNumber(values.seconds, quick ? 1 : 10, 'seconds'),
    connections,
    dataDir: values['data-dir'] ?? path.resolve('.tmp/bench'),
  };
}

async function signIn(server: RunningProcess, tenant: Tenant): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: tenant.email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${tenant.email} answered ${response.status}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
  };
  return { token: accessToken, userId: claims.sub };
}

const row = (cells: (string | number)[], widths: number[]) =>
  `${cells.map((cell, i) => (i < 3 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join(' ')}\n`;
const WIDTHS = [6, 30, 5, 7, 7, 7, 8, 6, 9, 7];
const ms = (value: number) => value.toFixed(0);

async function main(): Promise<void> {
  const settings = options();
  const started = performance.now();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-bench-'));
  const dataDir = settings.databaseUrl || settings.quick ? tempDir : settings.dataDir;
  const databaseEnv: Record<string, string> = settings.databaseUrl
    ? { DATABASE_URL: settings.databaseUrl, DATA_DIR: tempDir }
    : { DATA_DIR: dataDir };
  const log = (message: string) => process.stdout.write(`  ${message}\n`);

  const database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    pgliteDir: settings.databaseUrl ? undefined : path.join(dataDir, 'db'),
  });
  let dataset: Awaited<ReturnType<typeof prepareDataset>>;
  try {
    await database.migrate();
    dataset = await prepareDataset(database.db, settings.size, log);
  } finally {
    await database.close();
  }
  process.stdout.write(
    `${dataset.reused ? 'Reused' : 'Seeded'} the data set in ${((performance.now() - started) / 1000).toFixed(0)} s (${settings.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})\n`,
  );

  const server = await startServer(databaseEnv);
  let missed = 0;
  let errors = 0;
  try {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const memory = await server.residentMb();
    const sessions = new Map<Tenant, { token: string; userId: string }>();
    for (const tenant of [dataset.big, dataset.small]) sessions.set(tenant, await signIn(server, tenant));

    process.stdout.write(
      `\n${settings.seconds} s per row; goals on p95 at 8 connections; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n\n`,
    );
    process.stdout.write(
      row(['tenant', 'scenario', 'conns', 'p50', 'p95', 'p99', 'req/s', 'errors', 'goal p95', ''], WIDTHS),
    );
    let appDetail: LoadResult | undefined;
    for (const tenant of [dataset.big, dataset.small]) {
      const headers = { authorization: `Bearer ${sessions.get(tenant)!.token}` };
      for (const scenario of scenariosFor(tenant)) {
        for (const connections of settings.connections) {
          const load = {
            url: `${server.url}${scenario.path}`,
            headers: scenario.signedIn ? headers : {},
            connections,
          };
          // A second of warm-up first: plans cached, pages in memory, as on a server that has been up a while.
          await runLoad({ ...load, seconds: 1 });
          const result = await runLoad({ ...load, seconds: settings.seconds });
          // Requests still in flight when the load stops go on in the server: let them finish before
          // the next row, so a slow row does not slow the one after it.
          await new Promise((resolve) =>
            setTimeout(resolve, Math.min(30_000, Math.max(500, 2 * result.p99))),
          );
          const judged = connections === 8;
          const ok = !judged || result.p95 <= scenario.p95GoalMs;
          if (!ok) missed++;
          errors += result.errors;
          if (tenant === dataset.big && scenario.name === 'asset detail' && connections === 8)
            appDetail = result;
          process.stdout.write(
            row(
              [
                tenant.label,
                scenario.name,
                connections,
                ms(result.p50),
                ms(result.p95),
                ms(result.p99),
                result.requestsPerSecond.toFixed(0),
                result.errors,
                judged ? `<= ${scenario.p95GoalMs}` : '',
                judged ? (ok ? 'ok' : 'MISSED') : '',
              ],
              WIDTHS,
            ),
          );
        }
      }
    }

    const memoryGoal = settings.databaseUrl ? GOALS.memoryMb.postgres : GOALS.memoryMb.pglite;
    const memoryOk = memory !== null && memory <= memoryGoal;
    if (!memoryOk) missed++;
    process.stdout.write(
      `\nmemory after start (idle, resident): ${memory ?? '?'} MB, goal <= ${memoryGoal} MB ${memoryOk ? 'ok' : 'MISSED'}\n`,
    );

    if (settings.databaseUrl && appDetail) {
      const bare = await startBareReference({
        DATABASE_URL: settings.databaseUrl,
        BARE_ORGANIZATION_ID: dataset.big.organizationId,
        BARE_ASSET_ID: dataset.big.sample.id,
        BARE_USER_ID: sessions.get(dataset.big)!.userId,
      });
      try {
        const reference = await runLoad({
          url: `${bare.url}/`,
          headers: {},
          connections: 8,
          seconds: settings.seconds,
        });
        const ratio = appDetail.requestsPerSecond / reference.requestsPerSecond;
        const ok = ratio >= GOALS.bareRatio;
        if (!ok) missed++;
        process.stdout.write(
          `asset detail vs bare node:http + pg (same statements): ${appDetail.requestsPerSecond.toFixed(0)} / ${reference.requestsPerSecond.toFixed(0)} req/s = ${ratio.toFixed(2)}×, goal >= ${GOALS.bareRatio} ${ok ? 'ok' : 'MISSED'}\n`,
        );
      } finally {
        await bare.stop();
      }
    } else {
      process.stdout.write('asset detail vs bare reference: PostgreSQL only (set BENCH_DATABASE_URL)\n');
    }
  } finally {
    await server.stop();
    await rm(tempDir, { recursive: true, force: true });
  }
  process.stdout.write(
    `\n${missed} goal(s) missed, ${errors} error(s); load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  if (errors > 0) process.exitCode = 1;
  else if (missed > 0 && !settings.quick) process.exitCode = 1;
}

await main();
