import { readFile } from 'node:fs/promises';
import {
  type DecodedOutcome,
  LOAD_KINDS,
  LOAD_SUCCESS,
  type LoadKind,
  type MixedLoadSettings,
  startMixedLoad,
} from './mixed-load.ts';
import type { OutageEnvironment } from './outage-environment.ts';

/**
 * The soak (issue 37, ADR 140): many connections of mixed reads and writes against the two instances
 * for minutes, from a process of its own, while each server's resident memory is read every second.
 * `npm run test:resilience` runs it 2 minutes; `npm run bench -- --resilience` 10.
 */
export const SOAK_WEIGHTS: MixedLoadSettings['weights'] = {
  list: 30,
  asset: 20,
  public: 20,
  create: 10,
  event: 15,
  file: 5,
};

/** Resident memory may grow this much from the end of the warm-up to the end of a soak (issue 37). */
export const SOAK_MEMORY_GROWTH = 0.1;

/** How long each end of the run is averaged over to compare the memory after warm-up and at the end. */
const MEMORY_WINDOW_MS = 15_000;

export interface SoakOptions {
  environment: Pick<OutageEnvironment, 'servers' | 'urls' | 'member' | 'organizationId' | 'assets' | 'files'>;
  connections: number;
  seconds: number;
  /** The first seconds of the run: the memory is compared from their end on. */
  warmupSeconds: number;
  prefix: string;
  /** Said every 30 s (the bench prints it). */
  progress?: (text: string) => void;
}

export interface KindFigures {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

export interface MemoryFigures {
  server: number;
  /** Resident memory (MB), the median of the samples of the 15 s after warm-up. */
  afterWarmupMb: number;
  /** The median of the last 15 s. */
  endMb: number;
  peakMb: number;
  /** endMb / afterWarmupMb - 1. */
  growth: number;
}

export interface SoakFigures {
  connections: number;
  seconds: number;
  requests: number;
  perSecond: number;
  /** Every answer that was not the kind's success, and every request without an answer. */
  errors: DecodedOutcome[];
  byKind: Partial<Record<LoadKind, KindFigures>>;
  memory: MemoryFigures[];
}

/** Resident memory of a process in MB (Linux /proc), or null where it cannot be read. */
export async function residentMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function runSoak(options: SoakOptions): Promise<SoakFigures> {
  const { environment } = options;
  const pids = environment.servers.map((server) => server.child.pid!);
  const samples: { at: number; mb: number[] }[] = [];
  const sample = async () => {
    const mb = await Promise.all(pids.map((pid) => residentMb(pid)));
    if (mb.every((value) => value !== null)) samples.push({ at: Date.now(), mb: mb as number[] });
  };
  const load = await startMixedLoad({
    urls: environment.urls,
    token: environment.member.session.token!,
    connections: options.connections,
    weights: SOAK_WEIGHTS,
    organizationId: environment.organizationId,
    assets: environment.assets,
    files: environment.files,
    prefix: options.prefix,
  });
  const startedAt = Date.now();
  const endsAt = startedAt + options.seconds * 1000;
  let said = startedAt;
  while (Date.now() < endsAt) {
    await sample();
    if (options.progress && Date.now() - said >= 30_000) {
      said = Date.now();
      const last = samples
        .at(-1)
        ?.mb.map((mb) => Math.round(mb))
        .join(' and ');
      options.progress(
        `${Math.round((said - startedAt) / 1000)} s: ${load.outcomes().length} requests, resident ${last} MB`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const outcomes = await load.stop();
  await sample();
  const seconds = (Date.now() - startedAt) / 1000;

  const errors = outcomes.filter((o) => o.status !== LOAD_SUCCESS[o.kind]);
  const byKind: SoakFigures['byKind'] = {};
  for (const kind of LOAD_KINDS) {
    const times = outcomes
      .filter((o) => o.kind === kind)
      .map((o) => o.answeredAt - o.sentAt)
      .sort((a, b) => a - b);
    if (times.length === 0) continue;
    byKind[kind] = {
      requests: times.length,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      p99Ms: percentile(times, 99),
    };
  }
  const warmEnd = startedAt + options.warmupSeconds * 1000;
  const afterWarmup = samples.filter((s) => s.at >= warmEnd && s.at < warmEnd + MEMORY_WINDOW_MS);
  const last = samples.filter((s) => s.at >= samples.at(-1)!.at - MEMORY_WINDOW_MS);
  const memory = pids.map((_, server) => {
    const afterWarmupMb = median(afterWarmup.map((s) => s.mb[server]!));
    const endMb = median(last.map((s) => s.mb[server]!));
    return {
      server,
      afterWarmupMb: Math.round(afterWarmupMb * 10) / 10,
      endMb: Math.round(endMb * 10) / 10,
      peakMb: Math.round(Math.max(...samples.map((s) => s.mb[server]!)) * 10) / 10,
      growth: Math.round((endMb / afterWarmupMb - 1) * 1000) / 1000,
    };
  });
  return {
    connections: options.connections,
    seconds: Math.round(seconds),
    requests: outcomes.length,
    perSecond: Math.round(outcomes.length / seconds),
    errors,
    byKind,
    memory,
  };
}
