import { describe, expect, it } from 'vitest';
import { implausibleJump, nextRate, type RateState } from './rate.ts';

const DAY = 86_400_000;
const t0 = new Date('2026-01-01T00:00:00Z');
const after = (days: number) => new Date(t0.getTime() + days * DAY);

const none: RateState = {
  lastUsage: null,
  lastReadAt: null,
  dailyRate: null,
  rateFromAt: null,
  rateFromUsage: null,
};

describe('the average daily use', () => {
  it('starts at the first reading and waits until the readings span a day', () => {
    const first = nextRate(none, t0, 100, false);
    expect(first).toEqual({ dailyRate: null, rateFromAt: t0, rateFromUsage: 100 });
    const state = { ...first, lastUsage: 100, lastReadAt: t0 };
    // Two readings an hour apart say nothing of a day.
    expect(nextRate(state, after(1 / 24), 105, false).dailyRate).toBeNull();
    expect(nextRate(state, after(2), 120, false).dailyRate).toBe(10);
  });

  it('then weighs the latest use by the time since the last reading (30 days’ time constant)', () => {
    const state: RateState = {
      lastUsage: 200,
      lastReadAt: t0,
      dailyRate: 10,
      rateFromAt: t0,
      rateFromUsage: 0,
    };
    // A month at 20 a day moves it 1 − 1/e of the way.
    expect(nextRate(state, after(30), 800, false).dailyRate).toBeCloseTo(10 + 10 * (1 - Math.exp(-1)), 6);
    // An hour's reading moves it hardly at all, whatever it says per day.
    expect(nextRate(state, after(1 / 24), 210, false).dailyRate).toBeCloseTo(10.32, 2);
    // A replacement counts no use and leaves it.
    expect(nextRate(state, after(5), 200, true).dailyRate).toBe(10);
  });
});

describe('the implausible jump', () => {
  const state: RateState = { lastUsage: 200, lastReadAt: t0, dailyRate: 8, rateFromAt: t0, rateFromUsage: 0 };

  it('is more than ten times the daily use over the days since the last reading, at least one', () => {
    expect(implausibleJump(state, after(0.1), 80)).toBeUndefined();
    expect(implausibleJump(state, after(0.1), 81)).toEqual({ added: 81, days: 1, rate: 8 });
    expect(implausibleJump(state, after(10), 800)).toBeUndefined();
    expect(implausibleJump(state, after(10), 801)).toMatchObject({ days: 10 });
  });

  it('is not judged without an average, or for a meter that never moved', () => {
    expect(implausibleJump({ ...state, dailyRate: null }, after(1), 1e9)).toBeUndefined();
    expect(implausibleJump({ ...state, dailyRate: 0 }, after(1), 1e9)).toBeUndefined();
  });
});
