// npm run bench: the speed a user behind a network sees. Seeds (or reuses) a data set with several tenants,
// starts the real server in its own process, loads it with autocannon from this one, compares the asset
// detail with a bare node:http + pg reference, and exits 1 when a goal is missed.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { startOutageEnvironment } from '#server/test/outage-environment.ts';
import { testPostgresMissing } from '#server/test/postgres-server.ts';
import { testRedisMissing } from '#server/test/redis-server.ts';
import { runSoak, SOAK_MEMORY_GROWTH } from '#server/test/soak.ts';
import { withDatabaseName } from '#server/test/test-database.ts';
import { fail } from '../cli-database.ts';
import {
  CHECKLIST_PHOTOS,
  CHECKLIST_STEPS,
  prepareChecklist,
  timeChecklistReport,
} from './checklist-timing.ts';
import { BENCH_PASSWORD, type DatasetSize, prepareDataset, type Tenant } from './dataset.ts';
import { HEAVY_WORK_METRICS_TOKEN, timeHeavyWork } from './heavy-work-timing.ts';
import { historyCsv, prepareImportOrganization, registerCsv, timeImport } from './import-timing.ts';
import { checkInstallable } from './installability.ts';
import {
  judgeMemoryAfterLoad,
  judgeMoves,
  MEMORY_AFTER_LOAD_WITHIN_IDLE,
  P99_WITHIN_P95,
} from './judging.ts';
import { timeLabels } from './label-timing.ts';
import { type LoadOptions, type LoadResult, runAlternating, runLoad } from './load.ts';
import { timeLocationMoves } from './location-move-timing.ts';
import {
  METER_SIZES,
  type MeterSize,
  prepareMeterOrganization,
  signInReader,
  timeDueReadings,
} from './meter-timing.ts';
import { describeSettings, readPostgresSettings } from './postgres-settings.ts';
import { type RunningProcess, startBareReference, startServer } from './processes.ts';
import { measurePublicPage, PUBLIC_PAGE_GOALS } from './public-page.ts';
import { loadAverage, Report } from './report.ts';
import {
  judgePublicReports,
  judgeRequestsScreen,
  prepareRequests,
  REQUEST_BENCH_ENV,
} from './request-timing.ts';
import { runResilience } from './resilience.ts';
import {
  type DatabaseKind,
  EMBEDDED_WITHIN,
  otherResults,
  type P95ByScenario,
  saveResults,
} from './saved-results.ts';
import { locationScenarios, type Scenario, scenariosFor } from './scenarios.ts';
import { prepareScheduleOrganization, timeScheduleEngine } from './schedule-timing.ts';

const _STRIP_TYPES = fileURLToPath(new URL('../strip-types.js', import.meta.url));

const USAGE = `Usage: npm run bench -- [options]

  --assets N          assets of the big organization (default 1000000 on PostgreSQL, 100000 embedded)
  --events N          its maintenance events (default 3 per asset)
  --small N           small organizations beside it (default 20)
  --small-assets N    assets of each small one (default 10000 on PostgreSQL, 2000 embedded)
  --long-history N    events on one asset of the big organization (default 2000)
  --schedules N       schedules whose due tasks the engine creates at once (default 100000, 2000 in --quick)
  --requests N        requests from the QR code in the big organization (default 100000, 2000 in --quick)
  --seconds N         load per scenario and connection count (default 10)
  --connections L     comma-separated connection counts (default 8,64; goals apply at 8)
  --data-dir DIR      the embedded database's DATA_DIR and the saved figures (default .tmp/bench)
  --quick             a small data set and 1 s per scenario: checks that the benchmark runs (CI);
                      goals are shown, not enforced
  --only heavy-work   only the heavy work row (/healthz while a large import is checked and label
                      sheets render), on an embedded database of its own
  --only public-page  only the public asset page's rows (Lighthouse mobile, its JavaScript with its
                      catalog, the app's installability), on a small embedded database of its own
  --only locations    only the location tree's rows (a site's page, the list by location, the
                      type-ahead, a building moved), on the data set of a full run (seeded or reused);
                      its figures join the saved ones for the embedded/PostgreSQL ratios
  --only requests     only the requests' rows (the requests screen, public reports beside the public
                      page), on the data set of a full run (seeded or reused) with its requests
  --resilience        only the resilience rows, each on servers and databases of its own: the public
                      page read from a streaming replica while the primary imports (resilience.ts),
                      and the soak (ADR 140): 200 connections of mixed reads and writes for 10
                      minutes against two instances on a PostgreSQL, Redis and S3 of its own (as
                      npm run test:resilience starts them); resident memory flat (at most 10 %
                      growth after a minute's warm-up) and no error. --seconds sets the soak's length
  --only checklists   only the checklists' rows (the asset page and the task's checklist with 50
                      steps answered, the completion report PDF with 10 photos), on a small database
                      of its own (embedded, or BENCH_DATABASE_URL's)
  --only meters       only the meters' rows (a reading that makes a usage schedule's task due, the
                      asset page's meters), on an organization of their own (seeded or reused)
  --meter-schedules N usage schedules of the meters' organization, one meter each (default 30000,
                      1000 in --quick); as many calendar schedules and more beside them (7:3)
  --readings N        readings of its meters (default 5000000 on PostgreSQL, 1000000 embedded,
                      20000 in --quick)

BENCH_SERVER_NODE_FLAGS adds node flags to the measured server's (e.g. "--cpu-prof --cpu-prof-dir=DIR").
BENCH_DATABASE_URL points it at a PostgreSQL database: empty, or holding this same data set (reused).
The small tenant is also measured alone, on a second database without the big organization
(<name>_small_alone beside BENCH_DATABASE_URL's, or <data-dir>-small-alone), seeded the same way.
Each run keeps its p95 figures in the data dir; a run on the other database at the same size prints
the embedded database as a ratio of PostgreSQL.`;

