import type { Lsn } from './read-routing.ts';

/**
 * The primary's WAL position after each user's last write, kept in this instance's memory for
 * `keepMillis` (ADR 141): a client that sends no cookie back (a script with an API token) still reads
 * its own writes from this instance. At most `max` users are kept; the oldest entry goes first.
 */
export class WritePositions {
  private readonly entries = new Map<string, { lsn: Lsn; until: number }>();
  private readonly keepMillis: number;
  private readonly max: number;

  constructor(keepMillis: number, max = 10_000) {
    this.keepMillis = keepMillis;
    this.max = max;
  }

  remember(key: string, lsn: Lsn, now: number): void {
    const kept = this.entries.get(key);
    this.entries.delete(key);
    const later = kept && kept.until > now && kept.lsn > lsn ? kept.lsn : lsn;
    this.entries.set(key, { lsn: later, until: now + this.keepMillis });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  of(key: string, now: number): Lsn | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    if (kept.until > now) return kept.lsn;
    this.entries.delete(key);
    return undefined;
  }

  get size(): number {
    return this.entries.size;
  }
}
