// What the benchmark prints: a row per scenario and connection count, and every goal with its verdict.
import os from 'node:os';
import {
  judgeLatency,
  type LatencyGoals,
  type LatencyVerdict,
  P99_WITHIN_P95,
  p99OverP95Of,
} from './judging.ts';
import type { LoadResult } from './load.ts';

// The text columns, the figures, then the verdict (its own width: it names the goals missed).
const WIDTHS = [12, 30, 5, 7, 7, 7, 8, 6, 9, 9, 10];
const ms = (value: number) => value.toFixed(0);

function row(cells: (string | number)[]): string {
  return `${cells
    .map((cell, i) => {
      const width = WIDTHS[i];
      if (width === undefined) return String(cell);
      return i < 3 ? String(cell).padEnd(width) : String(cell).padStart(width);
    })
    .join(' ')}\n`;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Prints as it goes and keeps the tally the exit code comes from. */
export class Report {
  missed = 0;
  errors = 0;

  private readonly enforced: boolean;

  /** `enforced`: a missed goal fails the run (not in the quick run, whose data set is too small to judge). */
  constructor(enforced: boolean) {
    this.enforced = enforced;
  }

  write(text: string): void {
    process.stdout.write(text);
  }

  tableHeader(): void {
    this.write(
      row([
        'tenant',
        'scenario',
        'conns',
        'p50',
        'p95',
        'p99',
        'req/s',
        'errors',
        'goal p95',
        'goal p99',
        'p99/p95',
        '',
      ]),
    );
  }

  /**
   * One row of load; judged against `goals` when given (judgeLatency), each goal missed counted. The
   * p99/p95 column shows the ratio on every row and its goal on the judged ones.
   */
  loadRow(
    tenant: string,
    scenario: string,
    connections: number,
    result: LoadResult,
    goals?: LatencyGoals,
  ): void {
    this.errors += result.errors;
    const ratio = `${p99OverP95Of(result).toFixed(1)}×`;
    const judged = goals ? judgeLatency(result, goals) : undefined;
    this.missed += judged?.missed.length ?? 0;
    this.write(
      row([
        tenant,
        scenario,
        connections,
        ms(result.p50),
        ms(result.p95),
        ms(result.p99),
        result.requestsPerSecond.toFixed(0),
        result.errors,
        goals?.p95Ms === undefined ? '' : `<= ${goals.p95Ms}`,
        goals ? `<= ${goals.p99Ms}` : '',
        goals ? `${ratio} <= ${P99_WITHIN_P95}` : ratio,
        judged ? rowVerdict(judged) : '',
      ]),
    );
  }

  /** A figure beside its goal, on a line of its own. */
  goal(text: string, ok: boolean): void {
    if (!ok) this.missed++;
    this.write(`${text} ${verdict(ok)}\n`);
  }

  /**
   * Each scenario's p95 in `measured` as a ratio of the same scenario's in `reference`, under `title`,
   * judged by `ok` (shown only, without it).
   */
  ratios(
    title: string,
    measured: Record<string, number>,
    reference: Record<string, number>,
    ok?: (ratio: number, measuredMs: number, referenceMs: number) => boolean,
  ): void {
    this.write(`\n${title}\n`);
    for (const [key, referenceMs] of Object.entries(reference)) {
      const measuredMs = measured[key];
      if (measuredMs === undefined) continue;
      const ratio = measuredMs / Math.max(referenceMs, 1);
      const text = `  ${key.padEnd(40)} ${String(measuredMs).padStart(5)} / ${String(referenceMs).padStart(5)} ms = ${ratio.toFixed(2)}×`;
      if (ok) this.goal(text, ok(ratio, measuredMs, referenceMs));
      else this.write(`${text}\n`);
    }
  }

  /** Exit code: 1 on any error, or on a missed goal when goals are enforced. */
  finish(): void {
    this.write(`\n${this.missed} goal(s) missed, ${this.errors} error(s); load average ${loadAverage()}\n`);
    if (this.errors > 0 || (this.missed > 0 && this.enforced)) process.exitCode = 1;
  }
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** "ok", or "MISSED" and the goals missed, for a row that misses one but not another. */
const rowVerdict = (judged: LatencyVerdict) =>
  judged.missed.length === 0 ? verdict(true) : `${verdict(false)} ${judged.missed.join(', ')}`;