/** The goals of docs/goals.md: change both together. */
const GOALS = {
  bareRatio: 0.75,
  memoryMb: { postgres: 160, pglite: 250 },
  /** A small tenant beside the big one, as a ratio of the same tenant alone. */
  smallBesideBig: 1.2,
  /** Below this, a p95 difference is the timer's and the machine's, not the big tenant's. */
  smallBesideBigSlackMs: 2,
  /** A 50,000-row import, upload to done; the same for a history file (ADR 049). */
  importSeconds: { postgres: 60, pglite: 120 },
  /** 1,000 QR labels on Avery L7160 with a custom field, request to PDF. */
  labelSeconds: 10,
  /** The asset list's p95 while the engine creates the due tasks of 100,000 schedules, as a ratio of its p95 at rest. */
  listWhileScheduling: 2,
  /** /healthz p99 while a 45 MB import is checked, and while 8 sheets of 5,000 labels render (ADR 089). */
  healthzP99Ms: 50,
  /** Moving a building holding 5 % of the big tenant's assets (50,000 at 1,000,000), each move (ADR 122). */
  locationMoveSeconds: 2,
  /** The asset list's p95 while the building is moved, as a ratio of its p95 at rest. */
  listWhileMoving: 2,
  /** The asset page and the task's checklist with a 50-step checklist answered: p95 (PostgreSQL), p99. */
  checklistPage: { p95Ms: 20, p99Ms: 60 },
  /** The completion report PDF of a 50-step checklist with 10 photos, request to PDF (ADR 135). */
  checklistReportSeconds: 2,
  /** A reading that makes a usage schedule's task due, at 30,000 usage schedules and 5,000,000 readings (issue 36). */
  dueReadingP95Ms: 30,
  /** The asset page's meters call, an asset with 3 meters. */
  meterPageP95Ms: 20,
  /** The dashboard's cost, MTTR and MTBF over 365 days (issue 36), on a year of completed work. */
  workAnalyticsP95Ms: 250,
  workAnalyticsP99Ms: 500,
} as const;

/** Rows of the timed import: a large register; a few hundred in --quick. */
const IMPORT_ROWS = { full: 50_000, quick: 500 };
/** Labels of the timed label sheet: the goal's 1,000, in --quick too (they take seconds). */
const LABELS = 1000;
/** Schedules whose due tasks the engine creates at once: the goal's 100,000; a few thousand in --quick. */
const SCHEDULES = { full: 100_000, quick: 2000 };
/** The heavy work row: the goal's 45 MB file and sheets of 5,000 labels; a few MB and 500 in --quick. */
const HEAVY_WORK = { full: { megabytes: 45, labels: 5000 }, quick: { megabytes: 4, labels: 500 } };

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
      schedules: { type: 'string' },
      requests: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string' },
      'data-dir': { type: 'string' },
      quick: { type: 'boolean' },
      only: { type: 'string' },
      resilience: { type: 'boolean' },
      'meter-schedules': { type: 'string' },
      readings: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (
    values.only !== undefined &&
    !['heavy-work', 'public-page', 'locations', 'requests', 'checklists', 'meters'].includes(values.only)
  )
    fail('--only takes heavy-work, public-page, locations, requests, checklists or meters.', 2);
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
    schedules: wholeNumber(values.schedules, quick ? SCHEDULES.quick : SCHEDULES.full, 'schedules'),
    requests: wholeNumber(values.requests, quick ? 2000 : 100_000, 'requests'),
    connections,
    dataDir: values['data-dir'] ?? path.resolve('.tmp/bench'),
    heavyWorkOnly: values.only === 'heavy-work',
    publicPageOnly: values.only === 'public-page',
    locationsOnly: values.only === 'locations',
    requestsOnly: values.only === 'requests',
    resilience: values.resilience ?? false,
    /** The soak's length: --seconds when given with --resilience, else 10 minutes. */
    soakSeconds:
      values.resilience && values.seconds !== undefined ? wholeNumber(values.seconds, 600, 'seconds') : 600,
    checklistsOnly: values.only === 'checklists',
    metersOnly: values.only === 'meters',
    meters: meterSize(values, quick, databaseUrl),
  };
}

/** The meters' organization: the goal's size on PostgreSQL, fewer readings embedded, small in --quick. */
function meterSize(
  values: { 'meter-schedules'?: string | undefined; readings?: string | undefined },
  quick: boolean,
  databaseUrl: string | undefined,
): MeterSize {
  const base = quick ? METER_SIZES.quick : databaseUrl ? METER_SIZES.postgres : METER_SIZES.pglite;
  const usageSchedules = wholeNumber(values['meter-schedules'], base.usageSchedules, 'meter-schedules');
  return {
    usageSchedules,
    calendarSchedules: Math.round((usageSchedules * 7) / 3),
    readings: wholeNumber(values.readings, base.readings, 'readings'),
  };
}

async function signIn(server: RunningProcess, tenant: Tenant): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: tenant.email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-in of ${tenant.email} answered ${response.status}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return accessToken;
}

const userIdOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

type Settings = ReturnType<typeof options>;

/** Where one data set lives: the database the server is started on. */
interface Place {
  databaseUrl: string | undefined;
  /** The embedded database's DATA_DIR (or a scratch DATA_DIR beside PostgreSQL). */
  dataDir: string;
}

const serverEnv = (place: Place): Record<string, string> =>
  place.databaseUrl
    ? { DATABASE_URL: place.databaseUrl, DATA_DIR: place.dataDir }
    : { DATA_DIR: place.dataDir };

/**
 * A second server on the same PostgreSQL database, started when asked (the requests' row shows the page
 * with the reports sent there); none on the embedded database, which one process holds.
 */
const otherInstance = (place: Place) =>
  place.databaseUrl ? () => startServer({ ...serverEnv(place), ...REQUEST_BENCH_ENV }) : undefined;

/**
 * The bench's own handle on a data set, to seed and prepare it: without a statement deadline (ADR 147),
 * as the command-line tasks have none; a seed's statements over a million assets take minutes. The
 * measured server keeps the production deadline.
 */
const openBenchDatabase = (place: Place) =>
  openDatabase({
    databaseUrl: place.databaseUrl,
    pgliteDir: place.databaseUrl ? undefined : path.join(place.dataDir, 'db'),
    queryDeadlineMillis: 0,
  });

/**
 * `schedules` (the measured data set only) makes the organization whose schedules the engine is
 * timed on (schedule-timing.ts); `requests`, the big tenant's requests (request-timing.ts).
 */
async function seed(place: Place, size: DatasetSize, schedules?: number, requests?: number) {
  const started = performance.now();
  const database = await openBenchDatabase(place);
  try {
    await database.migrate();
    const dataset = await prepareDataset(database.db, size, (message) =>
      process.stdout.write(`  ${message}\n`),
    );
    await prepareImportOrganization(database.db);
    if (requests !== undefined && dataset.big) await prepareRequests(database.db, dataset.big, requests);
    if (schedules !== undefined) await prepareScheduleOrganization(database.db, schedules);
    process.stdout.write(
      `${dataset.reused ? 'Reused' : 'Seeded'} the data set in ${((performance.now() - started) / 1000).toFixed(0)} s (${place.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})\n`,
    );
    return dataset;
  } finally {
    await database.close();
  }
}

