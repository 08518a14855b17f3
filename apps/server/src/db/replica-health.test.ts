import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { ReplicaState } from './read-routing.ts';
import { PRIMARY_POSITION_QUERY, ReplicaHealth } from './replica-health.ts';

/** A pool that answers each query with `answer(text)` and records what it was sent. */
function fakePool(answer: (text: string) => unknown) {
  const sent: string[] = [];
  const connected: number[] = [];
  const pool = {
    sent,
    connected,
    query: async (config: string | { text: string }) => {
      const text = typeof config === 'string' ? config : config.text;
      sent.push(text);
      const result = answer(text);
      if (result instanceof Error) throw result;
      return result;
    },
    connect: async () => {
      connected.push(1);
      const result = answer('connect');
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return pool as typeof pool & pg.Pool;
}

const rows = (row: Record<string, unknown>) => ({ rows: [row] });
const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('ReplicaHealth: up, behind or down, from the positions of the primary and the replica', () => {
  /** The primary at `primaryAt`, the replica at `replayed` (or failing, or promoted), on a clock the test moves. */
  function world() {
    const state = {
      now: 0,
      primaryAt: '0/100',
      replica: { standby: true, lsn: '0/100' } as { standby: boolean; lsn: string | null } | Error,
    };
    const changes: [ReplicaState, string][] = [];
    const primary = fakePool((text) => {
      expect(text).toBe(PRIMARY_POSITION_QUERY);
      return rows({ lsn: state.primaryAt });
    });
    const replica = fakePool(() => (state.replica instanceof Error ? state.replica : rows(state.replica)));
    const check = new ReplicaHealth({
      primary,
      replica,
      maxLagMillis: 5000,
      probeMillis: 1000,
      now: () => state.now,
      onChange: (s, detail) => changes.push([s, detail]),
    });
    /** One check per second for `seconds`. */
    const run = async (seconds: number) => {
      for (let i = 0; i < seconds; i++) {
        state.now += 1000;
        await check.probe();
      }
    };
    return { state, check, changes, run };
  }

  it('is down until the replica answered, then up while it keeps up', async () => {
    const { state, check, changes, run } = world();
    expect(check.view()).toEqual({ state: 'down', replayed: null });
    await run(1);
    expect(check.view()).toEqual({ state: 'up', replayed: 0x100n });
    state.primaryAt = '0/200';
    state.replica = { standby: true, lsn: '0/200' };
    await run(3);
    expect([check.state, check.lagMillis]).toEqual(['up', 0]);
    expect(changes.map(([s]) => s)).toEqual(['up']);
  });

  it('is behind once the replica stops replaying for longer than the accepted lag, and up when it catches up', async () => {
    const { state, check, changes, run } = world();
    await run(1);
    // The primary goes on writing; the replica stays at 0/100 (its replay paused).
    state.primaryAt = '0/300';
    await run(5);
    expect([check.state, check.lagMillis]).toEqual(['up', 5000]);
    await run(1);
    expect([check.state, check.lagMillis]).toEqual(['behind', 6000]);
    state.replica = { standby: true, lsn: '0/300' };
    await run(1);
    expect([check.state, check.lagMillis, check.replayed]).toEqual(['up', 0, 0x300n]);
    expect(changes.map(([s]) => s)).toEqual(['up', 'behind', 'up']);
    expect(changes[1]![1]).toBe('6.0 s behind the primary (at most 5 s accepted)');
  });

  it('keeps measuring from the samples it has while the primary does not answer', async () => {
    const { state, check, run } = world();
    await run(1);
    state.primaryAt = 'not a position';
    await run(10);
    expect(check.state).toBe('up');
  });

  it('is down while the replica does not answer or answers as a primary, and marked down by a failed read', async () => {
    const { state, check, changes, run } = world();
    await run(1);
    state.replica = failure('ECONNREFUSED');
    await run(1);
    expect(check.state).toBe('down');
    state.replica = { standby: true, lsn: '0/100' };
    await run(1);
    expect(check.state).toBe('up');
    state.replica = { standby: false, lsn: null };
    await run(1);
    expect(check.state).toBe('down');
    state.replica = { standby: true, lsn: '0/100' };
    await run(1);
    check.markDown(failure('ECONNRESET'));
    expect(check.state).toBe('down');
    await run(1);
    expect(changes.map(([s, detail]) => `${s}: ${detail}`)).toEqual([
      'up: 0.0 s behind the primary (at most 5 s accepted)',
      'down: failed with ECONNREFUSED',
      'up: 0.0 s behind the primary (at most 5 s accepted)',
      'down: it is not a standby (not in recovery)',
      'up: 0.0 s behind the primary (at most 5 s accepted)',
      'down: a read failed on it: failed with ECONNRESET',
      'up: 0.0 s behind the primary (at most 5 s accepted)',
    ]);
  });

  it('runs one check at a time', async () => {
    const { check } = world();
    const first = check.probe();
    expect(check.probe()).toBe(first);
    await first;
  });
});
