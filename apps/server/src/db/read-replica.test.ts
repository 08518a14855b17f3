import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { NOT_A_STANDBY_CODE } from './host-list.ts';
import {
  goesToPrimary,
  PRIMARY_POSITION_QUERY,
  ReplicaHealth,
  ReplicaRoutingPool,
  UNRESTRICTED_READ_ROLE_CODE,
  withTransactionsOnPrimaryAfterFailure,
} from './read-replica.ts';
import type { ReplicaState } from './read-routing.ts';

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

function health(state: ReplicaState) {
  const marked: unknown[] = [];
  return {
    state,
    marked,
    markDown(error: unknown) {
      this.state = 'down';
      marked.push(error);
    },
  };
}

describe('ReplicaRoutingPool: which pool a query of the replica handle uses (ADR 141)', () => {
  it('sends queries and connections to the replica while it is up', async () => {
    const replica = fakePool(() => rows({ from: 'replica' }));
    const primary = fakePool(() => rows({ from: 'primary' }));
    const pool = new ReplicaRoutingPool(replica, primary, health('up'));
    expect(await pool.query('select 1')).toEqual(rows({ from: 'replica' }));
    expect(await pool.query({ text: 'select 2', name: 'prepared' })).toEqual(rows({ from: 'replica' }));
    await pool.connect();
    expect([replica.sent, replica.connected.length, primary.sent, primary.connected.length]).toEqual([
      ['select 1', 'select 2'],
      1,
      [],
      0,
    ]);
    expect(pool.counts).toEqual({
      replica: 2 + 1,
      primaryWhileReplicaUnusable: 0,
      primaryAfterReplicaFailed: 0,
    });
  });

  it('sends them to the primary while the replica is down or behind, without trying it', async () => {
    for (const state of ['down', 'behind'] as const) {
      const replica = fakePool(() => rows({ from: 'replica' }));
      const primary = fakePool(() => rows({ from: 'primary' }));
      const pool = new ReplicaRoutingPool(replica, primary, health(state));
      expect(await pool.query('select 1')).toEqual(rows({ from: 'primary' }));
      await pool.connect();
      expect([replica.sent, replica.connected, primary.sent, primary.connected.length]).toEqual([
        [],
        [],
        ['select 1'],
        1,
      ]);
      expect(pool.counts.primaryWhileReplicaUnusable).toBe(2);
    }
  });

  it('sends a read that failed on an unreachable replica to the primary and marks the replica down', async () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      '57P01',
      NOT_A_STANDBY_CODE,
      UNRESTRICTED_READ_ROLE_CODE,
    ]) {
      const replica = fakePool(() => failure(code));
      const primary = fakePool(() => rows({ from: 'primary' }));
      const replicaHealth = health('up');
      const pool = new ReplicaRoutingPool(replica, primary, replicaHealth);
      expect(await pool.query('select 1'), code).toEqual(rows({ from: 'primary' }));
      expect(replicaHealth.state, code).toBe('down');
      // Down now: the next read does not try the replica.
      await pool.query('select 2');
      expect([replica.sent, primary.sent], code).toEqual([['select 1'], ['select 1', 'select 2']]);
      expect(pool.counts).toEqual({
        replica: 0,
        primaryWhileReplicaUnusable: 1,
        primaryAfterReplicaFailed: 1,
      });
    }
  });

  it('sends a statement the replica cancelled for its replay to the primary, the replica staying up', async () => {
    const replica = fakePool(() => failure('40001'));
    const primary = fakePool(() => rows({ from: 'primary' }));
    const replicaHealth = health('up');
    const pool = new ReplicaRoutingPool(replica, primary, replicaHealth);
    expect(await pool.query('select 1')).toEqual(rows({ from: 'primary' }));
    expect(replicaHealth.state).toBe('up');
  });

  it("throws the query's own errors (a constraint, a syntax error) without sending it again", async () => {
    const replica = fakePool(() => failure('42601'));
    const primary = fakePool(() => rows({ from: 'primary' }));
    const replicaHealth = health('up');
    const pool = new ReplicaRoutingPool(replica, primary, replicaHealth);
    await expect(pool.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    expect([primary.sent, replicaHealth.state]).toEqual([[], 'up']);
    expect(goesToPrimary(failure('23505'))).toBe(false);
    // A write sent to the replica by mistake is refused there (25006) and not hidden by the primary.
    expect(goesToPrimary(failure('25006'))).toBe(false);
    // Through drizzle, which wraps the driver's error: the same.
    const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: failure(code) });
    expect(
      [wrapped('40001'), wrapped('ECONNREFUSED'), wrapped('25006'), wrapped('42601')].map(goesToPrimary),
    ).toEqual([true, true, false, false]);
  });
});

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

describe("the replica handle's transactions", () => {
  /** A handle whose transactions answer `answer` (or throw it), recording that they ran. */
  function fakeDb(name: string, answer: unknown, ran: string[]) {
    return {
      transaction: async () => {
        ran.push(name);
        if (answer instanceof Error) throw answer;
        return answer;
      },
      select: () => name,
    } as unknown as Db;
  }
  const counts = () => ({ replica: 0, primaryWhileReplicaUnusable: 0, primaryAfterReplicaFailed: 0 });

  it('runs a transaction that failed on the replica for its sake again on the primary (it only reads)', async () => {
    for (const code of ['40001', 'ECONNRESET']) {
      const ran: string[] = [];
      const replicaHealth = health('up');
      const kept = counts();
      const db = withTransactionsOnPrimaryAfterFailure(
        fakeDb('replica', Object.assign(new Error('Failed query'), { cause: failure(code) }), ran),
        fakeDb('primary', 'figures', ran),
        replicaHealth,
        kept,
      );
      expect(await db.transaction(async () => 'unused')).toBe('figures');
      expect([ran, kept.primaryAfterReplicaFailed], code).toEqual([['replica', 'primary'], 1]);
      // A recovery conflict leaves the replica up; a lost connection marks it down.
      expect(replicaHealth.state, code).toBe(code === '40001' ? 'up' : 'down');
      // Everything else is the replica's handle's own.
      expect((db as unknown as { select(): string }).select()).toBe('replica');
    }
  });

  it("throws the work's own errors, and any error when the transaction did not start on the replica", async () => {
    const ran: string[] = [];
    const own = withTransactionsOnPrimaryAfterFailure(
      fakeDb('replica', failure('42P01'), ran),
      fakeDb('primary', 'figures', ran),
      health('up'),
      counts(),
    );
    await expect(own.transaction(async () => 'unused')).rejects.toMatchObject({ code: '42P01' });
    const down = withTransactionsOnPrimaryAfterFailure(
      fakeDb('replica', failure('ECONNRESET'), ran),
      fakeDb('primary', 'figures', ran),
      health('down'),
      counts(),
    );
    await expect(down.transaction(async () => 'unused')).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(ran).toEqual(['replica', 'replica']);
  });
});