/** Requests still in flight when a load stops go on in the server: the next row waits for them. */
const settle = (result: LoadResult) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(30_000, Math.max(500, 2 * result.p99))));

/**
 * A load after its page has answered once and a second of warm-up: plans cached, pages in memory, the
 * per-minute figures of the dashboard's big windows counted (ADR 031), as on a server up a while. The
 * first answer is waited for: a recount that outlasts the warm-up would otherwise hold the first
 * requests of the timed load, a start-up cost that the row's p99 would report as its tail.
 */
async function measureLoad(load: Omit<LoadOptions, 'seconds'>, seconds: number): Promise<LoadResult> {
  await fetch(load.url, { headers: load.headers }).then((answer) => answer.arrayBuffer());
  await runLoad({ ...load, seconds: 1 });
  const result = await runLoad({ ...load, seconds });
  await settle(result);
  return result;
}

/** Rounds of the small tenant beside the big one and alone, one after the other (measurePaired). */
const PAIRED_ROUNDS = 2;

/**
 * One scenario of the small tenant beside the big one and of the same tenant alone, in alternating
 * rounds that add up to the row's length, so both see the machine's same minutes (it is shared: run
 * ten minutes apart, the same code differed by half).
 */
async function measurePaired(
  beside: Omit<LoadOptions, 'seconds'>,
  alone: Omit<LoadOptions, 'seconds'>,
  seconds: number,
): Promise<[LoadResult, LoadResult]> {
  await runLoad({ ...beside, seconds: 1 });
  await runLoad({ ...alone, seconds: 1 });
  const roundSeconds = Math.max(1, Math.round(seconds / PAIRED_ROUNDS));
  const [besideResult, aloneResult] = await runAlternating([beside, alone], PAIRED_ROUNDS, roundSeconds);
  await settle(aloneResult!);
  return [besideResult!, aloneResult!];
}

/** The small tenant on a database without the big organization, served by a server of its own. */
interface AloneTwin {
  server: RunningProcess;
  tenant: Tenant;
}

/**
 * Every scenario of each tenant at each connection count; the p95 of each at 8 connections. The rows at
 * 8 connections are judged on their p99 goal and p99/p95 (both databases) and, with `p95Judged`
 * (PostgreSQL), on their p95 goal. With `alone`, the small tenant's rows at 8 connections are measured
 * paired with its twin's (measurePaired), whose p95 come back as `aloneP95`; the twin's rows are shown,
 * not judged.
 */
async function measureScenarios(
  server: RunningProcess,
  tenants: Tenant[],
  settings: Settings,
  report: Report,
  options: { p95Judged: boolean; alone?: AloneTwin; scenarios?: (tenant: Tenant) => Scenario[] },
): Promise<{ p95: P95ByScenario; aloneP95: P95ByScenario }> {
  const scenariosOf = options.scenarios ?? scenariosFor;
  const p95: P95ByScenario = {};
  const aloneP95: P95ByScenario = {};
  const { alone } = options;
  const aloneToken = alone ? await signIn(alone.server, alone.tenant) : undefined;
  for (const tenant of tenants) {
    const signedIn: Record<string, string> = { authorization: `Bearer ${await signIn(server, tenant)}` };
    const twinScenarios = alone && tenant.label === 'small' ? scenariosOf(alone.tenant) : undefined;
    for (const [index, scenario] of scenariosOf(tenant).entries()) {
      for (const connections of settings.connections) {
        const load = {
          url: `${server.url}${scenario.path}`,
          headers: scenario.signedIn ? signedIn : {},
          connections,
        };
        const key = `${tenant.label}: ${scenario.name}`;
        const goals =
          connections === 8
            ? { p95Ms: options.p95Judged ? scenario.p95GoalMs : undefined, p99Ms: scenario.p99GoalMs }
            : undefined;
        const twin = connections === 8 ? twinScenarios?.[index] : undefined;
        const showRow = (result: LoadResult) =>
          report.loadRow(tenant.label, scenario.name, connections, result, goals);
        if (alone && twin) {
          const [result, aloneResult] = await measurePaired(
            load,
            {
              url: `${alone.server.url}${twin.path}`,
              headers: twin.signedIn ? { authorization: `Bearer ${aloneToken}` } : {},
              connections,
            },
            settings.seconds,
          );
          showRow(result);
          report.loadRow('small alone', twin.name, connections, aloneResult);
          p95[key] = result.p95;
          aloneP95[key] = aloneResult.p95;
          continue;
        }
        const result = await measureLoad(load, settings.seconds);
        showRow(result);
        if (connections === 8) p95[key] = result.p95;
      }
    }
  }
  return { p95, aloneP95 };
}

/** Rounds of the app's asset detail and the bare reference, one after the other (see compareWithBare). */
const BARE_ROUNDS = 3;

/**
 * The app's asset detail against the bare reference, in alternating rounds of the same length, so a
 * machine that is busier for a while (it is shared) slows both alike; the ratio is of their totals.
 */
async function compareWithBare(
  server: RunningProcess,
  databaseUrl: string,
  big: Tenant,
  settings: Settings,
  report: Report,
): Promise<void> {
  const token = await signIn(server, big);
  const bare = await startBareReference({
    DATABASE_URL: databaseUrl,
    BARE_ORGANIZATION_ID: big.organizationId,
    BARE_ASSET_ID: big.sample.id,
    BARE_USER_ID: userIdOf(token),
  });
  try {
    const seconds = Math.max(1, Math.round(settings.seconds / 2));
    // Each round after a second of its own warm-up, as every scenario (measureLoad): the reference
    // just started, and the app last answered asset details before the other scenarios and Lighthouse.
    const load = async (url: string, headers: Record<string, string>) => {
      await runLoad({ url, headers, connections: 8, seconds: 1 });
      return runLoad({ url, headers, connections: 8, seconds });
    };
    let app = 0;
    let reference = 0;
    for (let round = 0; round < BARE_ROUNDS; round++) {
      app += (await load(`${server.url}/api/assets/${big.sample.id}`, { authorization: `Bearer ${token}` }))
        .requestsPerSecond;
      reference += (await load(`${bare.url}/`, {})).requestsPerSecond;
    }
    const ratio = app / reference;
    report.goal(
      `asset detail vs bare node:http + pg (same statements, ${BARE_ROUNDS} alternating rounds of ${seconds} s, each after 1 s of warm-up): ${(app / BARE_ROUNDS).toFixed(0)} / ${(reference / BARE_ROUNDS).toFixed(0)} req/s = ${ratio.toFixed(2)}×, goal >= ${GOALS.bareRatio}`,
      ratio >= GOALS.bareRatio,
    );
  } finally {
    await bare.stop();
  }
}

