// Sends load with autocannon (from this process, never the server's) and reads the latency percentiles;
// a steady rate from a process of its own (paced-sender.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import hdr from 'hdr-histogram-js';
import type { PacedResult, PacedSending } from './paced-sender.ts';

const PACED_SENDER = fileURLToPath(new URL('./paced-sender.ts', import.meta.url));

export interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  /** Connection errors, timeouts and answers that were not 2xx. */
  errors: number;
}

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /**
   * Requests a second in all, as fast as answered when absent. autocannon sends each connection's share
   * of a second back to back as the second starts: with one connection, a probe one request after
   * another; a steady rate of visitors is `runPaced`'s.
   */
  overallRate?: number;
}

/** autocannon's summary has no p95: its raw latency histogram (milliseconds) is read instead. */
function percentileOf(encoded: string, percentile: number): number {
  const histogram = hdr.decodeFromCompressedBase64(encoded, 64, false);
  const value = histogram.getValueAtPercentile(percentile);
  histogram.destroy();
  return value;
}

type AutocannonResult = {
  latencies: string;
  totalCompletedRequests: number;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};

/** The percentiles of a finished run; `seconds` is what a run without any answer counts as. */
function resultOf(result: AutocannonResult, seconds: number): LoadResult {
  // Nothing answered within the run: every percentile is at least the run's length.
  if (result.totalCompletedRequests === 0) {
    const atLeast = seconds * 1000;
    return {
      p50: atLeast,
      p95: atLeast,
      p99: atLeast,
      requestsPerSecond: 0,
      errors: result.errors + result.timeouts,
    };
  }
  return {
    p50: percentileOf(result.latencies, 50),
    p95: percentileOf(result.latencies, 95),
    p99: percentileOf(result.latencies, 99),
    requestsPerSecond: result.totalCompletedRequests / Math.max(result.duration, 0.001),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function autocannonRun(options: LoadOptions): Promise<AutocannonResult> {
  return autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.seconds,
    skipAggregateResult: true,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  }) as unknown as Promise<AutocannonResult>;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  return resultOf(await autocannonRun(options), options.seconds);
}

/** One load's rounds as if they were one run: their latency histograms added, their counts summed. */
function mergeRounds(rounds: AutocannonResult[]): AutocannonResult {
  const histogram = hdr.build({ bitBucketSize: 64, autoResize: true, useWebAssembly: false });
  for (const round of rounds) {
    const next = hdr.decodeFromCompressedBase64(round.latencies, 64, false);
    histogram.add(next);
    next.destroy();
  }
  const latencies = hdr.encodeIntoCompressedBase64(histogram);
  histogram.destroy();
  const sum = (field: 'totalCompletedRequests' | 'duration' | 'errors' | 'timeouts' | 'non2xx') =>
    rounds.reduce((total, round) => total + round[field], 0);
  return {
    latencies,
    totalCompletedRequests: sum('totalCompletedRequests'),
    duration: sum('duration'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
  };
}

/**
 * Several loads measured in alternating rounds of `seconds` (A, B, A, B, …), each load's rounds then
 * merged into one result: a shared machine's busier minutes slow each load alike, where loads run
 * one after the other could each land in a different minute.
 */
export async function runAlternating(
  loads: Omit<LoadOptions, 'seconds'>[],
  rounds: number,
  seconds: number,
): Promise<LoadResult[]> {
  const results: AutocannonResult[][] = loads.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, load] of loads.entries())
      results[index]!.push(await autocannonRun({ ...load, seconds }));
  }
  return results.map((runs) => resultOf(mergeRounds(runs), seconds * rounds));
}

/** The load until `work` settles (10 minutes at most): the latencies a user sees while it runs. */
export async function runLoadWhile(
  options: Omit<LoadOptions, 'seconds'>,
  work: Promise<unknown>,
): Promise<LoadResult> {
  const started = performance.now();
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        connections: options.connections,
        duration: 600,
        skipAggregateResult: true,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished as unknown as AutocannonResult)),
    );
    const stop = () => instance.stop();
    work.then(stop, stop);
  });
  return resultOf(result, (performance.now() - started) / 1000);
}

/** `work` sent at its steady rate from a process of its own (paced-sender.ts), and its answers timed. */
export function runPaced(work: PacedSending): Promise<PacedResult> {
  return new Promise<PacedResult>((resolve, reject) => {
    const child = spawn(process.execPath, [PACED_SENDER], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as PacedResult)
        : reject(new Error(`The paced sender exited with ${code}.`)),
    );
    child.stdin.end(JSON.stringify(work));
  });
}
