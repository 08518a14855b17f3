import type pg from 'pg';
import {
  type Lsn,
  type PositionSample,
  parseLsn,
  type ReplicaState,
  type ReplicaView,
  replicaLag,
} from './read-routing.ts';

/** How often the health check asks the primary and the replica where they are. */
export const REPLICA_PROBE_MS = 1000;

/** Where the primary has inserted WAL up to: at or past the end of every transaction committed. */
export const PRIMARY_POSITION_QUERY = 'select pg_current_wal_insert_lsn()::text as lsn';

/** Whether the replica still replays a primary (not promoted), and how far it has. */
const REPLICA_POSITION_QUERY = 'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn';

export interface ReplicaHealthOptions {
  /** The app's pool on the primary. */
  primary: Pick<pg.Pool, 'query'>;
  /** The replica's own pool. */
  replica: Pick<pg.Pool, 'query'>;
  /** Past this lag the replica is 'behind' and reads go to the primary. */
  maxLagMillis: number;
  probeMillis?: number;
  /** Called when the state changes, with what was found (for the log). */
  onChange?: (state: ReplicaState, detail: string) => void;
  now?: () => number;
}

/**
 * What the server knows of the replica, asked every REPLICA_PROBE_MS (ADR 141): the primary's WAL
 * position (kept as samples over time) and the replica's replayed position, from which its lag. A
 * replica that fails to answer, or that answers as a primary, is 'down'; one whose lag is past the
 * maximum is 'behind'. A read that fails on the replica marks it down at once (`markDown`), until the
 * next check finds it answering.
 */
export class ReplicaHealth {
  state: ReplicaState = 'down';
  replayed: Lsn | null = null;
  /** Milliseconds, as of the last check; null before the replica answered once. */
  lagMillis: number | null = null;
  private samples: PositionSample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;
  private readonly options: ReplicaHealthOptions;
  private readonly now: () => number;

  constructor(options: ReplicaHealthOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  view(): ReplicaView {
    return { state: this.state, replayed: this.replayed };
  }

  /** Checks now, then every probe interval until stopped (the timer does not keep the process up). */
  start(): void {
    if (this.timer) return;
    void this.probe();
    this.timer = setInterval(() => void this.probe(), this.options.probeMillis ?? REPLICA_PROBE_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One check (never two at once); never throws. */
  probe(): Promise<void> {
    this.probing ??= this.check().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  /** A read failed on the replica for the replica's sake: reads go to the primary until it answers again. */
  markDown(error: unknown): void {
    this.set('down', `a read failed on it: ${(error as Error)?.message ?? String(error)}`);
  }

  private async check(): Promise<void> {
    // The primary first: the replica is then compared with a position the primary had before it was asked.
    try {
      const { rows } = await this.options.primary.query<{ lsn: string }>(PRIMARY_POSITION_QUERY);
      const lsn = parseLsn(rows[0]?.lsn);
      if (lsn !== undefined) this.sample(lsn);
    } catch {
      // The primary's own trouble: the replica is compared with the positions sampled before.
    }
    let answer: { standby: boolean; lsn: string | null } | undefined;
    try {
      answer = (
        await this.options.replica.query<{ standby: boolean; lsn: string | null }>(REPLICA_POSITION_QUERY)
      ).rows[0];
    } catch (error) {
      this.set('down', (error as Error).message);
      return;
    }
    const replayed = parseLsn(answer?.lsn);
    if (!answer?.standby || replayed === undefined) {
      this.set('down', 'it is not a standby (not in recovery)');
      return;
    }
    this.replayed = replayed;
    this.lagMillis = replicaLag(this.samples, replayed, this.now());
    const behind = this.lagMillis > this.options.maxLagMillis;
    this.set(
      behind ? 'behind' : 'up',
      `${(this.lagMillis / 1000).toFixed(1)} s behind the primary (at most ${this.options.maxLagMillis / 1000} s accepted)`,
    );
  }

  /** Keeps the primary's positions of the last maximum lag and a few checks more. */
  private sample(lsn: Lsn): void {
    const at = this.now();
    this.samples.push({ at, lsn });
    const keepFrom = at - this.options.maxLagMillis - 5 * (this.options.probeMillis ?? REPLICA_PROBE_MS);
    // One older sample stays: the replica may hold exactly its position.
    while (this.samples.length > 2 && this.samples[1]!.at < keepFrom) this.samples.shift();
  }

  private set(state: ReplicaState, detail: string): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onChange?.(state, detail);
  }
}