/** A database beside the main one for the small organizations alone, created when missing. */
async function aloneDatabaseUrl(databaseUrl: string): Promise<string> {
  const name = `${new URL(databaseUrl).pathname.slice(1)}_small_alone`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
  return withDatabaseName(databaseUrl, name);
}

/** Where the small organizations are alone: a database beside BENCH_DATABASE_URL's, or a data dir beside the embedded one. */
async function alonePlace(settings: Settings, scratchDir: string): Promise<Place> {
  return settings.databaseUrl
    ? { databaseUrl: await aloneDatabaseUrl(settings.databaseUrl), dataDir: scratchDir }
    : {
        databaseUrl: undefined,
        dataDir: settings.quick ? path.join(scratchDir, 'alone') : `${settings.dataDir}-small-alone`,
      };
}

/**
 * The import writes 50,000 assets (the labels' import 1,000 more): timed on the small organizations'
 * own database, never in the measured data set, whose trigram indexes it would leave to be vacuumed
 * under the next run's searches.
 */
async function judgeImportsAndLabels(server: RunningProcess, settings: Settings, report: Report) {
  await judgeImport(server, settings.databaseUrl ? 'postgres' : 'pglite', settings, report);
  await judgeLabels(server, report);
  await judgeChecklists(server, settings, report);
  await judgeHeavyWork(server, settings, report);
}

/**
 * The checklists' rows (issue 36): the asset page and the task's checklist of a task whose 50 steps are
 * all answered (10 photos), under load at 8 connections, and its completion report PDF, timed.
 */
async function judgeChecklists(server: RunningProcess, settings: Settings, report: Report) {
  const fixture = await prepareChecklist(server);
  report.write(
    `\nchecklists: a task of ${CHECKLIST_STEPS} steps, all answered (${CHECKLIST_PHOTOS} JPEG photos, ${fixture.photoMegabytes.toFixed(0)} MB in all, and a signature)\n`,
  );
  report.tableHeader();
  const goals = {
    p95Ms: settings.databaseUrl ? GOALS.checklistPage.p95Ms : undefined,
    p99Ms: GOALS.checklistPage.p99Ms,
  };
  for (const [name, page] of [
    ['asset detail, 50-step checklist', `/api/assets/${fixture.assetId}`],
    ['the task’s checklist, 50 steps', `/api/events/${fixture.eventId}/checklist`],
  ] as const) {
    const load = {
      url: `${server.url}${page}`,
      headers: { authorization: fixture.authorization },
      connections: 8,
    };
    report.loadRow('checklists', name, 8, await measureLoad(load, settings.seconds), goals);
  }
  const timing = await timeChecklistReport(server, fixture);
  report.goal(
    `  the completion report of ${CHECKLIST_STEPS} steps with ${CHECKLIST_PHOTOS} photos, request to PDF: ${timing.seconds.toFixed(2)} s (slowest of 3; ${timing.pages} pages, ${timing.megabytes.toFixed(1)} MB), goal <= ${GOALS.checklistReportSeconds} s`,
    timing.seconds <= GOALS.checklistReportSeconds,
  );
}

/** The checklists' rows alone (--only checklists), on a small database of their own. */
async function checklistsOnly(settings: Settings, scratchDir: string, report: Report) {
  const place: Place = { databaseUrl: settings.databaseUrl, dataDir: path.join(scratchDir, 'checklists') };
  await seed(place, { bigAssets: 0, bigEvents: 0, smallOrganizations: 1, smallAssets: 10, longHistory: 0 });
  const server = await startServer(serverEnv(place));
  try {
    await judgeChecklists(server, settings, report);
  } finally {
    await server.stop();
  }
}

/**
 * /healthz p99 from this process while one organization's large import is checked, then while it asks
 * for 8 label sheets at once, each beside the goal; the server's memory during the sheets.
 */
async function judgeHeavyWork(server: RunningProcess, settings: Settings, report: Report) {
  const size = settings.quick ? HEAVY_WORK.quick : HEAVY_WORK.full;
  const timing = await timeHeavyWork(server, size);
  const p99 = (result: LoadResult) =>
    `/healthz p99 ${result.p99.toFixed(0)} ms (p50 ${result.p50.toFixed(0)}, ${result.errors} errors), goal <= ${GOALS.healthzP99Ms} ms${settings.quick ? ' (for 45 MB and 5,000 labels)' : ''}`;
  const ok = (result: LoadResult) => result.errors === 0 && result.p99 <= GOALS.healthzP99Ms;
  const loop = (delay: { p99Ms: number; maxMs: number }) =>
    `its event loop delay p99 ${delay.p99Ms.toFixed(0)} ms, max ${delay.maxMs.toFixed(0)} ms`;
  report.write(
    `\nheavy work of one organization beside /healthz (probed 50 times a second; at rest p99 ${timing.atRest.p99.toFixed(0)} ms, ${loop(timing.restLoop)})\n`,
  );
  report.goal(
    `  a ${timing.csvMegabytes.toFixed(0)} MB CSV uploaded and checked in ${timing.importSeconds.toFixed(1)} s (${loop(timing.importLoop)}): ${p99(timing.duringImport)}`,
    ok(timing.duringImport),
  );
  report.goal(
    `  ${timing.sheets} sheets of ${size.labels.toLocaleString('en-US')} labels asked at once, made in ${timing.labelSeconds.toFixed(1)} s (${timing.refusals} answers to retry later; resident ${timing.memory.beforeMb} MB before, ${timing.memory.peakMb} MB at most; ${loop(timing.labelsLoop)}): ${p99(timing.duringLabels)}`,
    ok(timing.duringLabels),
  );
}

/**
 * The soak (--resilience, ADR 140): two instances and their dependencies started as the resilience
 * tests start them, 200 connections of mixed reads and writes for `seconds`, each server's resident
 * memory read every second. Judged: no error, at most 10 % growth from the end of the first minute.
 */
