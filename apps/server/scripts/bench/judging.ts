// The verdicts of the latency rows and of the memory after load: figures in, verdicts out. The p95 and p99
// goals themselves are the scenarios' (scenarios.ts); these two ratios hold for every row and both databases.

/** A row's p99 as a ratio of its p95: past it, the slowest requests wait on something the others do not. */
export const P99_WITHIN_P95 = 3;
/** Resident memory after the latency rows as a ratio of the same server idle: what the load left behind. */
export const MEMORY_AFTER_LOAD_WITHIN_IDLE = 1.5;

/** A judged row's goals: the p95 only where it is absolute (PostgreSQL), the p99 on both databases. */
export interface LatencyGoals {
  p95Ms?: number;
  p99Ms: number;
}

export type LatencyGoalName = 'p95' | 'p99' | 'p99/p95';

export interface LatencyVerdict {
  /** The row's p99 over its p95 (a p95 under 1 ms counts as 1 ms, the timer's resolution). */
  p99OverP95: number;
  /** Each goal the row was judged on, with whether it met it, in the table's order. */
  goals: { name: LatencyGoalName; ok: boolean }[];
  missed: LatencyGoalName[];
}

/** The one judge of a latency row: its p95 and p99 against their goals, and its p99 against its p95. */
export function judgeLatency(figures: { p95: number; p99: number }, goals: LatencyGoals): LatencyVerdict {
  const p99OverP95 = p99OverP95Of(figures);
  const judged: LatencyVerdict['goals'] = [];
  if (goals.p95Ms !== undefined) judged.push({ name: 'p95', ok: figures.p95 <= goals.p95Ms });
  judged.push({ name: 'p99', ok: figures.p99 <= goals.p99Ms });
  judged.push({ name: 'p99/p95', ok: p99OverP95 <= P99_WITHIN_P95 });
  return { p99OverP95, goals: judged, missed: judged.filter((goal) => !goal.ok).map((goal) => goal.name) };
}

export const p99OverP95Of = (figures: { p95: number; p99: number }) => figures.p99 / Math.max(figures.p95, 1);

export interface MemoryVerdict {
  /** After over idle, or null when either could not be read. */
  ratio: number | null;
  ok: boolean;
}

/** The resident memory after the latency rows against the same server's idle figure. */
export function judgeMemoryAfterLoad(idleMb: number | null, afterLoadMb: number | null): MemoryVerdict {
  if (idleMb === null || afterLoadMb === null || idleMb <= 0) return { ratio: null, ok: false };
  const ratio = afterLoadMb / idleMb;
  return { ratio, ok: ratio <= MEMORY_AFTER_LOAD_WITHIN_IDLE };
}

export interface MoveVerdict {
  medianMs: number;
  slowestMs: number;
  /** The list's p95 while the moves ran over its p95 at rest (a p95 under 1 ms counts as 1 ms). */
  ratio: number;
  timeOk: boolean;
  ratioOk: boolean;
}

/** The location moves: the slowest against its time goal, the list meanwhile against its ratio goal. */
export function judgeMoves(
  movesMs: readonly number[],
  list: { atRestP95: number; duringP95: number },
  goals: { seconds: number; ratio: number },
): MoveVerdict {
  if (movesMs.length === 0) throw new Error('No move was timed.');
  const sorted = [...movesMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const medianMs = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const slowestMs = sorted[sorted.length - 1]!;
  const ratio = list.duringP95 / Math.max(list.atRestP95, 1);
  return {
    medianMs,
    slowestMs,
    ratio,
    timeOk: slowestMs <= goals.seconds * 1000,
    ratioOk: ratio <= goals.ratio,
  };
}
