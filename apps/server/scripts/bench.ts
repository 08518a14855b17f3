// Speed goals, measured: npm run bench -- [--assets N] [--events M] [--requests R] [--concurrency C]
// Seeds a fresh database (embedded PGlite in a temporary DATA_DIR, or BENCH_DATABASE_URL), starts the
// real app on a loopback port and times the screens' calls. Exits 1 when a goal is missed.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { assets, organizations } from '../src/db/schema.ts';
import { seedOrganization } from '../src/seed/seed.ts';
import { fail } from './cli-database.ts';

const USAGE = `Usage: npm run bench -- [--assets N] [--events M] [--requests R] [--concurrency C]

  --assets       assets to seed (default 100000)
  --events       maintenance events to seed (default 300000)
  --requests     timed requests per scenario (default 200)
  --concurrency  requests in flight at once (default 8)

Uses a temporary embedded database, or BENCH_DATABASE_URL (an empty PostgreSQL database).`;

const ADMIN = { email: 'bench@example.com', password: `bench-${randomBytes(6).toString('hex')}` };

interface Scenario {
  name: string;
  path: string;
  /** The 95th percentile must stay under this many milliseconds. */
  p95GoalMs: number;
  signedIn: boolean;
}

function wholeNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000_000) fail(`--${name} must be a whole number from 1.`, 2);
  return n;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Sends `requests` GETs, `concurrency` at a time; answers the sorted latencies in ms. */
async function measure(url: string, headers: Record<string, string>, requests: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      next++;
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      assets: { type: 'string' },
      events: { type: 'string' },
      requests: { type: 'string' },
      concurrency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const assetCount = wholeNumber(values.assets, 100_000, 'assets');
  const eventCount = wholeNumber(values.events, 300_000, 'events');
  const requests = wholeNumber(values.requests, 200, 'requests');
  const concurrency = wholeNumber(values.concurrency, 8, 'concurrency');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const app = await buildApp(config, { print: () => {}, sweepUploads: false });
  try {
    const [organization] = await app.db
      .select({ id: organizations.id })
      .from(organizations)
      .orderBy(asc(organizations.createdAt))
      .limit(1);
    if (!organization) fail('The first start made no organization.');
    const seedStarted = performance.now();
    await seedOrganization(app.db, {
      organizationId: organization.id,
      assets: assetCount,
      events: eventCount,
      onProgress: (message) => process.stdout.write(`  ${message}\n`),
    });
    // Visibility maps too, as autovacuum keeps them on a live database (index-only scans need them).
    await app.db.execute(sql`vacuum (analyze)`);
    process.stdout.write(`Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`);
    const [sample] = await app.db
      .select({ id: assets.id, slug: assets.slug })
      .from(assets)
      .where(eq(assets.organizationId, organization.id))
      .limit(1);
    if (!sample) fail('The seed made no asset.');

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) fail(`Sign-in failed: ${login.status}`);
    const { accessToken } = (await login.json()) as { accessToken: string };

    const scenarios: Scenario[] = [
      { name: 'asset list, first page', path: '/api/assets', p95GoalMs: 150, signedIn: true },
      { name: 'asset list, page 500', path: '/api/assets?page=500', p95GoalMs: 300, signedIn: true },
      { name: 'asset search "pump"', path: '/api/assets?search=pump', p95GoalMs: 300, signedIn: true },
      { name: 'asset detail', path: `/api/assets/${sample.id}`, p95GoalMs: 150, signedIn: true },
      { name: 'pending tasks', path: '/api/tasks/pending', p95GoalMs: 150, signedIn: true },
      { name: 'dashboard analytics', path: '/api/admin/dashboard/analytics', p95GoalMs: 500, signedIn: true },
      {
        name: 'analytics, 365/90 days',
        path: '/api/admin/dashboard/analytics?rangeDays=365&turnaroundDays=90',
        // A year of completions aggregated several ways: the heaviest call the screens can make.
        p95GoalMs: 2000,
        signedIn: true,
      },
      {
        name: 'public asset page',
        path: `/public/orgs/${organization.id}/assets/${sample.slug}`,
        p95GoalMs: 150,
        signedIn: false,
      },
    ];
    process.stdout.write(
      `\n${assetCount} assets, ${eventCount} events; ${requests} requests per scenario, ${concurrency} at once\n\n`,
    );
    process.stdout.write('scenario                      p50 ms   p95 ms   p99 ms   req/s  goal p95\n');
    let missed = 0;
    for (const scenario of scenarios) {
      const headers: Record<string, string> = scenario.signedIn
        ? { authorization: `Bearer ${accessToken}` }
        : {};
      const url = `${address}${scenario.path}`;
      await measure(url, headers, Math.min(20, requests), concurrency);
      const started = performance.now();
      const latencies = await measure(url, headers, requests, concurrency);
      const seconds = (performance.now() - started) / 1000;
      const p95 = percentile(latencies, 95);
      const ok = p95 <= scenario.p95GoalMs;
      if (!ok) missed++;
      process.stdout.write(
        `${scenario.name.padEnd(28)}${percentile(latencies, 50).toFixed(1).padStart(7)}${p95.toFixed(1).padStart(9)}${percentile(latencies, 99).toFixed(1).padStart(9)}${(requests / seconds).toFixed(0).padStart(8)}  ${`<= ${scenario.p95GoalMs}`.padEnd(8)} ${ok ? 'ok' : 'MISSED'}\n`,
      );
    }
    process.exitCode = missed > 0 ? 1 : 0;
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