async function judgeSoak(seconds: number, report: Report) {
  const missing = testPostgresMissing() ?? testRedisMissing();
  if (missing) {
    report.errors++;
    report.write(`soak: cannot start its dependencies: ${missing}\n`);
    return;
  }
  const connections = 200;
  report.write(
    `\nsoak: ${connections} connections, ${seconds} s, two instances (load average ${loadAverage()})\n`,
  );
  const environment = await startOutageEnvironment({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000' } });
  try {
    const soak = await runSoak({
      environment,
      connections,
      seconds,
      warmupSeconds: Math.min(60, Math.round(seconds / 4)),
      prefix: 'bench-soak',
      progress: (text) => report.write(`  ${text}\n`),
    });
    for (const [kind, figures] of Object.entries(soak.byKind)) {
      report.write(
        `  ${kind.padEnd(7)} ${String(figures.requests).padStart(7)} requests  p50 ${figures.p50Ms} ms  p95 ${figures.p95Ms} ms  p99 ${figures.p99Ms} ms\n`,
      );
    }
    report.goal(
      `soak: ${soak.requests} requests (${soak.perSecond}/s), ${soak.errors.length} errors, goal 0`,
      soak.errors.length === 0,
    );
    for (const memory of soak.memory) {
      report.goal(
        `soak: server ${memory.server + 1} resident ${memory.afterWarmupMb} MB after warm-up, ${memory.endMb} MB at the end (peak ${memory.peakMb}) = ${(memory.growth * 100).toFixed(1)} % growth, goal <= ${SOAK_MEMORY_GROWTH * 100} %`,
        memory.growth <= SOAK_MEMORY_GROWTH,
      );
    }
  } finally {
    await environment.close();
  }
}

/** The heavy work row alone (--only heavy-work), on an embedded database of its own. */
async function heavyWorkOnly(settings: Settings, scratchDir: string, report: Report) {
  const place: Place = { databaseUrl: undefined, dataDir: path.join(scratchDir, 'heavy') };
  await seed(place, { bigAssets: 0, bigEvents: 0, smallOrganizations: 1, smallAssets: 10, longHistory: 0 });
  const server = await startServer({ ...serverEnv(place), METRICS_TOKEN: HEAVY_WORK_METRICS_TOKEN });
  try {
    await judgeHeavyWork(server, settings, report);
  } finally {
    await server.stop();
  }
}

/**
 * The public page's rows alone (--only public-page), on an embedded database of its own: an asset with
 * a few events, as the full run's sample asset has.
 */
async function publicPageOnly(settings: Settings, scratchDir: string, report: Report) {
  const place: Place = { databaseUrl: undefined, dataDir: path.join(scratchDir, 'public-page') };
  const { big } = await seed(place, {
    bigAssets: 200,
    bigEvents: 600,
    smallOrganizations: 1,
    smallAssets: 10,
    longHistory: 0,
  });
  if (!big) throw new Error('The public page data set has no organization.');
  const server = await startServer(serverEnv(place));
  try {
    await judgePublicPage(server, big, settings, report);
  } finally {
    await server.stop();
  }
}

/**
 * The location tree's rows alone (--only locations), on the full run's data set (seeded or reused):
 * the location scenarios of each tenant, the building's moves, and the figures saved beside the full
 * run's (they replace its location rows) for the embedded/PostgreSQL ratios.
 */
async function locationsOnly(settings: Settings, scratchDir: string, report: Report) {
  const kind: DatabaseKind = settings.databaseUrl ? 'postgres' : 'pglite';
  const place: Place = {
    databaseUrl: settings.databaseUrl,
    dataDir: settings.databaseUrl || settings.quick ? scratchDir : settings.dataDir,
  };
  const { big, small } = await seed(place, settings.size);
  if (!big) throw new Error('The data set has no big organization: give it assets (--assets).');
  const server = await startServer(serverEnv(place));
  try {
    report.write(
      `
${settings.seconds} s per row; goals at 8 connections on ${kind === 'postgres' ? 'p95, ' : ''}p99 and p99 <= ${P99_WITHIN_P95}× p95; load average ${loadAverage()}

`,
    );
    report.tableHeader();
    const { p95 } = await measureScenarios(server, [big, small], settings, report, {
      p95Judged: kind === 'postgres',
      scenarios: locationScenarios,
    });
    const figures = { ...p95, [MOVE_KEY]: await judgeLocationMoves(server, big, kind, settings, report) };
    if (!settings.quick) {
      await saveResults(settings.dataDir, kind, settings.size, figures);
      const other = await otherResults(settings.dataDir, kind, settings.size);
      judgeEmbedded(kind, figures, other, report);
    }
  } finally {
    await server.stop();
  }
}

/**
 * The requests' rows alone (--only requests), on the full run's data set (seeded or reused) with its
 * requests: the requests screen, then reports arriving beside the public page.
 */
async function requestsOnly(settings: Settings, scratchDir: string, report: Report) {
  const kind: DatabaseKind = settings.databaseUrl ? 'postgres' : 'pglite';
  const place: Place = {
    databaseUrl: settings.databaseUrl,
    dataDir: settings.databaseUrl || settings.quick ? scratchDir : settings.dataDir,
  };
  const { big } = await seed(place, settings.size, undefined, settings.requests);
  if (!big) throw new Error('The data set has no big organization: give it assets (--assets).');
  const server = await startServer({ ...serverEnv(place), ...REQUEST_BENCH_ENV });
  try {
    report.write(
      `\nrequests (${settings.requests.toLocaleString('en-US')} in the big tenant; ${settings.seconds} s per row; load average ${loadAverage()})\n`,
    );
    const bigToken = await signIn(server, big);
    await judgeRequestsScreen(server, bigToken, settings.seconds, report, kind === 'postgres');
    await judgePublicReports(server, bigToken, big, settings.seconds, report, otherInstance(place));
  } finally {
    await server.stop();
  }
}

/** Readings timed that make a task due (after 20 warm-up ones): the goal's p95 is of these. */
const DUE_READINGS = { full: 500, quick: 100 };

/**
 * The meters' rows alone (--only meters), on an organization of their own (BENCH_DATABASE_URL, or an
 * embedded database beside the data dir): readings that each make a usage schedule's task due, one
 * after the other, and the asset page's meters (3 meters, each read as long as every other) under load.
 */
async function metersOnly(settings: Settings, scratchDir: string, report: Report) {
  const kind: DatabaseKind = settings.databaseUrl ? 'postgres' : 'pglite';
  const place: Place = {
    databaseUrl: settings.databaseUrl,
    dataDir: settings.databaseUrl || settings.quick ? scratchDir : `${settings.dataDir}-meters`,
  };
  const count = (settings.quick ? DUE_READINGS.quick : DUE_READINGS.full) + 20;
  const started = performance.now();
  const database = await openBenchDatabase(place);
  let dataset: Awaited<ReturnType<typeof prepareMeterOrganization>>;
  try {
    await database.migrate();
    dataset = await prepareMeterOrganization(database.db, settings.meters, count);
  } finally {
    await database.close();
  }
  const { usageSchedules, calendarSchedules, readings } = settings.meters;
  report.write(
    `meters: ${usageSchedules.toLocaleString('en-US')} usage schedules (one meter each) beside ${calendarSchedules.toLocaleString('en-US')} calendar ones, ${readings.toLocaleString('en-US')} readings, ready in ${((performance.now() - started) / 1000).toFixed(0)} s (${kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'})\n`,
  );
  const server = await startServer(serverEnv(place));
  try {
    const authorization = await signInReader(server);
    const timed = await timeDueReadings(server, authorization, dataset.due, 20);
    const judged = kind === 'postgres';
    const quickNote = settings.quick ? ' (for 30,000 usage schedules and 5,000,000 readings)' : '';
    const line = `  a reading that makes a task due (${timed.count} one after the other, each task created in its transaction: ${timed.tasks}, errors ${timed.errors}): p50 ${timed.p50.toFixed(1)} ms, p95 ${timed.p95.toFixed(1)} ms, p99 ${timed.p99.toFixed(1)} ms, goal p95 <= ${GOALS.dueReadingP95Ms} ms${quickNote}`;
    const everyTask = timed.tasks === timed.count && timed.errors === 0;
    if (judged) report.goal(line, everyTask && timed.p95 <= GOALS.dueReadingP95Ms);
    else {
      report.write(`${line} (PostgreSQL's goal, shown here)\n`);
      report.goal(`  every reading made its task: ${timed.tasks} of ${timed.count}`, everyTask);
    }
    const page = {
      url: `${server.url}/api/assets/${dataset.sampleAssetId}/meters`,
      headers: { authorization },
      connections: 8,
    };
    const meters = await measureLoad(page, settings.seconds);
    const asset = await measureLoad(
      { ...page, url: `${server.url}/api/assets/${dataset.sampleAssetId}` },
      settings.seconds,
    );
    report.tableHeader();
    report.loadRow('meters', 'asset page: its 3 meters', 8, meters, {
      p95Ms: judged ? GOALS.meterPageP95Ms : undefined,
      p99Ms: GOALS.meterPageP95Ms * 3,
    });
    report.loadRow('meters', 'asset page: the asset', 8, asset);
    const work = await measureLoad(
      { ...page, url: `${server.url}/api/admin/dashboard/work?rangeDays=365` },
      settings.seconds,
    );
    report.loadRow('meters', 'cost and downtime, 365 days', 8, work, {
      p95Ms: judged ? GOALS.workAnalyticsP95Ms : undefined,
      p99Ms: GOALS.workAnalyticsP99Ms,
    });
    if (!judged)
      report.write(
        `  (PostgreSQL's goals, shown here: the meters call p95 <= ${GOALS.meterPageP95Ms} ms, cost and downtime p95 <= ${GOALS.workAnalyticsP95Ms} ms)\n`,
      );
  } finally {
    await server.stop();
  }
}

/** Each small-tenant scenario beside the big one as a ratio of the same alone (goal: within 1.2×). */
function judgeSmallBesideBig(
  kind: DatabaseKind,
  beside: P95ByScenario,
  alone: P95ByScenario,
  report: Report,
): void {
  const goal = `goal <= ${GOALS.smallBesideBig}× or within ${GOALS.smallBesideBigSlackMs} ms`;
  report.ratios(
    `small tenant beside the big one / alone (p95 at 8 connections), ${kind === 'postgres' ? goal : `shown: the ${goal} is PostgreSQL's`}`,
    beside,
    alone,
    kind === 'postgres'
      ? (ratio, besideMs, aloneMs) =>
          ratio <= GOALS.smallBesideBig || besideMs - aloneMs <= GOALS.smallBesideBigSlackMs
      : undefined,
  );
}

/** The embedded database's p95 as a ratio of PostgreSQL's on the same data set (goal: within 3×). */
function judgeEmbedded(
  kind: DatabaseKind,
  mine: P95ByScenario,
  other: P95ByScenario | undefined,
  report: Report,
): void {
  if (!other) {
    report.write(
      `\nembedded vs PostgreSQL: run the other database at this same size to compare (${kind === 'postgres' ? 'without' : 'with'} BENCH_DATABASE_URL)\n`,
    );
    return;
  }
  const [embedded, postgres] = kind === 'pglite' ? [mine, other] : [other, mine];
  report.ratios(
    `embedded PGlite / PostgreSQL on this data set (p95 at 8 connections), goal <= ${EMBEDDED_WITHIN}×`,
    embedded,
    postgres,
    (ratio) => ratio <= EMBEDDED_WITHIN,
  );
}

/** The public page as a phone sees it: Lighthouse mobile and the JavaScript it loads (ADR 032). */
async function judgePublicPage(server: RunningProcess, tenant: Tenant, settings: Settings, report: Report) {
  const page = await measurePublicPage(server.url, `/a/${tenant.organizationId}/${tenant.sample.slug}`, {
    runs: settings.quick ? 1 : 3,
  });
  report.write(
    `\npublic asset page, Lighthouse mobile (median of ${settings.quick ? 1 : 3}): LCP ${page.lcpMs.toFixed(0)} ms, CLS ${page.cls.toFixed(3)}, TBT ${page.tbtMs.toFixed(0)} ms\n`,
  );
  report.goal(
    `  performance ${page.performance}, goal >= ${PUBLIC_PAGE_GOALS.performance}`,
    page.performance >= PUBLIC_PAGE_GOALS.performance,
  );
  report.goal(
    `  accessibility ${page.accessibility}, goal ${PUBLIC_PAGE_GOALS.accessibility}`,
    page.accessibility >= PUBLIC_PAGE_GOALS.accessibility,
  );
  const catalogs = Object.entries(page.catalogGzipKb)
    .map(([locale, kb]) => `${locale} ${kb}`)
    .join(', ');
  report.goal(
    `  JavaScript ${page.scriptGzipKb} KB gzip with its heaviest language's catalog (scripts ${page.staticScriptGzipKb} KB; catalogs ${catalogs} KB), goal <= ${PUBLIC_PAGE_GOALS.scriptGzipKb} KB`,
    page.scriptGzipKb <= PUBLIC_PAGE_GOALS.scriptGzipKb,
  );
  // The field app (ADR 055): Lighthouse's installability check on a page of the app.
  const install = await checkInstallable(`${server.url}/login`);
  report.goal(
    `app installable (Lighthouse): ${install.installable ? 'yes' : `no (${install.errors.join(', ')})`}, goal yes`,
    install.installable,
  );
}

/**
 * A register imported through the API, upload to done, then a maintenance history of as many events
 * over its assets, each beside its goal.
 */
async function judgeImport(server: RunningProcess, kind: DatabaseKind, settings: Settings, report: Report) {
  const rows = settings.quick ? IMPORT_ROWS.quick : IMPORT_ROWS.full;
  const goal = GOALS.importSeconds[kind];
  const files = [
    { what: 'assets', csv: registerCsv(rows), options: { kind: 'assets', selectColumn: 3 } },
    { what: 'history events', csv: historyCsv(rows, rows), options: { kind: 'events', numberColumn: 5 } },
  ] as const;
  for (const file of files) {
    const timing = await timeImport(server, file.csv, file.options);
    report.goal(
      `import of ${rows.toLocaleString('en-US')} ${file.what}: upload ${timing.uploadSeconds.toFixed(1)} s, check ${timing.checkSeconds.toFixed(1)} s, commit ${timing.commitSeconds.toFixed(1)} s = ${timing.totalSeconds.toFixed(1)} s, goal <= ${goal} s${settings.quick ? ' (for 50,000)' : ''}`,
      timing.created === rows && timing.totalSeconds <= goal,
    );
  }
}

/** The labels of the assets an import created, request to PDF, beside their goal. */
async function judgeLabels(server: RunningProcess, report: Report) {
  const timing = await timeLabels(server, LABELS);
  report.goal(
    `labels: ${LABELS.toLocaleString('en-US')} on ${timing.layout} with a custom field (${timing.pages} pages, ${timing.kilobytes.toFixed(0)} KB) in ${timing.seconds.toFixed(1)} s, goal <= ${GOALS.labelSeconds} s`,
    timing.complete && timing.seconds <= GOALS.labelSeconds,
  );
}

/** The key of the moves' median among the saved figures: the embedded database's is a ratio of it. */
const MOVE_KEY = 'big: moving a building (median)';

/**
 * The big tenant's first building (5 % of its assets) moved to another site and back while its asset
 * list is loaded: each move against its goal (both databases), the list's p95 meanwhile as a ratio of
 * at rest (judged on PostgreSQL, shown embedded). Answers the moves' median for the saved figures.
 */
async function judgeLocationMoves(
  server: RunningProcess,
  big: Tenant,
  kind: DatabaseKind,
  settings: Settings,
  report: Report,
): Promise<number> {
  const authorization = `Bearer ${await signIn(server, big)}`;
  const { building, site, otherSiteId } = big.locations;
  const timing = await timeLocationMoves(
    server,
    authorization,
    { id: building.id, there: otherSiteId, home: site.id },
    { url: `${server.url}/api/assets`, headers: { authorization }, connections: 8 },
    settings.seconds,
  );
  const verdict = judgeMoves(
    timing.movesMs,
    { atRestP95: timing.atRest.p95, duringP95: timing.during.p95 },
    { seconds: GOALS.locationMoveSeconds, ratio: GOALS.listWhileMoving },
  );
  report.write(
    `
locations: a building with ${building.assets.toLocaleString('en-US')} assets and ${building.locations} locations below it (of ${big.assetCount.toLocaleString('en-US')}) moved to another site and back, ${timing.movesMs.length} moves one after the other
`,
  );
  report.goal(
    `  each move: median ${verdict.medianMs.toFixed(0)} ms, slowest ${verdict.slowestMs.toFixed(0)} ms, goal <= ${GOALS.locationMoveSeconds} s${settings.quick ? ' (for 50,000 assets)' : ''}`,
    verdict.timeOk,
  );
  const line = `  asset list p95 while they run: ${timing.during.p95.toFixed(0)} ms (p99 ${timing.during.p99.toFixed(0)}, ${timing.during.errors} errors) vs ${timing.atRest.p95.toFixed(0)} ms at rest = ${verdict.ratio.toFixed(2)}×, goal <= ${GOALS.listWhileMoving}×`;
  if (kind === 'postgres') report.goal(line, verdict.ratioOk && timing.during.errors === 0);
  else
    report.write(`${line} (PostgreSQL's goal, shown here)
`);
  return Math.round(verdict.medianMs);
}

/**
 * The engine creating the due tasks of `count` schedules (an organization of their own), and the big
 * tenant's asset list meanwhile as a ratio of its p95 at rest (judged on PostgreSQL, shown embedded).
 */
async function judgeSchedules(
  server: RunningProcess,
  big: Tenant,
  count: number,
  kind: DatabaseKind,
  settings: Settings,
  report: Report,
) {
  const assetList = {
    url: `${server.url}/api/assets`,
    headers: { authorization: `Bearer ${await signIn(server, big)}` },
    connections: 8,
  };
  const timing = await timeScheduleEngine(server, assetList, settings.seconds, count);
  report.write(
    `\nschedules: the due tasks of ${count.toLocaleString('en-US')} schedules created in ${timing.seconds.toFixed(1)} s (${timing.tasksCreated.toLocaleString('en-US')} tasks)\n`,
  );
  const ratio = timing.during.p95 / Math.max(timing.atRest.p95, 1);
  const line = `  asset list p95 while they are created: ${timing.during.p95.toFixed(0)} ms vs ${timing.atRest.p95.toFixed(0)} ms at rest = ${ratio.toFixed(2)}×, goal <= ${GOALS.listWhileScheduling}×`;
  if (kind === 'postgres') {
    report.goal(line, timing.tasksCreated === count && ratio <= GOALS.listWhileScheduling);
  } else {
    report.write(`${line} (PostgreSQL's goal, shown here)\n`);
    report.goal(
      `  every schedule's task created: ${timing.tasksCreated} of ${count}`,
      timing.tasksCreated === count,
    );
  }
}

/**
 * The server as `npm start` runs it: the built web app (the public page's measures need it) and the
 * server's type-stripped sources (ADR 070), both built again each run so that neither is stale.
 */
function ensureBuilt(): void {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed.');
}

async function main(): Promise<void> {
  const settings = options();
  ensureBuilt();
  const report = new Report(!settings.quick);
  if (settings.resilience) {
    await runResilience({ quick: settings.quick }, report);
    await judgeSoak(settings.soakSeconds, report);
    report.finish();
    return;
  }
  const kind: DatabaseKind = settings.databaseUrl ? 'postgres' : 'pglite';
  const scratchDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-bench-'));
  if (settings.metersOnly) {
    try {
      await metersOnly(settings, scratchDir, report);
    } finally {
      await rm(scratchDir, { recursive: true, force: true });
    }
    report.finish();
    return;
  }
  if (settings.locationsOnly || settings.requestsOnly) {
    try {
      if (settings.locationsOnly) await locationsOnly(settings, scratchDir, report);
      else await requestsOnly(settings, scratchDir, report);
    } finally {
      await rm(scratchDir, { recursive: true, force: true });
    }
    report.finish();
    return;
  }
  if (settings.heavyWorkOnly || settings.publicPageOnly || settings.checklistsOnly) {
    try {
      if (settings.heavyWorkOnly) await heavyWorkOnly(settings, scratchDir, report);
      else if (settings.checklistsOnly) await checklistsOnly(settings, scratchDir, report);
      else await publicPageOnly(settings, scratchDir, report);
    } finally {
      await rm(scratchDir, { recursive: true, force: true });
    }
    report.finish();
    return;
  }
  const place: Place = {
    databaseUrl: settings.databaseUrl,
    dataDir: settings.databaseUrl || settings.quick ? scratchDir : settings.dataDir,
  };
  try {
    const schedules = settings.schedules;
    const { big, small } = await seed(place, settings.size, schedules, settings.requests);
    if (!big) throw new Error('The data set has no big organization: give it assets (--assets).');
    const lonely = await alonePlace(settings, scratchDir);
    const { small: smallAlone } = await seed(lonely, {
      ...settings.size,
      bigAssets: 0,
      bigEvents: 0,
      longHistory: 0,
    });
    // The test clock starts the engine's timed run (judgeSchedules); nothing else uses it.
    const server = await startServer({ ...serverEnv(place), TEST_CLOCK: 'true', ...REQUEST_BENCH_ENV });
    let aloneServer: RunningProcess | undefined;
    let beside: P95ByScenario;
    let alone: P95ByScenario;
    let moveMedianMs: number;
    try {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const memory = await server.residentMb();
      // Its /metrics give the heavy work row the event loop's delay (judgeHeavyWork).
      aloneServer = await startServer({ ...serverEnv(lonely), METRICS_TOKEN: HEAVY_WORK_METRICS_TOKEN });
      // The p95 goals are PostgreSQL's, the embedded database's p95 judged as a ratio of it; the p99 goals hold on both.
      const goals =
        kind === 'postgres'
          ? `goals at 8 connections on p95, p99 and p99 <= ${P99_WITHIN_P95}× p95`
          : `goals at 8 connections on p99 and p99 <= ${P99_WITHIN_P95}× p95; PostgreSQL's p95 goals not judged here: the embedded database's p95 is judged against PostgreSQL's figures`;
      if (settings.databaseUrl) {
        report.write(
          `\nPostgreSQL as the bench found it (it tunes nothing: a new install runs on stock settings): ${describeSettings(await readPostgresSettings(settings.databaseUrl))}\n`,
        );
      }
      report.write(
        `\n${settings.seconds} s per row; ${goals}; the small tenant at 8 connections in ${PAIRED_ROUNDS} rounds alternating with "small alone" (the same tenant on a database without the big one, shown, not judged); load average ${loadAverage()}\n\n`,
      );
      report.tableHeader();
      const measured = await measureScenarios(server, [big, small], settings, report, {
        p95Judged: kind === 'postgres',
        alone: { server: aloneServer, tenant: smallAlone },
      });
      beside = measured.p95;
      alone = measured.aloneP95;
      // Before the rows that load big work on purpose (Lighthouse, schedules, imports, labels), and as
      // long after the last row as the idle figure after start.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const memoryAfterLoad = await server.residentMb();

      const memoryGoal = GOALS.memoryMb[kind];
      report.write('\n');
      report.goal(
        `memory after start (idle, resident): ${memory ?? '?'} MB, goal <= ${memoryGoal} MB`,
        memory !== null && memory <= memoryGoal,
      );
      const afterLoad = judgeMemoryAfterLoad(memory, memoryAfterLoad);
      report.goal(
        `memory after the latency rows (resident): ${memoryAfterLoad ?? '?'} MB vs ${memory ?? '?'} MB idle = ${afterLoad.ratio?.toFixed(2) ?? '?'}×, goal <= ${MEMORY_AFTER_LOAD_WITHIN_IDLE}×`,
        afterLoad.ok,
      );
      // The requests' rows (issue 35): the screen, then reports arriving beside the public page.
      report.write(
        `\nrequests (${settings.requests.toLocaleString('en-US')} in the big tenant; load average ${loadAverage()})\n`,
      );
      const bigToken = await signIn(server, big);
      await judgeRequestsScreen(server, bigToken, settings.seconds, report, kind === 'postgres');
      await judgePublicReports(server, bigToken, big, settings.seconds, report, otherInstance(place));
      await judgePublicPage(server, big, settings, report);
      if (settings.databaseUrl) {
        await compareWithBare(server, settings.databaseUrl, big, settings, report);
      } else {
        report.write('asset detail vs bare reference: PostgreSQL only (set BENCH_DATABASE_URL)\n');
      }
      moveMedianMs = await judgeLocationMoves(server, big, kind, settings, report);
      await judgeSchedules(server, big, schedules, kind, settings, report);
    } finally {
      await server.stop();
    }
    try {
      await judgeImportsAndLabels(aloneServer, settings, report);
    } finally {
      await aloneServer.stop();
    }
    judgeSmallBesideBig(kind, beside, alone, report);

    const figures = { ...beside, [MOVE_KEY]: moveMedianMs };
    if (!settings.quick) {
      await saveResults(settings.dataDir, kind, settings.size, figures);
      judgeEmbedded(kind, figures, await otherResults(settings.dataDir, kind, settings.size), report);
    }
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
  }
  report.finish();
}

await main();
