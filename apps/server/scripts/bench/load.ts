// Sends load with autocannon (from this process, never the server's) and reads the latency percentiles.
import autocannon from 'autocannon';
import hdr from 'hdr-histogram-js';

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

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = (await autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.seconds,
    skipAggregateResult: true,
  })) as unknown as AutocannonResult;
  return resultOf(result, options.seconds);
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
      },
      (error, finished) => (error ? reject(error) : resolve(finished as unknown as AutocannonResult)),
    );
    const stop = () => instance.stop();
    work.then(stop, stop);
  });
  return resultOf(result, (performance.now() - started) / 1000);
}
