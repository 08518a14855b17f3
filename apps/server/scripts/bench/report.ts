// What the benchmark prints: a row per scenario and connection count, and every goal with its verdict.
import os from 'node:os';
import type { LoadResult } from './load.ts';

const WIDTHS = [12, 30, 5, 7, 7, 7, 8, 6, 9, 7];
const ms = (value: number) => value.toFixed(0);

function row(cells: (string | number)[]): string {
  return `${cells
    .map((cell, i) => (i < 3 ? String(cell).padEnd(WIDTHS[i]!) : String(cell).padStart(WIDTHS[i]!)))
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
    this.write(row(['tenant', 'scenario', 'conns', 'p50', 'p95', 'p99', 'req/s', 'errors', 'goal p95', '']));
  }

  /** One row of load; judged against `p95GoalMs` when given. */
  loadRow(
    tenant: string,
    scenario: string,
    connections: number,
    result: LoadResult,
    p95GoalMs?: number,
  ): void {
    this.errors += result.errors;
    const judged = p95GoalMs !== undefined;
    const ok = !judged || result.p95 <= p95GoalMs;
    if (!ok) this.missed++;
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
        judged ? `<= ${p95GoalMs}` : '',
        judged ? verdict(ok) : '',
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
