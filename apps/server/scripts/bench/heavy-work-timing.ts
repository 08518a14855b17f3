// Heavy work beside everyone else (ADR 089): /healthz as a prober sees it from this process while a
// large CSV import is uploaded and checked, then while 8 label sheets are asked for at once by one
// organization (each retried after its Retry-After, as a user would), with the server's memory meanwhile.

import { once } from 'node:events';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { LABEL_LAYOUTS } from '@mqr/contracts';
import { signInImportAdmin, timeImport } from './import-timing.ts';
import { type LoadResult, runLoadWhile } from './load.ts';
import type { RunningProcess } from './processes.ts';

/** /healthz probes a second: a prober's pace, not a load that would take the CPU from the work. */
const PROBES_PER_SECOND = 50;
const SHEETS_AT_ONCE = 8;
const LAYOUT = LABEL_LAYOUTS[0];

/**
 * A register of about `megabytes` MB (within the import's 100,000 rows) in a file of `folder`: slug,
 * name, serial, room and long notes. Written a thousand rows at a time and sent from the disk, so
 * that this process, which also probes /healthz, never holds (nor collects) the whole text.
 */
export async function largeRegisterFile(megabytes: number, folder: string): Promise<Blob> {
  const target = megabytes * 1024 * 1024;
  const rows = Math.min(90_000, Math.floor(target / 450));
  const notes = 'x'.repeat(Math.max(0, Math.floor(target / rows) - 75));
  const file = path.join(folder, 'large-register.csv');
  const out = createWriteStream(file);
  out.write('Slug,Name,Serial,Room,Notes\r\n');
  for (let start = 1; start <= rows; start += 1000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(start + 1000, rows + 1); i++) {
      lines.push(
        `heavy-pump-${i},Heavy pump ${i},SN-${300000 + i},Room ${i % 40},"Checked, cleaned: ${notes}"\r\n`,
      );
    }
    if (!out.write(lines.join(''))) await once(out, 'drain');
  }
  out.end();
  await finished(out);
  return openAsBlob(file, { type: 'text/csv' });
}

/** A register of `count` new assets to print. */
function labelRegisterCsv(count: number): string {
  const lines = ['Name,Serial'];
  for (let i = 1; i <= count; i++) lines.push(`Heavy label pump ${i},SN-${400000 + i}`);
  return `${lines.join('\r\n')}\r\n`;
}

/** The server's resident memory, sampled until `work` settles: the first sample and the highest. */
async function residentWhile(server: RunningProcess, work: Promise<unknown>) {
  let settled = false;
  work.then(
    () => (settled = true),
    () => (settled = true),
  );
  const first = (await server.residentMb()) ?? 0;
  let peak = first;
  while (!settled) {
    peak = Math.max(peak, (await server.residentMb()) ?? 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { beforeMb: first, peakMb: peak };
}

/** The token the server under test is started with for its /metrics (METRICS_TOKEN). */
export const HEAVY_WORK_METRICS_TOKEN = 'bench-heavy-work-metrics';

/** The server's event loop delay (its monitorEventLoopDelay, read through /metrics) in ms, p99 and max. */
async function eventLoopDelay(server: RunningProcess) {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${HEAVY_WORK_METRICS_TOKEN}` },
  });
  if (!response.ok)
    throw new Error(`GET /metrics answered ${response.status}: start the server with METRICS_TOKEN.`);
  const text = await response.text();
  const seconds = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    p99Ms: seconds('nodejs_eventloop_lag_p99_seconds') * 1000,
    maxMs: seconds('nodejs_eventloop_lag_max_seconds') * 1000,
  };
}

/** The server's event loop delay while `work` runs (a scrape resets prom-client's histogram). */
async function eventLoopDelayWhile(server: RunningProcess, work: Promise<unknown>) {
  await eventLoopDelay(server);
  await work.catch(() => {});
  return eventLoopDelay(server);
}

/** /healthz latencies from this process while `work` runs. */
function healthzWhile(server: RunningProcess, work: Promise<unknown>): Promise<LoadResult> {
  return runLoadWhile(
    { url: `${server.url}/healthz`, headers: {}, connections: 1, overallRate: PROBES_PER_SECOND },
    work,
  );
}

/** One label sheet of an import's assets, asked again after each 429 or 503 (waiting its Retry-After). */
async function sheetUntilMade(server: RunningProcess, authorization: string, importId: string) {
  let refusals = 0;
  for (;;) {
    const response = await fetch(`${server.url}/api/labels`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ importId, layout: LAYOUT.id }),
    });
    if (response.status === 429 || response.status === 503) {
      refusals += 1;
      await response.arrayBuffer();
      const wait = Number(response.headers.get('retry-after') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    if (!response.ok)
      throw new Error(`POST /api/labels answered ${response.status}: ${await response.text()}`);
    const bytes = (await response.arrayBuffer()).byteLength;
    return { refusals, bytes };
  }
}

/**
 * /healthz p99 while a CSV of `megabytes` MB is uploaded and checked, and while SHEETS_AT_ONCE sheets of
 * `labels` labels each are asked for at once by one organization; the server's memory during the
 * sheets, and how often they were told to wait.
 */
export async function timeHeavyWork(server: RunningProcess, options: { megabytes: number; labels: number }) {
  const register = await timeImport(server, labelRegisterCsv(options.labels), { kind: 'assets' });
  if (register.created !== options.labels) throw new Error(`The label register created ${register.created}.`);

  const rest = new Promise((resolve) => setTimeout(resolve, 3000));
  const [atRest, restLoop] = await Promise.all([
    healthzWhile(server, rest),
    eventLoopDelayWhile(server, rest),
  ]);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'mqr-bench-heavy-'));
  const csv = await largeRegisterFile(options.megabytes, folder);
  const importing = timeImport(server, csv, { kind: 'assets', checkOnly: true });
  const [duringImport, importLoop] = await Promise.all([
    healthzWhile(server, importing),
    eventLoopDelayWhile(server, importing),
  ]);
  const imported = await importing.finally(() => rm(folder, { recursive: true, force: true }));

  const authorization = await signInImportAdmin(server);
  // The renderer's libraries load with the first sheet after a start (ADR 068): not what is measured.
  await sheetUntilMade(server, authorization, register.run.id);
  const started = performance.now();
  const sheets = Promise.all(
    Array.from({ length: SHEETS_AT_ONCE }, () => sheetUntilMade(server, authorization, register.run.id)),
  );
  const [duringLabels, labelsLoop, memory] = await Promise.all([
    healthzWhile(server, sheets),
    eventLoopDelayWhile(server, sheets),
    residentWhile(server, sheets),
  ]);
  const made = await sheets;
  return {
    atRest,
    restLoop,
    csvMegabytes: csv.size / 1024 / 1024,
    importSeconds: imported.totalSeconds,
    duringImport,
    importLoop,
    sheets: made.length,
    labelSeconds: (performance.now() - started) / 1000,
    refusals: made.reduce((sum, sheet) => sum + sheet.refusals, 0),
    duringLabels,
    labelsLoop,
    memory,
  };
}
