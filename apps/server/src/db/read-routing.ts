/**
 * The rule of the read replica (ADR 141), without any connection: how far behind the replica is, and
 * whether a request's reads may go to it. db/read-replica.ts measures, plugins/read-replica.ts asks.
 */

/** A WAL position (an LSN, `16/B374D848` as PostgreSQL writes it) as a number that compares. */
export type Lsn = bigint;

const LSN_TEXT = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** Reads PostgreSQL's text form of an LSN; undefined for anything else (a cookie someone edited). */
export function parseLsn(text: string | null | undefined): Lsn | undefined {
  const match = text ? LSN_TEXT.exec(text) : null;
  if (!match) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** PostgreSQL's text form of an LSN. */
export function formatLsn(lsn: Lsn): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffff_ffffn).toString(16).toUpperCase()}`;
}

/** Where the primary's WAL was at a moment (`at`, milliseconds). */
export interface PositionSample {
  at: number;
  lsn: Lsn;
}

/**
 * How old the replica's view of the data is, in milliseconds, from the primary's positions sampled
 * over time (oldest first) and the position the replica has replayed: it holds everything the primary
 * had written at the last sample at or below that position, so its view is at most `now` minus that
 * sample's time old (an estimate on the safe side, by up to one sampling interval). Caught up with the
 * newest sample (or nothing sampled yet): 0. Behind every sample kept: at least as old as the oldest,
 * which is what it answers (the caller keeps samples for longer than the lag it accepts).
 */
export function replicaLag(samples: readonly PositionSample[], replayed: Lsn, now: number): number {
  const newest = samples.at(-1);
  if (!newest || replayed >= newest.lsn) return 0;
  let held: PositionSample | undefined;
  for (const sample of samples) {
    if (sample.lsn > replayed) break;
    held = sample;
  }
  return Math.max(0, now - (held ?? samples[0]!).at);
}

/** What the health check last found of the replica. */
export type ReplicaState = 'up' | 'behind' | 'down';

export interface ReplicaView {
  state: ReplicaState;
  /** The position it had replayed when last asked; null before it answered once. */
  replayed: Lsn | null;
}

/** Why a request's reads go where they go (counted in the metrics). */
export type ReadReason = 'replica' | 'replica-down' | 'replica-behind' | 'own-write';

export interface ReadRoute {
  pool: 'replica' | 'primary';
  reason: ReadReason;
}

/**
 * Where a request's reads go: to the replica when it is up and within the accepted lag and, when the
 * request's user (or browser) wrote lately, has replayed that write (`wrote`, the primary's position
 * after it); to the primary otherwise. A replica not yet past the write is never waited for: the
 * primary answers at once.
 */
export function routeRead(replica: ReplicaView, wrote: Lsn | undefined): ReadRoute {
  if (replica.state === 'down') return { pool: 'primary', reason: 'replica-down' };
  if (replica.state === 'behind') return { pool: 'primary', reason: 'replica-behind' };
  if (wrote !== undefined && (replica.replayed === null || replica.replayed < wrote)) {
    return { pool: 'primary', reason: 'own-write' };
  }
  return { pool: 'replica', reason: 'replica' };
}

/** The later of two positions, either possibly unknown. */
export function laterLsn(a: Lsn | undefined, b: Lsn | undefined): Lsn | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}
