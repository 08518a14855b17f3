import { METER_JUMP_FACTOR, METER_RATE_DAYS } from '@mqr/contracts';

// The meter's average daily use and the implausible-jump rule (ADR 137), kept on the meter row and
// moved by each reading: never computed from the history.

const DAY_MS = 86_400_000;

/** What the meter row keeps of its use. */
export interface RateState {
  lastUsage: number | null;
  lastReadAt: Date | null;
  /** Use per day; null until the readings span a day. */
  dailyRate: number | null;
  /** The reading the first average is taken from. */
  rateFromAt: Date | null;
  rateFromUsage: number | null;
}

export type RateColumns = Pick<RateState, 'dailyRate' | 'rateFromAt' | 'rateFromUsage'>;

/**
 * The kept average after a new latest reading (`usage` counted up to it, read at `at`):
 * - the first reading, or a replacement before there is an average, starts the first span;
 * - until the readings span a day, none (two readings a minute apart say nothing of a day);
 * - then the use over the first span, per day;
 * - from there an exponentially weighted average in time: the use per day since the last reading
 *   weighs 1 − e^(−days/METER_RATE_DAYS), so a reading a week later moves it a fifth of the way
 *   and ten readings an hour apart move it as much as one after ten hours;
 * - a replacement counts no use and leaves the average as it was.
 */
export function nextRate(state: RateState, at: Date, usage: number, isReplacement: boolean): RateColumns {
  const kept = {
    dailyRate: state.dailyRate,
    rateFromAt: state.rateFromAt,
    rateFromUsage: state.rateFromUsage,
  };
  if (state.lastReadAt === null || state.lastUsage === null || state.rateFromAt === null) {
    return { dailyRate: null, rateFromAt: at, rateFromUsage: usage };
  }
  if (state.dailyRate === null) {
    if (isReplacement) return { dailyRate: null, rateFromAt: at, rateFromUsage: usage };
    const span = (at.getTime() - state.rateFromAt.getTime()) / DAY_MS;
    if (span < 1) return kept;
    return { ...kept, dailyRate: (usage - (state.rateFromUsage ?? usage)) / span };
  }
  if (isReplacement) return kept;
  const days = (at.getTime() - state.lastReadAt.getTime()) / DAY_MS;
  if (days <= 0) return kept;
  const weight = 1 - Math.exp(-days / METER_RATE_DAYS);
  const recent = (usage - state.lastUsage) / days;
  return { ...kept, dailyRate: weight * recent + (1 - weight) * state.dailyRate };
}

/** A jump to confirm: the use a reading adds, over how many days, against the usual daily use. */
export interface Jump {
  added: number;
  days: number;
  rate: number;
}

/**
 * Whether a new latest reading adding `added` at `at` is an implausible jump: more than
 * METER_JUMP_FACTOR times the average daily use over the days since the last reading, counted as at
 * least one. Without an average (less than a day read, or a meter that never moved) nothing is
 * judged.
 */
export function implausibleJump(state: RateState, at: Date, added: number): Jump | undefined {
  if (state.dailyRate === null || state.dailyRate <= 0 || state.lastReadAt === null) return undefined;
  const days = Math.max(1, (at.getTime() - state.lastReadAt.getTime()) / DAY_MS);
  if (added <= METER_JUMP_FACTOR * state.dailyRate * days) return undefined;
  return { added, days: Math.max(1, Math.round(days)), rate: state.dailyRate };
}
